/**
 * The compiled plan: for each field, its resolved target and value rule, decided once by `compile`. Applying
 * values later never re-reads the definition; it walks this plan, whose paths are known ahead of time.
 */
import type { PredefinedTarget } from '../definition/names.js';
import type { ValueRule, WrittenValue } from '../compile/value-rule.js';
import type { ExtTreeNode } from './ext-tree.js';

/** Where a field's value goes: one of the fixed predefined targets, or a path under `imp[].ext`. */
export type FieldTarget = PredefinedTarget | 'ext';

export interface FieldPlan {
  /** The name as written in the definition (the key in the values object). */
  readonly name: string;
  /** Index of the definition in the field array. */
  readonly index: number;
  readonly target: FieldTarget;
  /** For `ext` targets: object keys under `imp[].ext`, the stripped name's segments, below the ext base for bidder params. */
  readonly extPath: readonly string[];
  readonly rule: ValueRule;
  readonly required: boolean;
  /** The coerced default, written when nothing is entered. */
  readonly defaultValue: WrittenValue | undefined;
  /** JSON Pointer of this field's value in the values object. */
  readonly valuePath: string;
}

export interface Plan {
  readonly fields: readonly FieldPlan[];
  readonly byName: ReadonlyMap<string, FieldPlan>;
  /** Every ext write the adapter can make, as a tree (see ext-tree.ts). */
  readonly extTree: readonly ExtTreeNode[];
}
