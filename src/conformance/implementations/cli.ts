/**
 * A command line as a conformance implementation: each case is written to temporary files and run through
 * `enrich --json` or `validate --json` of the given command (ours: `node dist/cli.js`; anyone's own CLI that
 * follows docs/spec.md#cli); an `enrich-imps` case is an `enrich` whose values file holds the list of values per imp
 * (docs/spec.md#per-imp). Exit codes are checked too: 0 with ok, 1 with issues.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CannotRunError, type Implementation, type Outcome, type ResolvedCase } from '../types.js';

function exec(command: readonly string[], args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command[0]!, [...command.slice(1), ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // A string code is the command not starting at all (ENOENT, EACCES); a number is its exit code.
      if (typeof error?.code === 'string') reject(new CannotRunError(`cannot run '${command[0]}': ${error.code}`));
      else resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function flags(testCase: ResolvedCase): string[] {
  const out: string[] = [];
  const options = testCase.compileOptions ?? {};
  if (options.strict === false) out.push('--lenient');
  for (const host of options.knownEndpoints ?? []) out.push('--known-endpoint', host);
  if (options.allowLocal) out.push('--allow-local');
  return out;
}

/**
 * A CLI reads a values file that holds a JSON array as values per imp (docs/spec.md#per-imp), anything else as one values
 * object: so a case whose values have the other shape (an `enrich` case that hands `safeEnrich` an array, an
 * `enrich-imps` case that hands `safeEnrichImps` a non-array) cannot be put to a CLI.
 */
function skips(testCase: ResolvedCase): string | undefined {
  const list = Array.isArray(testCase.values ?? []);
  if (testCase.kind === 'enrich' && Array.isArray(testCase.values))
    return 'a CLI reads a values file holding an array as values per imp (docs/spec.md#per-imp), so it cannot hand one to safeEnrich';
  if (testCase.kind === 'enrich-imps' && !list)
    return 'a CLI reads a values file holding anything but an array as one values object (docs/spec.md#per-imp), so it cannot hand one to safeEnrichImps';
  return undefined;
}

/**
 * A command that exits without a word on standard output before it ever answered (`python3 missing.py` exits 2,
 * `node missing.js` 1) did not start its work: every case would fail alike, so the run stops at the first.
 */
function cannotStart(command: readonly string[], code: number, stdout: string, stderr: string): CannotRunError | undefined {
  if (code === 0 || stdout.trim() !== '') return undefined;
  const said = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
  return new CannotRunError(`'${command.join(' ')}' exited ${code} without an answer${said ? `: ${said}` : ''}`);
}

/** @param command the CLI to run, e.g. `['node', 'dist/cli.js']`. */
export function cliImplementation(command: readonly string[], name = 'cli'): Implementation {
  /** Whether the command has answered a case with JSON: from then on, a silent exit is that case's failure alone. */
  let answered = false;
  return {
    name,
    kinds: ['validate', 'enrich', 'enrich-imps'],
    skips,
    async run(testCase: ResolvedCase): Promise<Outcome> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidfields-case-'));
      try {
        const write = (file: string, data: unknown) => {
          const target = path.join(dir, file);
          fs.writeFileSync(target, JSON.stringify(data));
          return target;
        };
        const adapter = write('adapter.json', testCase.adapter);
        const args =
          testCase.kind === 'validate'
            ? ['validate', adapter, '--json', ...flags(testCase)]
            : [
                'enrich',
                '--adapter',
                adapter,
                '--values',
                write('values.json', testCase.values ?? (testCase.kind === 'enrich-imps' ? [] : {})),
                '--request',
                write('request.json', testCase.request),
                '--json',
                ...flags(testCase),
                ...(testCase.options?.allImps ? ['--all-imps'] : []),
              ];
        const { code, stdout, stderr } = await exec(command, args);
        let answer: { ok: boolean; request?: unknown; issues?: Outcome['warnings']; warnings?: Outcome['warnings'] };
        try {
          answer = JSON.parse(stdout);
        } catch {
          throw (
            (answered ? undefined : cannotStart(command, code, stdout, stderr)) ??
            new Error(`exit ${code}, standard output is not JSON: ${stdout.slice(0, 200)} ${stderr.slice(0, 500)}`)
          );
        }
        answered = true;
        if (code !== (answer.ok ? 0 : 1)) throw new Error(`exit code ${code} does not fit ok=${answer.ok}`);
        const warnings = answer.warnings ?? [];
        return answer.ok ? { ok: true, request: answer.request, warnings } : { ok: false, issues: answer.issues ?? [], warnings };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
