/**
 * Values per imp (docs/spec.md#per-imp): the request-level values of the imps' bound values. Each request-level field takes
 * the value the imps entered; a later imp that enters another is `conflicting_values`. Works on source values
 * (fields, then constants), which both engines share.
 */
import { issue, type Issue } from '../issues.js';
import type { Plan } from '../plan/compiled-plan.js';
import { sameJson } from '../rules/json-value.js';
import type { SafeEnrichResult } from './run-enrichment.js';

/**
 * The merged request-level values of the imps' values (`undefined`: an imp left alone), or undefined when imps
 * conflict (the conflicts are pushed to `issues`). `values` is the first imp's own array when every imp agrees
 * with it (`first` is that imp), a new array otherwise; with no imp values at all, the constants alone (`first` -1).
 */
export function mergeRequestValues(
  plan: Plan,
  perImp: readonly (readonly unknown[] | undefined)[],
  issues: Issue[],
  warnings: Issue[] = [],
): { values: readonly unknown[]; first: number } | undefined {
  const { requestFields } = plan;
  let first = -1;
  let merged: unknown[] | undefined;
  for (let i = 0; i < perImp.length; i++) {
    const values = perImp[i];
    if (!values) continue;
    if (first < 0) {
      first = i;
      continue;
    }
    const firstValues = perImp[first]!;
    if (values === firstValues) continue;
    for (let r = 0; r < requestFields.length; r++) {
      const field = requestFields[r]!;
      const value = values[field.index];
      const held = (merged ?? firstValues)[field.index];
      // A list or JSON value is a new array or object per imp: equal when its JSON is (docs/spec.md#lists-json-ids).
      if (value === undefined || sameJson(value, held)) continue;
      // requestValues "first" (docs/spec.md#conditions): the first imp's value is kept, a later one ignored with a warning.
      if (held !== undefined && plan.firstValues) {
        warnings.push(
          issue('values_ignored', `/${i}${field.valuePath}`, `the request-level '${field.key}' of an earlier imp is sent; this imp's is not`, field.name),
        );
        continue;
      }
      if (held !== undefined) {
        issues.push(issue('conflicting_values', `/${i}${field.valuePath}`, `imps enter different values for the request-level '${field.key}'`, field.name));
        continue;
      }
      (merged ??= firstValues.slice())[field.index] = value;
    }
  }
  if (issues.length) return undefined;
  if (first < 0)
    return {
      values: plan.constants.reduce<unknown[]>((held, constant) => (constant.when === undefined && (held[constant.index] = constant.value), held), []),
      first,
    };
  // A `with` constant (docs/spec.md#conditions) follows its field's merged value (a request-level field, when it writes a request-level target).
  for (const constant of plan.constants) {
    if (constant.when === undefined || merged === undefined) continue;
    merged[constant.index] = merged[constant.when] === undefined ? undefined : constant.value;
  }
  return { values: merged ?? perImp[first]!, first };
}

/** A result with the values ignored for requestValues "first" (docs/spec.md#conditions) first among its warnings. */
export const noting = (ignored: readonly Issue[], result: SafeEnrichResult): SafeEnrichResult =>
  ignored.length ? { ...result, warnings: [...ignored, ...result.warnings] } : result;
