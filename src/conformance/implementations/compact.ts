/**
 * The compact engine (the one in the Prebid.js bundle) as a conformance implementation: `compileCompact`, then
 * `safeEnrich` for enrich cases. It leaves the rules about how a record is written to `validateAdapter`: the JSON Schema
 * (unknown keys, `display`, keys of another field type, …; lenient mode's warnings) and two field rules
 * (`duplicate_option`, a minimum above its maximum). A case whose verdict hangs on them is skipped with that reason,
 * told by the library's own judges (the schema's validators, the codes and paths those field rules report); every other
 * validate and enrich case must give the same codes, paths, fields and requests as the full engine.
 * `enrich-imps` cases are not among its kinds: the compact engine has no per-imp entry point (the page applies
 * each Prebid bid to its own imp itself, and lets the later bid win a request-level target, docs/records.md), and
 * running each entry as a one-imp `safeEnrich` is not equivalent to `safeEnrichImps`: it cannot see
 * `conflicting_values` between imps, its value paths would lack the `/<i>` prefix, and request issues would point
 * at the wrong imp. The Prebid kinds hold the page to the per-bid rules instead.
 */
import { refused } from './refused.js';
import { compileCompact } from '../../core/compact/engine.js';
import { validateFieldsSchema, validateRecordSchema } from '../../core/definition/generated/validators.js';
import type { ExpectedIssue, Implementation, Outcome, ResolvedCase } from '../types.js';

/** The field rules about how a record is written (src/core/compile/check-field.ts): an option value twice, a minimum above its maximum. */
const fieldAuthoring = (found: ExpectedIssue) =>
  found.code === 'duplicate_option' || (found.code === 'schema' && /\/(max|maxLength|maxItems)$/.test(found.path));

/**
 * Why the compact check may judge a record otherwise than `validateAdapter`: the JSON Schema refuses it (the library's
 * validators say so), or `validateAdapter`'s issues hold one of an authoring field rule. Undefined when every rule
 * its verdict hangs on is the compact check's too, which must then give the very same issues.
 * @example leftToValidateAdapter(record, validateAdapter(record)) // undefined: compare compileCompact's issues
 */
export function leftToValidateAdapter(adapter: unknown, issues: readonly ExpectedIssue[]): string | undefined {
  if (!(Array.isArray(adapter) ? validateFieldsSchema(adapter) : validateRecordSchema(adapter)))
    return 'the JSON Schema refuses the record: the compact engine leaves its authoring rules to validateAdapter';
  if (issues.some(fieldAuthoring)) return 'the compact engine leaves authoring rules (duplicate_option, a minimum above its maximum) to validateAdapter';
  return undefined;
}

/**
 * Why an engine that leaves authoring rules to validateAdapter (the compact engine, the page's record check) skips a
 * case: lenient mode, or a verdict that hangs on an authoring rule ({@link leftToValidateAdapter}, with the issues the
 * case expects). Undefined when every rule the case's verdict hangs on is the engine's too.
 */
export function authoringSkip(testCase: ResolvedCase): string | undefined {
  if (testCase.compileOptions?.strict === false) return 'lenient mode: the compact engine leaves authoring rules (unknown keys) to validateAdapter';
  return leftToValidateAdapter(testCase.adapter, [...(testCase.expect.ok ? [] : testCase.expect.issues), ...(testCase.expect.warnings ?? [])]);
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
