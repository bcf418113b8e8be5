/**
 * The placement form an adapter's fields make: what any ad server UI needs to draw one input per field (its label,
 * the kind of input, whether it is required, the options or bounds, the pattern, the default, the key the value is
 * entered under), in definition order, and the record's one-of groups. Pure functions of the definitions: the same
 * description the console's placement preview draws, so a UI written against it shows exactly the inputs
 * `validateValues` checks. The keys of a form field are those of the definition it comes from, so no rule of the
 * field is lost and none is invented.
 */
import { pointer } from './issues.js';
import { decimalString, parseDecimal } from './rules/decimal.js';
import { isArray, isPlainObject } from './definition/plain-object.js';
import type { AdapterInput, FieldDefinition, SelectOption } from './types.js';

/** One input of a placement form. */
export interface FormField {
  /**
   * The key of the value in the values object (docs/spec.md#param): the definition's `param`, else its name. A UI stores the
   * entered value under it, and so do bound placements and Prebid.js `bid.params`.
   */
  key: string;
  /** The field's name: where its value goes in the bid request (the definition's `name`, prefix included). */
  name: string;
  /** JSON Pointer of the value in the values object (the pointer of `key`): where `validateValues` reports this input's issues. */
  path: string;
  /** The input's label (the definition's `display`). */
  label: string;
  /** Help text under the input, when the definition has a `description`. */
  description?: string;
  /**
   * `text` and `number` are typed in; `select` is one of `options`; `checkbox` is a boolean field (checked `true`,
   * unchecked `false`; a UI sends either, or `"true"` / `"false"`). Leaving a checkbox untouched is a third state,
   * "not entered" (no key, `null` or `""`), which lets the default apply and does not count for a one-of group: a UI
   * that draws a plain checkbox for an optional field should send nothing until it is changed. `list` is typed in as
   * items separated by commas (or sent as an array; `items` says their kind); `json` is a JSON text the UI parses and
   * sends as the value (docs/spec.md#lists-json-ids); `id` is typed in as text (a UI may send an integer as a number).
   */
  kind: 'text' | 'number' | 'select' | 'checkbox' | 'list' | 'json' | 'id';
  /** `list`: the kind of its items, and how many it takes. */
  items?: 'text' | 'number';
  minItems?: number;
  maxItems?: number;
  required: boolean;
  /** `select`: the options, label and number sent, in the definition's order. */
  options?: readonly SelectOption[];
  /** `number`: inclusive bounds, and whether only whole numbers are accepted (`step` 1 for an HTML input). */
  min?: number;
  max?: number;
  integer?: boolean;
  /** `text` (and `id`, a `list` of text): lengths in Unicode code points, and the pattern the value must match somewhere (unicode mode). */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /**
   * The value used when nothing is entered: a string for text fields, a number for number and select fields, a
   * boolean for checkboxes; a list's items separated by commas, a JSON value's JSON text, an id as entered.
   */
  default?: string | number | boolean;
  /**
   * The one-of groups (docs/spec.md#one-of) this input belongs to, as indexes into {@link formOneOfGroups}' list; absent when
   * it is in none. A field in a group is not required on its own: the group is.
   */
  oneOf?: readonly number[];
  /**
   * The constants this input switches on (docs/spec.md#conditions, the field's `with`): written only when it has a value, so a
   * UI can say what choosing it sends (`type: "publisher"`). Absent when it has none.
   */
  with?: readonly { name: string; value: unknown }[];
}

/**
 * A one-of group of a placement form (docs/spec.md#one-of, the record's `requireOneOf`): at least one of its inputs must be
 * entered (after defaults), else `validateValues` reports `missing_one_of` at `path`.
 */
export interface FormOneOfGroup {
  /** The keys of the group's fields, as the record lists them. */
  keys: readonly string[];
  /** The labels of those fields, in the same order: for a hint such as "Enter at least one of: Placement, Partner". */
  labels: readonly string[];
  /** Indexes into {@link formFields}' list of the group's inputs, in the group's order. */
  fields: readonly number[];
  /** Where `validateValues` reports the group's `missing_one_of`: `""`, the values object itself (per imp: `/<i>`). */
  path: '';
  /** True when a field of the group has a default, so the group is satisfied whatever is entered. */
  satisfiedByDefault: boolean;
  /**
   * True for an `exactlyOneOf` group (docs/spec.md#conditions): exactly one input has a value (after defaults): "Enter one of";
   * each further one is `conflicting_values` at its key.
   */
  exactly: boolean;
}

