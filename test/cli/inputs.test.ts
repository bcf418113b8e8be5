// `bidfields enrich` on inputs that JSON allows but a round trip through JavaScript would not keep, or that are
// too big or too deep: each is an input issue (exit 1, JSON with --json), never a crash or a silently changed
// request. And a reader that closes the pipe early ends the output quietly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inexactNumber, isWrittenAdapterNumber } from '../../src/cli/commands/shared.js';
import { InputTooLarge, MAX_INPUT_BYTES, type CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

let dir: string;
const write = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), name);
function io(readStdin: () => Promise<string> = async () => '') {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIO & { out: string[]; err: string[] } = { out, err, cwd: dir, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin };
  return value;
}
const enrich = async (request: string | { stdin: () => Promise<string> }, ...extra: string[]) => {
  const c = io(typeof request === 'string' ? undefined : request.stdin);
  const args = ['enrich', '--adapter', 'adapter.json', '--values', 'values.json', '--json', ...extra];
  const code = await main(typeof request === 'string' ? [...args, '--request', write('request.json', request)] : args, c);
  return { code, answer: JSON.parse(c.out.join('')) as { ok: boolean; issues?: { code: string; message: string }[]; request?: unknown } };
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-cli-inputs-'));
  write('adapter.json', '[{ "name": "zoneId", "type": "number", "display": "Zone" }]');
  write('values.json', '{ "zoneId": 5 }');
});
afterAll(() => removeTempFolder(dir), REMOVAL_MS);

describe('numbers JSON.parse would change', () => {
  it.each([
    ['an integer beyond 2^53 (a user id)', '12345678901234567891'],
    ['a value beyond the double range', '1e400'],
    ['a negative one', '-1e400'],
    ['a non-zero value that rounds to 0', '1e-400'],
    ['an integer beyond 2^53 written with a fraction', '9007199254740993.0'],
    ['an integer beyond 2^53 written with an exponent', '12345678901234567891e0'],
    ['more digits than a double holds', '0.30000000000000000000001'],
  ])('refuses %s in the request, naming it', async (_what, number) => {
    const { code, answer } = await enrich(`{"id":"r","imp":[{"id":"1","bidfloor":${number}}]}`);
    expect(code).toBe(1);
    expect(answer.issues).toMatchObject([{ code: 'invalid_json', path: '' }]);
    expect(answer.issues![0]!.message).toContain(number);
  });

  it('keeps every number a double holds, and ignores digits inside strings', async () => {
    const request =
      '{"id":"r","imp":[{"id":"1","bidfloor":0.035,"ext":{"n":9007199254740991,"z":0,"e":1e300,"d":-0.0}}],"user":{"id":"12345678901234567891 1e400"}}';
    const { code, answer } = await enrich(request);
    expect(code).toBe(0);
    expect(answer.request).toMatchObject({
      imp: [{ bidfloor: 0.035, ext: { n: 9007199254740991, e: 1e300, zoneId: 5 } }],
      user: { id: '12345678901234567891 1e400' },
    });
  });

  it('finds the first inexact number of a text, skipping escaped quotes in strings', () => {
    expect(inexactNumber('{"a":"\\" 1e400 \\\\","b":[1, 2.5, 99999999999999999999]}')?.number).toBe('99999999999999999999');
    // Spelled otherwise than JavaScript writes them, but the same value: 2^53 itself, trailing zeros, exponents.
    expect(inexactNumber('[0, -0, 0.0, 1e-300, 0.1, 9007199254740992, 1.50, 1E+2, 1.5e0, -12.5e-3, 1.7976931348623157e308, 5e-324]')).toBeUndefined();
    expect(inexactNumber('[1234567890123.45678]')?.number).toBe('1234567890123.45678');
  });

  it('with a path predicate, tests only the numbers it picks, and names their path', () => {
    const text =
      '{"fields":[{"max":99999999999999999999,"x":[{}, "k", 1e400]},{"options":[{"value":1},{"value":9007199254740993}]}],"meta":{"id":12345678901234567890}}';
    expect(inexactNumber(text, isWrittenAdapterNumber)).toEqual({ number: '9007199254740993', path: ['fields', 1, 'options', 1, 'value'] });
    expect(inexactNumber('[{"a":{},"b":[[],{}],"default":1e-400}]', isWrittenAdapterNumber)).toEqual({ number: '1e-400', path: [0, 'default'] });
    expect(inexactNumber('{"fields":[{"max":1e400},{"options":{"value":1e400}}]}', isWrittenAdapterNumber)).toBeUndefined();
    expect(inexactNumber('{"fields":[{"k\\"ey":1,"default":1e400}]}', (path) => path.join('/') === 'fields/0/default')).toEqual({
      number: '1e400',
      path: ['fields', 0, 'default'],
    });
  });
});

