// `bidfields conformance` in process: a run that checked nothing (no cases, a filter that matches none, every
// case skipped) still ends with the summary line but is no success: it says why on standard error and exits 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { REMOVAL_MS, removeTempFolder } from '../support/temp-folder.js';

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-conformance-'));
fs.mkdirSync(path.join(empty, 'cases'));
afterAll(() => removeTempFolder(empty), REMOVAL_MS);

async function conformance(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { cwd: process.cwd(), stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '' };
  const code = await main(['conformance', ...args], io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('bidfields conformance that checks nothing', () => {
  it('exits 1 when no case matches --filter, after the summary line', async () => {
    const run = await conformance('--filter', 'zzz-no-such-case');
    expect(run).toEqual({ code: 1, stdout: '0 passed, 0 failed\n', stderr: "no case matches --filter 'zzz-no-such-case': nothing was checked\n" });
  });

  it('exits 1 for a folder with no cases', async () => {
    const run = await conformance(empty);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('0 passed, 0 failed\n');
    expect(run.stderr).toBe(`no cases in '${path.join(empty, 'cases')}': nothing was checked\n`);
  });

  it('exits 1 when every case was skipped', async () => {
    const run = await conformance('--engine', 'compact', '--filter', 'prebid-js-request');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^[1-9]\d* skipped\n0 passed, 0 failed\n$/);
    expect(run.stderr).toMatch(/^all [1-9]\d* case\(s\) were skipped: nothing was checked\n$/);
  });

  it('with --json prints the results object instead of the summary line, and still exits 1', async () => {
    const run = await conformance('--filter', 'zzz-no-such-case', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ results: [], passed: 0, failed: 0, skipped: 0 });
    expect(run.stderr).toContain('nothing was checked');
  });

  it('still exits 0 for a run that checked cases and passed them all', async () => {
    const run = await conformance('--filter', 'values-number');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[1-9]\d* passed, 0 failed\n$/);
    expect(run.stderr).toBe('');
  });
});

describe('bidfields conformance --engine (one verdict for every engine)', () => {
  for (const engine of ['generated-node', 'generated-module', 'interpreter']) {
    it(`runs the cases on the ${engine} engine`, async () => {
      const run = await conformance('--engine', engine, '--filter', 'records-per-imp');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^[1-9]\d* passed, 0 failed\n$/);
    });
  }

  it('names the engines it knows when given another (usage, exit 2)', async () => {
    const run = await conformance('--engine', 'jit');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/full, generated-node, generated-module, interpreter, compact, generated/);
  });
});