type Described = { fields: readonly FieldDefinition[]; requireOneOf?: readonly (readonly string[])[]; exactlyOneOf?: readonly (readonly string[])[] };

/**
 * The default as the input shows it: text as a string, numbers as numbers (a decimal string is read as one),
 * booleans as booleans (`"true"` / `"false"` read as one). Anything else (an object, a boolean for a number field:
 * a record being typed) has none, rather than `[object Object]` or a throw.
 */
function defaultOf(field: FieldDefinition): string | number | boolean | undefined {
  const value: unknown = field.default;
  if (field.type === 'json') return value === undefined || value === null ? undefined : JSON.stringify(value);
  if (field.type === 'list') return Array.isArray(value) ? value.join(', ') : typeof value === 'string' && value !== '' ? value : undefined;
  if (field.type === 'id') return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  if (field.type === 'boolean') return value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
  if (value === '' || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  if (field.type === 'text') return typeof value === 'number' ? decimalString(value) : value;
  if (typeof value === 'number') return value;
  const parsed = typeof value === 'string' ? parseDecimal(value) : undefined;
  return parsed === undefined || Number.isNaN(parsed) ? undefined : parsed;
}

/** The key a definition's value is entered under: its `param`, else its name (docs/spec.md#param). */
const keyOf = (field: FieldDefinition): string => (typeof field.param === 'string' ? field.param : field.name);

/** One definition as a form input. */
function formField(field: FieldDefinition): FormField {
  const key = keyOf(field);
  const out: FormField = {
    key,
    name: field.name,
    path: pointer(key),
    label: field.display,
    kind: field.type === 'boolean' ? 'checkbox' : field.type,
    required: field.required === true,
  };
  if (field.description !== undefined) out.description = field.description;
  if (field.type === 'select') out.options = field.options.map(({ name, value }) => ({ name, value }));
  if (field.type === 'number') {
    if (field.min !== undefined) out.min = field.min;
    if (field.max !== undefined) out.max = field.max;
    if (field.integer !== undefined) out.integer = field.integer;
  }
  if (field.type === 'list') {
    out.items = field.items;
    if (field.minItems !== undefined) out.minItems = field.minItems;
    if (field.maxItems !== undefined) out.maxItems = field.maxItems;
    if (field.items === 'number') {
      if (field.min !== undefined) out.min = field.min;
      if (field.max !== undefined) out.max = field.max;
      if (field.integer !== undefined) out.integer = field.integer;
    }
  }
  if (field.type === 'text' || field.type === 'id' || (field.type === 'list' && field.items === 'text')) {
    if (field.type !== 'id' && field.minLength !== undefined) out.minLength = field.minLength;
    if (field.maxLength !== undefined) out.maxLength = field.maxLength;
    if (field.pattern !== undefined) out.pattern = field.pattern;
  }
  const fallback = defaultOf(field);
  if (fallback !== undefined) out.default = fallback;
  const switched = isArray(field.with) ? field.with.filter((entry) => isPlainObject(entry) && typeof entry.name === 'string') : [];
  if (switched.length) out.with = switched.map(({ name, value }) => ({ name, value }));
  return out;
}

/** The field definitions of an input (record, bare array, compiled adapter), those that are field-like. */
function definitionsOf(adapter: AdapterInput | Described): FieldDefinition[] {
  const fields: unknown = isArray(adapter) ? adapter : (adapter as Described | undefined)?.fields;
  return isArray(fields) ? fields.filter(isFieldLike) : [];
}

/** The groups of an input and, for each, its fields' indexes; keys that name no field of the form are left out. */
function groupsOf(adapter: AdapterInput | Described, form: readonly FormField[]): { keys: string[]; fields: number[]; exactly: boolean }[] {
  const indexOf = new Map<string, number>();
  form.forEach((field, i) => indexOf.has(field.key) || indexOf.set(field.key, i));
  const out: { keys: string[]; fields: number[]; exactly: boolean }[] = [];
  // requireOneOf groups, then exactlyOneOf groups (docs/spec.md#conditions).
  for (const exactly of [false, true]) {
    const groups: unknown = isArray(adapter) ? undefined : (adapter as Described | undefined)?.[exactly ? 'exactlyOneOf' : 'requireOneOf'];
    if (!isArray(groups)) continue;
    for (const group of groups) {
      if (!isArray(group)) continue;
      const keys = group.filter((key): key is string => typeof key === 'string' && indexOf.has(key));
      if (keys.length > 0) out.push({ keys, fields: keys.map((key) => indexOf.get(key)!), exactly });
    }
  }
  return out;
}

/**
 * The placement form of an adapter: one input per field definition, in definition order, each with its key and the
 * one-of groups it belongs to (see {@link formOneOfGroups}). Takes an adapter record, a bare field array or a
 * compiled adapter; give it a definition that `validateAdapter` accepts (the form of an invalid one is not
 * meaningful). Entries that are not field definitions at all are left out, so a UI can call it on a record being
 * typed without guarding it.
 *
 * @example
 * formFields({ protocol: 'prebid-server', fields: [
 *   { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement id', required: true },
 *   { name: 'size', type: 'select', display: 'Size', options: [{ name: '300x250', value: 1 }], default: 1 },
 *   { name: 'test', type: 'boolean', display: 'Test traffic' },
 * ] })
 * // → [{ key: 'placementId', name: 'prd.impTagId', path: '/placementId', label: 'Placement id', kind: 'text', required: true },
 * //    { key: 'size', name: 'size', path: '/size', label: 'Size', kind: 'select', required: false,
 * //      options: [{ name: '300x250', value: 1 }], default: 1 },
 * //    { key: 'test', name: 'test', path: '/test', label: 'Test traffic', kind: 'checkbox', required: false }]
 */
export function formFields(adapter: AdapterInput | Described): FormField[] {
  const form = definitionsOf(adapter).map(formField);
  groupsOf(adapter, form).forEach((group, g) => {
    for (const i of new Set(group.fields)) form[i]!.oneOf = [...(form[i]!.oneOf ?? []), g];
  });
  return form;
}

/**
 * The one-of groups of an adapter's placement form (docs/spec.md#one-of, the record's `requireOneOf`), in the record's order:
 * each group's keys, labels and input indexes into `formFields(adapter)`, and whether a default already satisfies
 * it. A UI draws each group around (or next to) its inputs, e.g. "Enter at least one of: Placement, Partner", and
 * shows `validateValues`' `missing_one_of` (at `path`, `""`) there. Takes what `formFields` takes and never throws;
 * keys that name no field are left out (a record being typed), and a bare field array has no groups.
 *
 * @example
 * formOneOfGroups({ protocol: 'rtb', fields: [
 *   { name: 'prd.impTagId', param: 'placementId', type: 'text', display: 'Placement' },
 *   { name: 'predefinedRequestExt.partner', param: 'partnerId', type: 'text', display: 'Partner' },
 * ], requireOneOf: [['placementId', 'partnerId']] })
 * // → [{ keys: ['placementId', 'partnerId'], labels: ['Placement', 'Partner'], fields: [0, 1], path: '', satisfiedByDefault: false }]
 */
export function formOneOfGroups(adapter: AdapterInput | Described): FormOneOfGroup[] {
  const form = definitionsOf(adapter).map(formField);
  return groupsOf(adapter, form).map(({ keys, fields, exactly }) => ({
    keys,
    labels: fields.map((i) => form[i]!.label),
    fields,
    path: '',
    satisfiedByDefault: fields.some((i) => form[i]!.default !== undefined),
    exactly,
  }));
}

function isFieldLike(field: unknown): field is FieldDefinition {
  if (!isPlainObject(field) || typeof field.name !== 'string' || typeof field.display !== 'string') return false;
  if (field.type === 'select')
    return Array.isArray(field.options) && field.options.every((o) => isPlainObject(o) && typeof o.name === 'string' && typeof o.value === 'number');
  if (field.type === 'list') return field.items === 'text' || field.items === 'number';
  return field.type === 'text' || field.type === 'number' || field.type === 'boolean' || field.type === 'json' || field.type === 'id';
}
