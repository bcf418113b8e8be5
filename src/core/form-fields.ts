/**
 * The placement form an adapter's fields make: what any ad server UI needs to draw one input per field (its label,
 * the kind of input, whether it is required, the options or bounds, the pattern, the default), in definition
 * order. A pure function of the definitions: the same description the console's placement preview draws, so a UI
 * written against it shows exactly the inputs `validateValues` checks. The keys of a form field are those of the
 * definition it comes from, so no rule of the field is lost and none is invented.
 */
import { pointer } from './issues.js';
import { decimalString, parseDecimal } from './plan/decimal.js';
import { isPlainObject } from './apply/plain-object.js';
import type { AdapterInput, FieldDefinition, SelectOption } from './types.js';

/** One input of a placement form. */
export interface FormField {
  /** The key of the value in the values object (the field name as written, prefix included). */
  name: string;
  /** JSON Pointer of the value in the values object: where `validateValues` reports this input's issues. */
  path: string;
  /** The input's label (the definition's `display`). */
  label: string;
  /** Help text under the input, when the definition has a `description`. */
  description?: string;
  /** `text` and `number` are typed in; `select` is one of `options`. */
  kind: 'text' | 'number' | 'select';
  required: boolean;
  /** `select`: the options, label and number sent, in the definition's order. */
  options?: readonly SelectOption[];
  /** `number`: inclusive bounds, and whether only whole numbers are accepted (`step` 1 for an HTML input). */
  min?: number;
  max?: number;
  integer?: boolean;
  /** `text`: lengths in Unicode code points, and the pattern the value must match somewhere (unicode mode). */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** The value used when nothing is entered: a string for text fields, a number for number and select fields. */
  default?: string | number;
}

type Described = { fields: readonly FieldDefinition[] };

/**
 * The default as the input shows it: text as a string, numbers as numbers (a decimal string is read as one).
 * Anything else (an object, a boolean: a record being typed) has none, rather than `[object Object]` or a throw.
 */
function defaultOf(field: FieldDefinition): string | number | undefined {
  const value: unknown = field.default;
  if (value === '' || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  if (field.type === 'text') return typeof value === 'number' ? decimalString(value) : value;
  if (typeof value === 'number') return value;
  const parsed = typeof value === 'string' ? parseDecimal(value) : undefined;
  return parsed === undefined || Number.isNaN(parsed) ? undefined : parsed;
}

/** One definition as a form input. */
function formField(field: FieldDefinition): FormField {
  const out: FormField = { name: field.name, path: pointer(field.name), label: field.display, kind: field.type, required: field.required === true };
  if (field.description !== undefined) out.description = field.description;
  if (field.type === 'select') out.options = field.options.map(({ name, value }) => ({ name, value }));
  if (field.type === 'number') {
    if (field.min !== undefined) out.min = field.min;
    if (field.max !== undefined) out.max = field.max;
    if (field.integer !== undefined) out.integer = field.integer;
  }
  if (field.type === 'text') {
    if (field.minLength !== undefined) out.minLength = field.minLength;
    if (field.maxLength !== undefined) out.maxLength = field.maxLength;
    if (field.pattern !== undefined) out.pattern = field.pattern;
  }
  const fallback = defaultOf(field);
  if (fallback !== undefined) out.default = fallback;
  return out;
}

/**
 * The placement form of an adapter: one input per field definition, in definition order. Takes an adapter record,
 * a bare field array or a compiled adapter; give it a definition that `validateAdapter` accepts (the form of an
 * invalid one is not meaningful). Entries that are not field definitions at all are left out, so a UI can call it
 * on a record being typed without guarding it.
 *
 * @example
 * formFields({ protocol: 'prebid-server', fields: [
 *   { name: 'prd.impTagId', type: 'text', display: 'Placement id', required: true },
 *   { name: 'size', type: 'select', display: 'Size', options: [{ name: '300x250', value: 1 }], default: 1 },
 * ] })
 * // → [{ name: 'prd.impTagId', path: '/prd.impTagId', label: 'Placement id', kind: 'text', required: true },
 * //    { name: 'size', path: '/size', label: 'Size', kind: 'select', required: false,
 * //      options: [{ name: '300x250', value: 1 }], default: 1 }]
 */
export function formFields(adapter: AdapterInput | Described): FormField[] {
  const fields: unknown = Array.isArray(adapter) ? adapter : (adapter as Described | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(isFieldLike).map(formField);
}

function isFieldLike(field: unknown): field is FieldDefinition {
  if (!isPlainObject(field) || typeof field.name !== 'string' || typeof field.display !== 'string') return false;
  if (field.type === 'select') return Array.isArray(field.options) && field.options.every((o) => isPlainObject(o) && typeof o.name === 'string' && typeof o.value === 'number');
  return field.type === 'text' || field.type === 'number';
}
