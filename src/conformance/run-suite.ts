/**
 * Runs every fixture case against one implementation and tallies the results. The same runner serves the
 * vitest suite, `bidfields conformance`, and anyone testing another implementation against the fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadFixtures } from './load-fixtures.js';
import { checkOutcome } from './check-outcome.js';
import { isEqual } from 'lodash-es';
import { CannotRunError, type CaseResult, type Implementation, type ResolvedCase, type SuiteResult } from './types.js';

export interface RunOptions {
  /** Called after each case, e.g. to print progress. */
  onResult?: (result: CaseResult) => void;
  /** Run only cases whose name or file contains this text. */
  filter?: string;
}

/** Runs one case; an implementation that throws fails the case instead of stopping the suite. */
export async function runCase(implementation: Implementation, testCase: ResolvedCase): Promise<CaseResult> {
  const base = { file: testCase.file, name: testCase.name };
  const skip = testCase.skip?.find((entry) => entry.implementation === implementation.name);
  if (skip) return { ...base, status: 'skipped', reasons: [skip.reason] };
  if (!implementation.kinds.includes(testCase.kind))
    return { ...base, status: 'skipped', reasons: [`${implementation.name} does not implement '${testCase.kind}' cases`] };
  const leftOut = implementation.skips?.(testCase);
  if (leftOut !== undefined) return { ...base, status: 'skipped', reasons: [leftOut] };
  try {
    // The implementation gets a copy; docs/spec.md#targets says the input is never changed, so the copy must come back as given.
    const given = structuredClone(testCase);
    const reasons = checkOutcome(testCase, await implementation.run(given));
    if (!isEqual(given, testCase)) reasons.push('changed its input (the adapter, values or request of the case)');
    return { ...base, status: reasons.length === 0 ? 'passed' : 'failed', reasons };
  } catch (error) {
    if (error instanceof CannotRunError) throw error;
    // The message says what went wrong in the implementation; its stack (our runner's frames, mostly) only on request.
    const message = error instanceof Error ? (process.env.BIDFIELDS_DEBUG ? error.stack : error.message) : String(error);
    return { ...base, status: 'failed', reasons: [`threw ${message}`] };
  }
}

/**
 * Loads the fixtures under `root` (the folder that holds `cases/`, whose `**\/*.json` are the cases;
 * `bundledFixtures('cases')` is the set shipped with bidfields) and runs them all against `implementation`.
 * @throws Error when `root` has no `cases/` folder: a wrong folder must not look like a suite that passed.
 * @example
 * import { bundledFixtures, cliImplementation, runSuite } from 'bidfields/conformance';
 * const suite = await runSuite(path.dirname(bundledFixtures('cases')!), cliImplementation(['python3', 'port.py']));
 * console.log(`${suite.passed} passed, ${suite.failed} failed`);
 */
export async function runSuite(root: string, implementation: Implementation, options: RunOptions = {}): Promise<SuiteResult> {
  if (!fs.existsSync(path.join(root, 'cases'))) throw new Error(`no cases/ folder in '${root}' (runSuite takes the folder that holds cases/)`);
  const suite: SuiteResult = { results: [], passed: 0, failed: 0, skipped: 0 };
  const record = (result: CaseResult) => {
    suite.results.push(result);
    suite[result.status]++;
    options.onResult?.(result);
  };
  for (const loaded of loadFixtures(root)) {
    if (loaded.problems.length > 0) record({ file: loaded.file, name: '(fixture file)', status: 'failed', reasons: loaded.problems });
    for (const testCase of loaded.cases) {
      if (options.filter && !testCase.name.includes(options.filter) && !testCase.file.includes(options.filter)) continue;
      try {
        record(await runCase(implementation, testCase));
      } catch (error) {
        if (!(error instanceof CannotRunError)) throw error;
        // Every case would fail alike: this one says why, and the run ends here.
        record({ file: testCase.file, name: testCase.name, status: 'failed', reasons: [error.message] });
        suite.stopped = error.message;
        return suite;
      }
    }
  }
  return suite;
}
