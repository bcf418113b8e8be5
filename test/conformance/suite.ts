// The vitest shape of a conformance run, shared by the suites of each implementation: one describe per fixture
// file, one test per case of a kind the implementation takes. A case the implementation skips (a fixture `skip`
// entry, or a rule it leaves to another) is reported as skipped with its reason, never counted as passed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { runCase } from '../../src/conformance/run-suite.js';
import type { CaseResult, Implementation, ResolvedCase } from '../../src/conformance/types.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

/** Run only a sample of the cases, the others reported skipped with `reason`. */
export interface Sample {
  reason: string;
}

/**
 * One case of each kind and outcome (accepted, refused) in a file: every fixture file, every kind and both answers
 * go through the implementation; the library runs every case.
 */
function sampleOf(cases: readonly ResolvedCase[]): ResolvedCase[] {
  const seen = new Map<string, ResolvedCase>();
  for (const testCase of cases) {
    const key = `${testCase.kind} ${JSON.stringify((testCase as { expect?: { ok?: unknown } }).expect?.ok)}`;
    if (!seen.has(key)) seen.set(key, testCase);
  }
  return [...seen.values()];
}

/**
 * Registers the fixture cases of the kinds `implementation` takes. `onResult` sees every result, for suites
 * that assert over all of them.
 */
export function conformanceSuite(
  implementation: Implementation | (() => Promise<Implementation>),
  kinds: readonly string[],
  options: { concurrent?: boolean; onResult?: (testCase: ResolvedCase, result: CaseResult) => void; sample?: Sample } = {},
): void {
  for (const loaded of loadFixtures(FIXTURES)) {
    const cases = loaded.cases.filter((testCase) => kinds.includes(testCase.kind));
    if (loaded.problems.length === 0 && cases.length === 0) continue;
    const sampled = options.sample ? new Set(sampleOf(cases)) : undefined;
    (options.concurrent ? describe.concurrent : describe)(loaded.file, () => {
      if (loaded.problems.length > 0) it('is a valid fixture file', () => expect(loaded.problems).toEqual([]));
      for (const testCase of cases) {
        if (sampled && !sampled.has(testCase)) {
          it.skip(`${testCase.name} [${options.sample!.reason}]`, () => {});
          continue;
        }
        it(testCase.name, async (context) => {
          const result = await runCase(typeof implementation === 'function' ? await implementation() : implementation, testCase);
          options.onResult?.(testCase, result);
          if (result.status === 'skipped') context.skip(result.reasons[0]);
          expect(result.reasons).toEqual([]);
          expect(result.status).toBe('passed');
        });
      }
    });
  }
}