describe('adapter files are read exactly too', () => {
  it.each([
    ['a default', '[{ "name": "prd.appPublisherId", "type": "number", "display": "P", "default": 12345678901234567890 }]', '12345678901234567890'],
    ['an option value', '[{ "name": "s", "type": "select", "display": "S", "options": [{ "name": "a", "value": 9007199254740993 }] }]', '9007199254740993'],
  ])('refuses %s a double cannot hold, in enrich and validate, naming it', async (_what, adapter, number) => {
    write('inexact-adapter.json', adapter);
    const { code, answer } = await enrich('{"id":"r","imp":[{"id":"1"}],"site":{}}', '--adapter', 'inexact-adapter.json');
    expect(code).toBe(1);
    expect(answer.issues).toMatchObject([{ code: 'invalid_json', path: expect.stringMatching(/^\/0\/(default|options\/0\/value)$/) }]);
    expect(answer.issues![0]!.message).toContain(number);
    const c = io();
    expect(await main(['validate', 'inexact-adapter.json', '--json'], c)).toBe(1);
    expect(JSON.parse(c.out.join(''))).toMatchObject({ ok: false, issues: [{ code: 'invalid_json', message: expect.stringContaining(number) }] });
  });

  it('reads numbers that are never written as JSON reads them: bounds, and unknown keys in lenient mode', async () => {
    write(
      'bound-adapter.json',
      '{ "protocol": "prebid-server", "meta": { "id": 12345678901234567890 }, "fields": [{ "name": "zoneId", "type": "number", "display": "Z", "max": 99999999999999999999, "min": 1e-400 }] }',
    );
    expect(await main(['validate', 'bound-adapter.json', '--lenient'], io())).toBe(0);
    const { code } = await enrich('{"id":"r","imp":[{"id":"1"}]}', '--adapter', 'bound-adapter.json', '--lenient');
    expect(code).toBe(0);
  });

  it('still reads an adapter whose numbers a double holds, however they are spelt', async () => {
    write(
      'exact-adapter.json',
      '[{ "name": "zoneId", "type": "number", "display": "N", "min": 0.10, "max": 1E3, "default": 1.50 }, { "name": "big", "type": "number", "display": "B", "default": 9007199254740992 }]',
    );
    expect(await main(['validate', 'exact-adapter.json'], io())).toBe(0);
    const { code, answer } = await enrich('{"id":"r","imp":[{"id":"1"}]}', '--adapter', 'exact-adapter.json');
    expect(code).toBe(0);
    expect(answer.request).toEqual({ id: 'r', imp: [{ id: '1', ext: { zoneId: 5, big: 9007199254740992 } }] });
  });
});

describe('warnings of a refused enrichment', () => {
  const both = '{"id":"r","imp":[{"id":"1","ext":"x"}],"app":{"id":"a"},"site":{"id":"s"}}';
  it('are in the --json answer', async () => {
    const { code, answer } = await enrich(both);
    expect(code).toBe(1);
    expect(answer).toMatchObject({ ok: false, issues: [{ code: 'path_conflict' }], warnings: [{ code: 'both_app_and_site', path: '/site' }] });
  });
  it('go to standard error after the issues in text mode', async () => {
    const c = io();
    expect(await main(['enrich', '--adapter', 'adapter.json', '--values', 'values.json', '--request', write('both.json', both)], c)).toBe(1);
    expect(c.out).toEqual([]);
    expect(c.err.join('')).toMatch(/^\/imp\/0\/ext {2}path_conflict .*\nwarning: \/site {2}both_app_and_site /);
  });
});

