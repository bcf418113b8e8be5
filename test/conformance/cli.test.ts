// The fixture suite through the built CLI (`node dist/cli.js`), a few cases at a time in parallel: each case is a
// process, so CI runs one case of each kind and outcome per fixture file (the library runs them all; the CLI shares
// its code), and `npm run test:soak` runs every case (CONFORMANCE_CLI=all).
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cliImplementation } from '../../src/conformance/implementations/cli.js';
import { conformanceSuite } from './suite.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const implementation = cliImplementation([process.execPath, cli]);

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('conformance fixtures: CLI (dist/cli.js)', () => {
  const all = process.env.CONFORMANCE_CLI === 'all';
  conformanceSuite(implementation, implementation.kinds, {
    concurrent: true,
    ...(!all && { sample: { reason: 'sampled in CI: npm run test:soak runs every case through the CLI' } }),
  });
});

// Another implementation's command line, as a port in another language is tested: from the shell
// (`bidfields conformance --cli CMD`) and from an outside project (`bidfields/conformance`).
describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('bidfields conformance --cli CMD', { timeout: 60_000 }, () => {
  const conformance = (...args: string[]) => spawnSync(process.execPath, [cli, 'conformance', ...args], { encoding: 'utf8' });

  it('passes a command line that follows docs/spec.md#cli, and skips the kinds a CLI does not take', () => {
    const run = conformance('--cli', `${process.execPath} ${cli}`, '--filter', 'values-number');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^([1-9]\d*) passed, 0 failed\n$/);
    const all = conformance('--cli', `${process.execPath} ${cli}`, '--json', '--filter', 'prebid-js');
    const suite = JSON.parse(all.stdout) as { passed: number; skipped: number; results: { reasons: string[] }[] };
    expect(suite.passed).toBe(0);
    expect(suite.skipped).toBeGreaterThan(0);
    expect(suite.results[0]!.reasons[0]).toMatch(/does not implement 'prebid-js-/);
  });

  it('stops at the first case for a command that exits without an answer (a missing script), with exit 1', () => {
    const run = conformance('--cli', `${process.execPath} -e process.exit(3)`, '--filter', 'values-text');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^FAIL [^\n]+\n {5}'[^']+' exited 3 without an answer\nstopped: the command cannot run a case, so no other case was run\n0 passed, 1 failed\n$/,
    );
  });

  it('fails only the case of a command that answered before and then exits without an answer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-flaky-'));
    try {
      // Answers through the real CLI, except on its second run, which exits 3 without a word.
      const port = path.join(dir, 'port.cjs');
      fs.writeFileSync(
        port,
        `const fs = require('node:fs'), { spawnSync } = require('node:child_process');
const count = ${JSON.stringify(path.join(dir, 'count'))};
const n = fs.existsSync(count) ? Number(fs.readFileSync(count, 'utf8')) + 1 : 1;
fs.writeFileSync(count, String(n));
if (n === 2) process.exit(3);
const run = spawnSync(process.execPath, [${JSON.stringify(cli)}, ...process.argv.slice(2)], { encoding: 'utf8' });
process.stdout.write(run.stdout);
process.exit(run.status);`,
      );
      const run = conformance('--cli', `${process.execPath} ${port}`, '--filter', 'values-number');
      expect(run.status).toBe(1);
      expect(run.stdout).not.toContain('stopped:');
      expect(run.stdout).toMatch(/\n[1-9]\d* passed, 1 failed\n$/);
      expect(run.stdout).toContain('threw exit 3, standard output is not JSON');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --cli with --engine, an empty command or an unclosed quote (usage, exit 2)', () => {
    expect(conformance('--cli', 'x', '--engine', 'full').status).toBe(2);
    expect(conformance('--cli', ' ').status).toBe(2);
    expect(conformance('--cli', '"./my port').status).toBe(2);
  });

  it('runs a command whose path has spaces (quoted), and names a command that cannot start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields port '));
    try {
      const port = path.join(dir, 'my port.sh');
      fs.writeFileSync(port, `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`, { mode: 0o755 });
      const run = conformance('--cli', `"${port}"`, '--filter', 'values-number');
      expect(run.stdout).toMatch(/^[1-9]\d* passed, 0 failed\n$/);
      const missing = conformance('--cli', `"${path.join(dir, 'missing')}"`, '--filter', 'values-number');
      expect(missing.status).toBe(1);
      expect(missing.stdout).toContain(`     cannot run '${path.join(dir, 'missing')}': ENOENT\nstopped: `);
      expect(missing.stdout).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is importable as 'bidfields/conformance' from an outside project (ESM)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-outside-'));
    try {
      fs.mkdirSync(path.join(dir, 'node_modules'));
      fs.symlinkSync(root, path.join(dir, 'node_modules', 'bidfields'));
      fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"outside","type":"module"}');
      fs.writeFileSync(
        path.join(dir, 'run.mjs'),
        `import path from 'node:path';
import { bundledFixtures, cliImplementation, runSuite } from 'bidfields/conformance';
const suite = await runSuite(path.dirname(bundledFixtures('cases')), cliImplementation([process.execPath, ${JSON.stringify(cli)}], 'port'), { filter: 'values-number' });
console.log(suite.passed > 0 && suite.failed === 0 ? 'ok' : JSON.stringify(suite));`,
      );
      expect(spawnSync(process.execPath, ['run.mjs'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('ok\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
