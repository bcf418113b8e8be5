/**
 * An adapter's entered values as a JSON Schema in the draft-04 dialect of Prebid Server's
 * `static/bidder-params/*.json`, so an ad server can hand one document to a form, to Prebid Server, or to any
 * draft-04 validator. It says the docs/spec.md#values value rules as far as draft-04 can; where it cannot, the schema is looser
 * than `validateValues`, and the test of this file compares the two verdicts and names each gap.
 */
import type { CompiledAdapter } from '../core/compiled-adapter.js';
import type { FieldDefinition } from '../core/types.js';
import { MAX_LIST_ITEMS } from '../core/plan/value-kinds.js';
import { typedTarget } from '../core/definition/names.js';

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';

/**
 * A finite decimal as the number rule reads it: optional sign, digits with optional fraction, optional exponent,
 * surrounding white space allowed. `\s` is ECMA-262's, the same set `String.prototype.trim` removes; JSON Schema
 * patterns are ECMA-262 regular expressions. (Prebid Server's Go engine reads `\s` as ASCII white space only.)
 */
export const NUMERIC_STRING_PATTERN = '^\\s*[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?\\s*$';

/** One property's schema: plain JSON, draft-04 keywords only. */
export type PropertySchema = Record<string, unknown>;

/** The values schema `toParamsSchema` returns. */
export interface ParamsSchema {
  $schema: typeof DRAFT_04;
  title: string;
  description: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  /** Keys of fields that are required and have no default; left out when empty (draft-04 wants at least one entry). */
  required?: string[];
  /** The record's one `requireOneOf` group that a default does not already satisfy: one branch per key. */
  anyOf?: PropertySchema[];
  /** Its one `exactlyOneOf` group without a default (docs/spec.md#conditions): one branch per key. */
  oneOf?: PropertySchema[];
  /** With a default in it: none of the group's other keys entered. */
  not?: PropertySchema;
  /** Two or more groups: `{ anyOf }`, `{ oneOf }` or `{ not }` each. */
  allOf?: PropertySchema[];
  additionalProperties: false;
}

/** A boolean field's values (docs/spec.md#booleans): the booleans and the strings a form sends for a checkbox. */
const BOOLEAN_VALUES = [true, false, 'true', 'false'] as const;

/** "Not entered" (docs/spec.md#values): a present key holding one of these does not count as entered. */
const NOT_ENTERED = { enum: [null, ''] };

/**
 * The schema of an entered (non-empty) value of the field, in Prebid Server's own idiom: a type union
 * (`["integer", "string"]`) and type-specific keywords (`minimum`, `pattern`) that only constrain the instance type
 * they belong to. Strings are not range-checked; a select lists only each option's canonical string.
 */
function valueSchema(field: FieldDefinition, mustBeEntered: boolean): PropertySchema {
  switch (field.type) {
    case 'number': {
      const out: PropertySchema = { type: [field.integer ? 'integer' : 'number', 'string'], pattern: NUMERIC_STRING_PATTERN };
      if (field.min !== undefined) out.minimum = field.min;
      if (field.max !== undefined) out.maximum = field.max;
      return out;
    }
    case 'select': {
      const values = field.options.map((option) => option.value);
      return { enum: [...values, ...values.map(String)] };
    }
    case 'boolean':
      return { type: ['boolean', 'string'], enum: [...BOOLEAN_VALUES] };
    case 'text':
      return textSchema(field, mustBeEntered, ['string', 'number']);
    case 'id': {
      // docs/spec.md#lists-json-ids: a non-empty string or an integer, kept as entered (Prebid Server's own idiom for such ids).
      const out = textSchema(field, true, ['string', 'integer']);
      return { ...out, minLength: 1 };
    }
    case 'list': {
      // An array of items of the field's kind, or the comma-separated text a form sends (its items are not checked here).
      const { min, max, integer } = field;
      const item =
        field.items === 'number'
          ? valueSchema({ name: field.name, display: field.display, type: 'number', min, max, integer }, true)
          : textSchema(field, true, ['string', 'number']);
      const array: PropertySchema = { type: 'array', items: item, maxItems: Math.min(field.maxItems ?? MAX_LIST_ITEMS, MAX_LIST_ITEMS) };
      if (field.minItems !== undefined) array.minItems = field.minItems;
      return { anyOf: [array, { type: 'string', minLength: 1 }] };
    }
    case 'json':
      // Any JSON value but null (docs/spec.md#lists-json-ids); its size, depth and keys are not said here.
      return { not: { type: 'null' } };
  }
}

/** A text-like value (text, id, a list's text items): its types, lengths and pattern; `mustBeEntered` refuses "". */
function textSchema(field: { minLength?: number; maxLength?: number; pattern?: string }, mustBeEntered: boolean, type: string[]): PropertySchema {
  const out: PropertySchema = { type };
  // A required field without default refuses "" (missing_required): minLength 1 says so for strings.
  const minLength = mustBeEntered ? Math.max(1, field.minLength ?? 0) : field.minLength;
  if (minLength !== undefined) out.minLength = minLength;
  if (field.maxLength !== undefined) out.maxLength = field.maxLength;
  if (field.pattern !== undefined) out.pattern = field.pattern;
  return out;
}

