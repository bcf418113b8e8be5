/**
 * The compact engine (the one in the Prebid.js bundle) as a conformance implementation: `compileCompact`, then
 * `safeEnrich` for enrich cases. It checks only the shapes it reads, so cases about JSON Schema rules (an
 * expected `schema` issue, lenient-mode warnings for unknown keys) are skipped with that reason; every other
 * validate and enrich case must give the same codes, paths, fields and requests as the full engine.
 * `enrich-imps` cases are not among its kinds: the compact engine has no per-imp entry point (the page applies
 * each Prebid bid to its own imp itself, and lets the later bid win a request-level target, docs/records.md), and
 * running each entry as a one-imp `safeEnrich` is not equivalent to `safeEnrichImps`: it cannot see
 * `conflicting_values` between imps, its value paths would lack the `/<i>` prefix, and request issues would point
 * at the wrong imp. The Prebid kinds hold the page to the per-bid rules instead.
 */
import { refused } from './refused.js';
import { compileCompact } from '../../core/compact/engine.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';

/** Codes of the rules that only concern how a record is written (see src/core/compact/engine.ts). */
export const AUTHORING = ['schema', 'duplicate_option'];

/** Why an engine that leaves authoring rules to validateAdapter (the compact engine, the page's record check) skips a case. */
export function authoringSkip(testCase: ResolvedCase): string | undefined {
  const expected = [...(testCase.expect.ok ? [] : testCase.expect.issues), ...(testCase.expect.warnings ?? [])];
  if (expected.some((found) => AUTHORING.includes(found.code)) || testCase.compileOptions?.strict === false) {
    return 'the compact engine leaves authoring rules (JSON Schema, duplicate_option) to validateAdapter';
  }
  return undefined;
}

function run(testCase: ResolvedCase): Outcome {
  let adapter;
  try {
    adapter = compileCompact(testCase.adapter, testCase.compileOptions);
  } catch (error) {
    return refused(error);
  }
  if (testCase.kind === 'validate') return { ok: true, warnings: [] };
  const result = adapter.safeEnrich(testCase.request, testCase.values ?? {}, testCase.options);
  return result.ok ? { ok: true, request: result.request, warnings: result.warnings } : result;
}

export const compactImplementation: Implementation = { name: 'compact', kinds: ['validate', 'enrich'], skips: authoringSkip, run };
