/**
 * The issues of entered values (docs/spec.md#values, docs/spec.md#param, docs/spec.md#one-of), worded once for the interpreter's `judgeValues` and the
 * generated enrichers' own reading of values (core/source), so both give the same issues byte for byte.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { CompiledField, OneOfGroup } from '../plan/compiled-plan.js';
import { type ValueReason } from '../plan/value-judge.js';
import { refusalCode } from '../plan/value-kinds.js';
import { valueMessage } from '../plan/messages.js';
import { groupFaults } from '../plan/groups.js';

export const valueIssues = {
  notAnObject: (base: string): Issue => issue('invalid_value', base, 'values must be an object keyed by field key'),
  unknown: (base: string, key: string): Issue => issue('unknown_field', base + pointer(key), `no field with key '${key}' in this adapter`, key),
  missing: (field: CompiledField, base: string): Issue => issue('missing_required', base + field.valuePath, `'${field.key}' is required`, field.name),
  refused: (field: CompiledField, [reason]: [ValueReason], base: string): Issue =>
    issue(refusalCode(reason), base + field.valuePath, valueMessage(reason, field.plan), field.name),
  oneOf: (group: { readonly keys: readonly string[] }, base: string): Issue =>
    issue('missing_one_of', base, `one of ${group.keys.map((key) => `'${key}'`).join(', ')} is required`),
  /**
   * The issues of one group (docs/spec.md#one-of, docs/spec.md#conditions) by which of its fields have a value (after defaults):
   * none, `missing_one_of`; in an exactly-one-of group, `conflicting_values` at each key after the first with one.
   */
  group(group: OneOfGroup, has: readonly boolean[], base: string, issues: Issue[] | undefined): Issue[] | undefined {
    const faults = groupFaults(has, group.exactly);
    if (faults?.length === 0) return [...(issues ?? []), valueIssues.oneOf(group, base)];
    const first = group.keys[has.indexOf(true)];
    for (const i of faults ?? [])
      (issues ??= []).push(
        issue('conflicting_values', base + pointer(group.keys[i]!), `only one of ${quoted(group.keys)} may be entered ('${first}' is)`, group.fields[i]!.name),
      );
    return issues;
  },
};

const quoted = (keys: readonly string[]) => keys.map((key) => `'${key}'`).join(', ');

/**
 * Reads a values object (`read`: either engine's judge), or, when a JavaScript caller's getter or proxy in it
 * throws, refuses it as no values object (`invalid_value` at `base`), as a revoked proxy is: the safe APIs never throw.
 */
export function readValues<T extends { issues: Issue[] }>(read: () => T, base: string): T {
  try {
    return read();
  } catch {
    return { issues: [valueIssues.notAnObject(base)] } as unknown as T;
  }
}