describe('size and depth', () => {
  it('refuses a request file over the size limit as an input issue', async () => {
    fs.writeFileSync(path.join(dir, 'big.json'), Buffer.alloc(MAX_INPUT_BYTES + 1, 32));
    const c = io();
    expect(await main(['enrich', '--adapter', 'adapter.json', '--values', 'values.json', '--request', 'big.json', '--json'], c)).toBe(1);
    expect(JSON.parse(c.out.join(''))).toMatchObject({ ok: false, issues: [{ code: 'limit_exceeded' }] });
  });

  it('refuses standard input over the size limit the same way (the real reader, counting as it reads)', () => {
    const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
    const run = spawnSync(
      'bash',
      [
        '-c',
        `head -c ${MAX_INPUT_BYTES + 10} /dev/zero | tr '\\0' ' ' | "${process.execPath}" "${cli}" enrich --adapter adapter.json --values values.json --json`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, issues: [{ code: 'limit_exceeded', message: 'standard input is over 64 MiB' }] });
  });

  it('turns the reader refusing standard input into the same issue', async () => {
    const { code, answer } = await enrich({ stdin: () => Promise.reject(new InputTooLarge()) });
    expect(code).toBe(1);
    expect(answer.issues).toMatchObject([{ code: 'limit_exceeded', message: 'standard input is over 64 MiB' }]);
  });

  it('counts the bytes of a pipe given as a file (--request /dev/stdin), which has no size to check first', () => {
    const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
    const run = spawnSync(
      'bash',
      [
        '-c',
        `head -c ${MAX_INPUT_BYTES + 10} /dev/zero | tr '\\0' ' ' | "${process.execPath}" "${cli}" enrich --adapter adapter.json --values values.json --request /dev/stdin --json`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, issues: [{ code: 'limit_exceeded', message: "request file '/dev/stdin' is over 64 MiB" }] });
  });

  it('reports a request too deep to print as an issue, not a crash', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const { code, answer } = await enrich(`{"id":"r","imp":[{"id":"1","ext":{"x":${deep}}}]}`);
    expect(code).toBe(1);
    expect(answer.issues).toMatchObject([{ code: 'limit_exceeded' }]);
  });
});

describe('a reader that closes the pipe early', () => {
  const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
  it.skipIf(!fs.existsSync(cli) && !process.env.CI)('ends the output without a stack trace', () => {
    // Output far larger than a pipe's buffer, so the writer is still writing when the reader goes.
    const imps = Array.from({ length: 200_000 }, (_, i) => `{"id":"${i}"}`).join(',');
    write('many.json', `{"id":"r","imp":[${imps}]}`);
    write('bad.json', `{${Array.from({ length: 200_000 }, (_, i) => `"unknown${i}": 1`).join(',')}}`);
    const run = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${cli}" enrich --adapter adapter.json --values values.json --request many.json --all-imps | head -c 10`],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.stdout).toHaveLength(10);
    expect(run.stderr).toBe('');
    // The command still ends with its own exit code, not one the closed pipe made up: 0 when it enriched, 1 when
    // the values were refused (200,000 unknown keys: megabytes of issues, so the pipe closes on this one too).
    expect(run.status).toBe(0);
    const failing = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${cli}" enrich --adapter adapter.json --values bad.json --request many.json --json | head -c 10`],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(failing.stdout).toHaveLength(10);
    expect(failing.stderr).toBe('');
    expect(failing.status).toBe(1);
  });
});

describe('splitCommand (conformance --cli)', () => {
  it('splits like a shell: quotes and backslashes keep spaces', async () => {
    const { splitCommand } = await import('../../src/cli/commands/conformance.js');
    expect(splitCommand('python3  port.py --fast')).toEqual(['python3', 'port.py', '--fast']);
    expect(splitCommand(`"./my port/run.sh" 'a b' c\\ d "e\\"f" ''`)).toEqual(['./my port/run.sh', 'a b', 'c d', 'e"f', '']);
  });
});