function propertySchema(field: FieldDefinition, mustBeEntered: boolean): PropertySchema {
  const out: PropertySchema = { title: field.display };
  if (field.description !== undefined) out.description = field.description;
  const value = withTargets(valueSchema(field, mustBeEntered), field);
  // An optional field, or one with a default, may be left empty: null and "" mean "not entered" (docs/spec.md#values).
  return mustBeEntered ? { ...out, ...value } : { ...out, anyOf: [NOT_ENTERED, value] };
}

/**
 * What the field's typed targets take (docs/spec.md#more-openrtb-targets), as the keywords that say it for numbers and strings: a
 * floor's minimum 0, a flag's 0 or 1, a banner position's integer 0–7, a currency's three capital letters.
 */
function withTargets(schema: PropertySchema, field: FieldDefinition): PropertySchema {
  const kinds = new Set([field.name, ...(field.alsoTo ?? [])].map((name) => typedTarget(name)?.[1]));
  const out = { ...schema };
  const atLeast = (min: number) => (out.minimum = Math.max(min, (out.minimum as number | undefined) ?? -Infinity));
  const atMost = (max: number) => (out.maximum = Math.min(max, (out.maximum as number | undefined) ?? Infinity));
  if (kinds.has('floor')) atLeast(0);
  if (kinds.has('flag') || kinds.has('position')) {
    atLeast(0);
    atMost(kinds.has('flag') ? 1 : 7);
    out.multipleOf = 1;
  }
  if (kinds.has('currency')) out.pattern = '^[A-Z]{3}$';
  return out;
}

/** One branch of a one-of group: the key is present and holds a value that counts as entered. */
const entered = (key: string): PropertySchema => ({ required: [key], properties: { [key]: { not: NOT_ENTERED } } });

/**
 * The JSON Schema (draft-04) of the values object an adapter accepts: properties keyed by field key (docs/spec.md#param: its
 * `param`, else its name), `required` for required fields without a default, `anyOf` for a `requireOneOf` group
 * and `oneOf` for an `exactlyOneOf` group (`allOf` of one each when there are several; docs/spec.md#one-of,
 * docs/spec.md#conditions), no other keys. A group with a field that has a
 * default is always satisfied (defaults count as entered), so it is left out; a branch asks for its key to be present
 * and not `null` or `""`. A boolean field takes `true`, `false`, `"true"`, `"false"`. Constants take no input and
 * are not in it. It validates what `adapter.validateValues` accepts,
 * with documented gaps: numeric strings are not checked against `min`/`max`/`integer` nor for a value a double
 * cannot hold exactly (`"1e999"`, `"9007199254740993"`, `"1e-400"`); numbers entered in a text field are not checked against `minLength`/`maxLength`/`pattern`; a
 * select accepts an option's number and its canonical string (`2`, `"2"`) but not other spellings (`"2.0"`).
 * Prebid Server sees the written params, where values are already coerced (numbers as numbers, text as
 * strings, booleans as booleans); the schema fits them unchanged when each field's key is its own single-segment
 * ext name (no `prd.*`, no dots, no `param` that differs).
 *
 * @example
 * toParamsSchema(compile([{ name: 'zone', type: 'number', display: 'Zone', integer: true, min: 1, required: true }]))
 * // { $schema: 'http://json-schema.org/draft-04/schema#', title: 'Adapter params', description: '…', type: 'object',
 * //   properties: { zone: { title: 'Zone', type: ['integer', 'string'], pattern: '…', minimum: 1 } },
 * //   required: ['zone'], additionalProperties: false }
 */
export function toParamsSchema(adapter: CompiledAdapter): ParamsSchema {
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  const { plan } = adapter;
  adapter.fields.forEach((field, i) => {
    const { key, required: isRequired, defaultValue } = plan.fields[i]!;
    const mustBeEntered = isRequired && defaultValue === undefined;
    properties[key] = propertySchema(field, mustBeEntered);
    if (mustBeEntered) required.push(key);
  });
  const groups = plan.oneOf.flatMap((group): PropertySchema[] => {
    const defaulted = group.fields.filter((field) => field.defaultValue !== undefined);
    if (!group.exactly) return defaulted.length ? [] : [{ anyOf: group.keys.map(entered) }];
    // Exactly one after defaults: a defaulted key always has a value, so no other may be entered (two defaults: never valid).
    if (!defaulted.length) return [{ oneOf: group.keys.map(entered) }];
    const others = group.fields.filter((field) => field.defaultValue === undefined).map((field) => entered(field.key));
    return defaulted.length > 1 ? [{ not: {} }] : others.length ? [{ not: { anyOf: others } }] : [];
  });
  const name = adapter.bidderCode ?? 'Adapter';
  return {
    $schema: DRAFT_04,
    title: `${name} params`,
    description: `Values entered for the ${adapter.protocol} adapter${adapter.bidderCode ? ` '${adapter.bidderCode}'` : ''}, keyed by field key.`,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(groups.length === 1 ? groups[0] : groups.length > 1 ? { allOf: groups } : {}),
    additionalProperties: false,
  };
}
