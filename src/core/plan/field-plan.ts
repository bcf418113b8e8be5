/**
 * The one plan of a field: plain JSON, decided once where the record is checked, and read by everything that
 * applies values: `compile` (which builds its fast apply from it), the compact engine, the page runtime and the
 * adapters `generatePrebidAdapter` writes (as JSON literals). Both record checks make it here, the same way.
 */
import { isPlainObject } from '../definition/plain-object.js';
import { isFieldName, isParamKey, type Target } from '../definition/names.js';
import { finite } from '../rules/decimal.js';

/** A value as it is written into the request: text, a number, a boolean, or a list's or JSON field's value. */
export type WrittenValue = string | number | boolean | readonly unknown[] | { readonly [key: string]: unknown };

export type { Target };

/** One checked field, as JSON: where its value goes and the parameters of its value rule. */
export interface FieldPlan {
  name: string;
  /** The key the value is entered under (docs/spec.md#param), when it is not the name. */
  key?: string;
  /** Where the value goes (see {@link Target}). */
  to: Target;
  /** More targets of the same value (`alsoTo`, docs/spec.md#more-targets). */
  also?: Target[];
  type: 'text' | 'number' | 'select' | 'boolean' | 'list' | 'json' | 'id';
  /** A list's items (docs/spec.md#lists-json-ids): judged as text or as numbers, by the field's bounds. */
  items?: 'text' | 'number';
  minItems?: number;
  maxItems?: number;
  required?: true;
  /** The default, already coerced by the field's rule (a number stays a number; predefined targets write it as text). */
  default?: WrittenValue;
  min?: number;
  max?: number;
  integer?: true;
  minLength?: number;
  maxLength?: number;
  /** A pattern that compiles with the `u` flag. */
  pattern?: string;
  /** A select field's option values. */
  options?: number[];
  /** `when: "absent"` (docs/spec.md#conditions): written only where the request holds nothing at each target. */
  absent?: true;
}

/**
 * A checked constant (docs/spec.md#constants): a JSON value (never `null`, no prototype key) written at `to`; with `if`, a
 * field's `with` entry (docs/spec.md#conditions), written only when the field of that key has a value.
 */
export interface ConstantPlan {
  name: string;
  to: Target;
  value: unknown;
  if?: string;
  /** `when: "absent"` (docs/spec.md#conditions). */
  absent?: true;
}

/**
 * A removal (docs/spec.md#removals): `path` below the request, or below each imp enriched with `imp`; with `keep`, only
 * those keys of that object stay.
 */
export interface RemovePlan {
  path: string[];
  imp?: true;
  keep?: string[];
}

/**
 * A value derived from the request (docs/spec.md#values-from-the-request): each enriched imp's banner size from its first
 * format, or a copy `from` a request path (below the imp written with `imp`) `to` a target (`name` as written).
 */
export type DerivePlan =
  | { op: 'bannerSizeFromFormat'; when: 'eitherMissing' | 'bothMissing' | 'missingOrZero' | 'always' }
  | { op: 'copy'; from: string[]; imp?: true; to: Target; name: string; absent?: true };

/**
 * A checked record as the engines run it: its fields, constants, `with` constants, one-of groups (keys), and
 * the steps that change the request before any value is written (docs/spec.md#removals, docs/spec.md#values-from-the-request).
 */
export interface RecordPlan {
  fields: FieldPlan[];
  constants?: ConstantPlan[];
  oneOf?: string[][];
  /** Groups of which exactly one key is entered (docs/spec.md#conditions). */
  exactlyOneOf?: string[][];
  /** The fields' `with` constants (docs/spec.md#conditions), each with the key of its field (`if`), in field order. */
  with?: ConstantPlan[];
  remove?: RemovePlan[];
  derive?: DerivePlan[];
  /** `requestValues: "first"` (docs/spec.md#conditions): request-level values from the first imp enriched, later ones ignored. */
  firstValues?: true;
}

/** The key a field's value is entered under: its `param`, else its name (docs/spec.md#param). */
export const keyOf = (field: { name: string; key?: string }): string => field.key ?? field.name;

export type Definition = Record<string, any>;

/** The keys of a definition a plan carries as they are (when set). */
export const RULE_KEYS = ['min', 'max', 'integer', 'minLength', 'maxLength', 'pattern', 'items', 'minItems', 'maxItems'] as const;

const TYPES: unknown[] = ['text', 'number', 'select', 'boolean', 'list', 'json', 'id'];

/**
 * The first key whose value the plan cannot read safely (a string or an object where a number is compared could
 * not be), or `undefined`: the type, select options with number values, numeric bounds, boolean flags, the param
 * key and the `alsoTo` names. A key set to `undefined` counts as absent, as in JSON.
 * @example shapeProblem({ name: 'zone', type: 'number', min: '1' }) // 'min'
 */
export function shapeProblem(definition: Definition): string | undefined {
  const { type, options, param, alsoTo } = definition;
  if (!TYPES.includes(type)) return 'type';
  if (type === 'select' && !(Array.isArray(options) && options.length && options.every((option) => isPlainObject(option) && finite(option.value))))
    return 'options';
  if (type === 'list' && definition.items !== 'text' && definition.items !== 'number') return 'items';
  if (param !== undefined && !isParamKey(param)) return 'param';
  if (alsoTo !== undefined && !(Array.isArray(alsoTo) && alsoTo.length && alsoTo.every(isFieldName))) return 'alsoTo';
  if (definition.when !== undefined && definition.when !== 'absent') return 'when';
  return (
    ['min', 'max', 'minLength', 'maxLength', 'minItems', 'maxItems'].find((key) => definition[key] !== undefined && !finite(definition[key])) ??
    ['required', 'integer'].find((key) => definition[key] !== undefined && typeof definition[key] !== 'boolean')
  );
}
