/**
 * The steps of a record plan that run before its writes (docs/spec.md#removals, docs/spec.md#values-from-the-request) and the
 * targets its `when: "absent"` entries guard (docs/spec.md#conditions), as apply/request-steps.ts (and a generated enricher's code, core/source/emit-steps.ts) runs them.
 */
import { typedKind, type Target, type TypedKind } from '../definition/names.js';
import type { RecordPlan } from './field-plan.js';

/** What a copy's target takes (names.ts' kinds; a predefined target takes text, an ext target anything). */
export const kindOf = ([root, key]: Target): TypedKind => (root > 3 ? typedKind([root, key!])! : root === 1 || key === 'tagid' ? 'text' : 'any');

export const NUMERIC: readonly TypedKind[] = ['floor', 'flag', 'position'];

/** What a record may remove (docs/spec.md#removals); `imp.ext` from each imp enriched. */
export const REMOVABLE_PATHS: readonly string[] = [
  'site.publisher',
  'app.publisher',
  'dooh.publisher',
  'site.domain',
  'app.domain',
  'ext',
  'user.ext',
  'source.ext',
  'imp.ext',
];
/** Those that are no objects, so keep no keys. */
export const NOT_OBJECT_PATHS: readonly string[] = ['site.domain', 'app.domain'];
/** When a banner takes its first format's size (docs/spec.md#values-from-the-request). */
export const BANNER_SIZE_WHEN: readonly string[] = ['eitherMissing', 'bothMissing', 'missingOrZero', 'always'];

/** The steps of a plan: its removals and derivations, and the targets written only where the request holds nothing. */
export type Steps = Pick<RecordPlan, 'remove' | 'derive' | 'firstValues'> & { guards?: Guard[] };

/** A target written only where the request holds nothing (`when: "absent"`, docs/spec.md#conditions); `numeric`: 0 is nothing too. */
export interface Guard {
  to: Target;
  numeric: boolean;
}

/** Whether 0 counts as nothing at a guarded target: a number field or constant writes it, or a typed target takes numbers. */
export const guardNumeric = (to: Target, number: boolean): boolean => number || (to[0] > 3 && NUMERIC.includes(kindOf(to)));

/**
 * The guarded targets of a plan: each target (name and `alsoTo`) of a field with `when: "absent"`, and of such a
 * constant or `with` entry. A number target (a typed one that takes numbers, or one a number field or number constant
 * writes) counts 0 as nothing.
 */
export function absentGuards(plan: RecordPlan): Guard[] {
  const guards: Guard[] = [];
  const add = (to: Target, number: boolean) => guards.push({ to, numeric: guardNumeric(to, number) });
  // A page's plan holds number and select fields without their type (codegen/emit.ts' pagePlan).
  const numberField = (type: string | undefined) => type === undefined || type === 'number' || type === 'select';
  for (const field of plan.fields) if (field.absent) for (const to of [field.to, ...(field.also ?? [])]) add(to, numberField(field.type));
  for (const constant of [...(plan.constants ?? []), ...(plan.with ?? [])]) if (constant.absent) add(constant.to, typeof constant.value === 'number');
  return guards;
}

/**
 * The steps of a plan, or `undefined` when it has none (no cost on its hot path); `requestValues: "first"` is one on a
 * page, where bids are applied one after the other (core/compact/steps.ts).
 */
export function stepsOf(plan: RecordPlan): Steps | undefined {
  const guards = absentGuards(plan);
  const { remove, derive, firstValues } = plan;
  return remove?.length || derive?.length || guards.length || firstValues ? { remove, derive, guards, firstValues } : undefined;
}
