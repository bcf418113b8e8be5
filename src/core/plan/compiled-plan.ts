/**
 * `compile`'s fast form of the field plans: each field's judge, its slot in the hand-written writes and its ext
 * path, made once, so applying values never re-reads a definition and walks paths known ahead of time.
 */
import { pointer } from '../issues.js';
import type { FieldPlan } from './field-plan.js';
import { valueJudge, type ValueJudge, type WrittenValue } from './value-judge.js';
import { buildExtTree, type ExtTreeNode } from './ext-tree.js';

/**
 * Where a field's value goes in the hot path: one of the slots apply/apply-writes.ts writes by hand (`imp.tagid`,
 * the inventory object's `publisher.id` and `id`: the predefined targets of definition/names.ts), or the ext tree.
 */
export type FieldTarget = 'tagid' | 'publisher' | 'siteId' | 'ext';

/** One shape for every field (plans differ in shape), so the hot path reads it monomorphically. */
export interface CompiledField {
  /** The field's plan, as the page runtime holds it too. */
  readonly plan: FieldPlan;
  readonly name: string;
  readonly required: boolean;
  readonly defaultValue: WrittenValue | undefined;
  /** Index of the field in the plan (and in the definition array). */
  readonly index: number;
  readonly target: FieldTarget;
  /** For `ext` targets: object keys under `imp[].ext` (bidder params below the ext base). */
  readonly extPath: readonly string[];
  readonly judge: ValueJudge;
  /** JSON Pointer of this field's value in the values object. */
  readonly valuePath: string;
}

export interface Plan {
  readonly fields: readonly CompiledField[];
  readonly byName: ReadonlyMap<string, CompiledField>;
  /** Every ext write the adapter can make, as a tree (see ext-tree.ts). */
  readonly extTree: readonly ExtTreeNode[];
}

/** The slot of a plan's target path (`[root, ...keys]`). */
function targetOf([root, key]: FieldPlan['to']): FieldTarget {
  if (root) return key === 'publisher' ? 'publisher' : 'siteId';
  return key === 'ext' ? 'ext' : 'tagid';
}

/** The fast form of checked field plans (in definition order, names unique). */
export function compilePlan(plans: readonly FieldPlan[]): Plan {
  const fields = plans.map((plan, index): CompiledField => {
    const target = targetOf(plan.to);
    const { name } = plan;
    return { plan, name, required: plan.required === true, defaultValue: plan.default, index, target, extPath: target === 'ext' ? (plan.to.slice(2) as string[]) : [], judge: valueJudge(plan), valuePath: pointer(name) };
  });
  return { fields, byName: new Map(fields.map((field) => [field.name, field])), extTree: buildExtTree(fields) };
}
