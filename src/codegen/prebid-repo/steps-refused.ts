/**
 * What the in-repository adapter does not compile yet of docs/spec.md#removals, docs/spec.md#values-from-the-request and
 * docs/spec.md#conditions, refused rather than ignored (`unsupported_target` at the record's key): removals, derivations,
 * `with` constants, exactly-one-of groups, `when: "absent"`, `requestValues: "first"` and `{a|b}` placeholders. The standalone target and the record-taking module take them.
 */
import { issue, type Issue } from '../../core/issues.js';
import type { RecordPlan } from '../../core/plan/field-plan.js';
import type { Template } from '../../core/endpoint/template.js';

export function repoStepIssues(plan: RecordPlan & { template?: Template }): Issue[] {
  const refused = (at: string) => issue('unsupported_target', at, 'the in-repository target does not compile this yet; use --target standalone');
  return [
    ...(plan.remove?.length ? [refused('/remove')] : []),
    ...(plan.derive?.length ? [refused('/derive')] : []),
    ...(plan.exactlyOneOf?.length ? [refused('/exactlyOneOf')] : []),
    ...(plan.firstValues ? [refused('/requestValues')] : []),
    ...(plan.template?.some((part) => typeof part !== 'string' && part.or) ? [refused('/endpoint')] : []),
    ...plan.fields.flatMap((field, i) => (plan.with?.some((constant) => constant.if === (field.key ?? field.name)) ? [refused(`/fields/${i}/with`)] : [])),
    ...plan.fields.flatMap((field, i) => (field.absent ? [refused(`/fields/${i}/when`)] : [])),
    ...(plan.constants ?? []).flatMap((constant, j) => (constant.absent ? [refused(`/constants/${j}/when`)] : [])),
  ];
}
