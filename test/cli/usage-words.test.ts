// What the CLI says to someone who slipped: an option or a command typed wrong is named with the nearest one there is
// ("did you mean"), not with Node's advice about positionals; an endpoint whose host is not known is followed by the
// flag that makes it known. In process (src/cli/main.ts), no build needed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closest, optionsOf } from '../../src/cli/suggest.js';
import { runMain } from './in-process.js';

const repo = path.resolve(import.meta.dirname, '../..');

describe('did you mean', () => {
  it('names the nearest option of the command for a misspelled one, and no advice about positionals', async () => {
    const run = await runMain(repo, ['validate', 'examples/rtb-adapter.json', '--know-endpoint', 'rtb.example-dsp.com']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("bidfields validate: unknown option '--know-endpoint': did you mean --known-endpoint?");
    expect(run.stderr).not.toContain('positional');
    const prebid = await runMain(repo, ['prebid-adapter', '--adpter', 'x.json']);
    expect(prebid.stderr.split('\n')[0]).toBe("bidfields prebid-adapter: unknown option '--adpter': did you mean --adapter?");
  });

  it('names none when nothing is near, and keeps the option without its value', async () => {
    const run = await runMain(repo, ['validate', 'x.json', '--zzzzzz=1']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("bidfields validate: unknown option '--zzzzzz'");
  });

  it('names the nearest command for an unknown one', async () => {
    const run = await runMain(repo, ['valdate', 'x.json']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("bidfields: unknown command 'valdate': did you mean 'validate'?");
    expect((await runMain(repo, ['frobnicate'])).stderr.split('\n')[0]).toBe("bidfields: unknown command 'frobnicate'");
  });

  it('finds slips (a letter left out, two swapped, a prefix) and refuses guesses', () => {
    expect(closest('--jsn', ['--json', '--out'])).toBe('--json');
    expect(closest('enrihc', ['enrich', 'validate'])).toBe('enrich');
    expect(closest('conf', ['codegen', 'conformance'])).toBe('conformance');
    expect(closest('--x', ['--json', '--out'])).toBeUndefined();
    expect(optionsOf('Usage: x [--out DIR] [--known-endpoint HOST]...\n  --out DIR  where')).toEqual(['--out', '--known-endpoint']);
  });
});

describe('an endpoint the command was not told of', () => {
  it('is followed by the flag that names its host', async () => {
    const run = await runMain(repo, ['validate', 'examples/rtb-adapter.json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "/endpoint  unknown_endpoint  endpoint host 'rtb.example-dsp.com' is not a known endpoint (no known endpoints are configured)\n" +
        "hint: name the endpoint's host with --known-endpoint HOST (repeatable; '*.example.com' for its sub-domains)\n",
    );
  });
});
