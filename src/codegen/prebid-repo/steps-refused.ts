/**
 * What the in-repository adapter does not compile yet of docs/spec.md#conditions, refused rather than ignored
 * (`unsupported_target` at the record's key): `requestValues: "first"` and `{a|b}` placeholders, which change how
 * bids are grouped into requests and URLs (buildRequests), not what each imp's steps write. The standalone target and
 * the record-taking module take them. Removals, derivations, `with` constants, exactly-one-of groups and
 * `when: "absent"` are compiled (steps-code.ts, writes-code.ts, read-params.ts).
 */
import { issue, type Issue } from '../../core/issues.js';
import type { RecordPlan } from '../../core/plan/field-plan.js';
import type { Template } from '../../core/endpoint/template.js';

export function repoStepIssues(plan: RecordPlan & { template?: Template }): Issue[] {
  const refused = (at: string) => issue('unsupported_target', at, 'the in-repository target does not compile this yet; use --target standalone');
  return [...(plan.firstValues ? [refused('/requestValues')] : [])];
}
