/**
 * Validates and coerces entered values against a plan (SPEC §3) and arranges them as writes. Runs once per set
 * of values: `adapter.bind(values)` keeps the result for many requests, `adapter.enrich` does it each call.
 */
import { issue, pointer, type Issue } from '../issues.js';
import type { Plan } from '../plan/compiled-plan.js';
import type { ExtTreeNode } from '../plan/ext-tree.js';
import { earliest, type BoundWrites, type ExtWrite } from '../plan/bound-writes.js';
import { isNotEntered, isRefusal, valueCode, type WrittenValue } from '../plan/value-judge.js';
import { valueMessage } from '../compile/messages.js';
import { isPlainObject } from './plain-object.js';

/** The entered leaves of the plan's ext tree, as writes; undefined when none is entered below `nodes`. */
function pick(nodes: readonly ExtTreeNode[], written: readonly (WrittenValue | undefined)[], fields: Plan['fields']): ExtWrite[] | undefined {
  let out: ExtWrite[] | undefined;
  for (const node of nodes) {
    if (node.children !== undefined) {
      const children = pick(node.children, written, fields);
      if (children) {
        const first = children.reduce(earliest);
        (out ??= []).push({ key: node.key, value: undefined, children, relPath: node.relPath, field: first.field, index: first.index });
      }
    } else {
      const value = written[node.fieldIndex!];
      if (value !== undefined) (out ??= []).push({ key: node.key, value, children: undefined, relPath: node.relPath, field: fields[node.fieldIndex!]!.name, index: node.fieldIndex! });
    }
  }
  return out;
}

/** Checks `values` against the plan; returns the writes, or the issues (paths point into `values`). */
export function bindValues(plan: Plan, values: unknown): { writes?: BoundWrites; issues: Issue[] } {
  if (!isPlainObject(values)) return { issues: [issue('invalid_value', '', 'values must be an object keyed by field name')] };
  const issues: Issue[] = [];
  // Every unknown key is one issue (SPEC §3), however many: the list grows with the values object, never beyond it.
  for (const key of Object.keys(values)) {
    if (!plan.byName.has(key)) issues.push(issue('unknown_field', pointer(key), `no field named '${key}' in this adapter`, key));
  }

  let tagid: string | undefined;
  let publisherId: string | undefined;
  let publisherField: string | undefined;
  let siteId: string | undefined;
  let inventoryField: string | undefined;
  const written: (WrittenValue | undefined)[] = [];
  plan.fields.forEach((field, index) => {
    const { name } = field;
    const raw = Object.hasOwn(values, name) ? values[name] : undefined;
    let value: WrittenValue;
    if (isNotEntered(raw)) {
      if (field.defaultValue !== undefined) value = field.defaultValue;
      else {
        if (field.required) issues.push(issue('missing_required', field.valuePath, `'${name}' is required`, name));
        return;
      }
    } else {
      const verdict = field.judge(raw);
      if (isRefusal(verdict)) {
        const [reason] = verdict;
        issues.push(issue(valueCode(reason), field.valuePath, valueMessage(reason, field.plan), name));
        return;
      }
      value = verdict;
    }
    switch (field.target) {
      case 'tagid':
        tagid = value as string;
        break;
      case 'publisher':
        publisherId = value as string;
        publisherField = name;
        inventoryField ??= name;
        break;
      case 'siteId':
        siteId = value as string;
        inventoryField ??= name;
        break;
      default:
        written[index] = value;
    }
  });
  if (issues.length > 0) return { issues };
  return { writes: { tagid, publisherId, publisherField, siteId, inventoryField, ext: written.length > 0 ? pick(plan.extTree, written, plan.fields) : undefined }, issues };
}
