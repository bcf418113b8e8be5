/**
 * The value rule of docs/spec.md#values (plan/value-judge.ts), compiled into the statements of an in-repository adapter's
 * `readParams`: for each field of the plan, the reading of its type and a test of each of its bounds, written out as
 * a reviewer would write them, with every key, bound, option, pattern and default a JSON literal. `makeValueJudge` stays
 * the one definition of the rule: test/codegen/prebid-repo-judge.test.ts runs this code against it on many plans and
 * values (the verdict and the value written must be the same), so a change to one that the other lacks fails there.
 */
import { typedKind } from '../../core/definition/names.js';
import { CURRENCY } from '../../core/rules/currency.js';
import type { FieldPlan } from '../../core/plan/field-plan.js';
import { keyOf } from '../../core/plan/field-plan.js';
import { styled } from './styled.js';
import { MAX_LIST_ITEMS } from '../../core/plan/value-kinds.js';
import { DECIMAL } from '../../core/rules/decimal.js';

/** The decimal test of docs/spec.md#values as a regular expression literal: the one of core/plan/decimal.ts, written out. */
const DECIMAL_SOURCE = String(DECIMAL);

/**
 * Helpers the statements call, by name; only those a plan uses are emitted (see {@link helpersFor}). A reader takes
 * the params and a key and gives the value read: `undefined` when it is not entered (missing, null or ""), `null`
 * when it is refused. Only own properties are read (an inherited `toString` is no param).
 */
export const HELPERS = {
  digits: `/** The significant digits of a decimal number, or of a mantissa: no sign, point, exponent or leading zeros. */
const digits = (decimal: string) => decimal.replace(/e.*|\\D/gi, "").replace(/^0+/, "");`,
  readValue: `/**
 * A text or number param as its type reads it: undefined when it is not entered (missing, null or ""), null when it is
 * refused. Text is a string, or a finite number as its decimal text; a number is a finite number, or a string that is
 * one in decimal (spaces around allowed) and that a double holds exactly: "9007199254740993" is refused, not rounded.
 */
function readValue(params: Record<string, unknown>, key: string, isText: true): string | null | undefined;
function readValue(params: Record<string, unknown>, key: string): number | null | undefined;
function readValue(params: Record<string, unknown>, key: string, isText?: boolean): string | number | null | undefined {
  const value = {}.hasOwnProperty.call(params, key) ? params[key] : undefined;
  if (value == null || value === "") return undefined;
  if (typeof value === "number") return !isFinite(value) ? null : isText ? decimalText(value) : value;
  if (typeof value !== "string") return null;
  if (isText) return value;
  const text = value.trim();
  const given = digits(text);
  // The digits of text are those JavaScript writes for its number (+text, its shortest spelling), then zeros only.
  return ${DECIMAL_SOURCE}.test(text) && given === digits(String(+text)).replace(/0+$/, "").padEnd(given.length, "0") ? +text : null;
}`,
  readBoolean: `/** A boolean param: true or false, or the text a form sends for one; undefined when it is not entered, null when it is refused. */
function readBoolean(params: Record<string, unknown>, key: string): boolean | null | undefined {
  const value = {}.hasOwnProperty.call(params, key) ? params[key] : undefined;
  if (value == null || value === "") return undefined;
  return value === true || value === "true" ? true : value === false || value === "false" ? false : null;
}`,
  decimalText: `/** A number as decimal text without exponent, as a text param or a target that takes text holds it (1e21 is "1000000000000000000000"). */
function decimalText(value: number): string {
  const [mantissa, power] = String(value).split("e");
  const exponent = Number(power);
  if (!power) return mantissa;
  // Exponent notation has one digit, not 0, before the point: the mantissa's digits are all significant.
  return (value < 0 ? "-" : "") + (exponent < 0 ? "0." + "0".repeat(-exponent - 1) + digits(mantissa) : digits(mantissa).padEnd(exponent + 1, "0"));
}`,
  readId: `/** An id param: a non-empty string or a safe integer, kept as entered; undefined when it is not entered, null when it is refused. */
function readId(params: Record<string, unknown>, key: string): string | number | null | undefined {
  const value = {}.hasOwnProperty.call(params, key) ? params[key] : undefined;
  if (value == null || value === "") return undefined;
  return typeof value === "string" || Number.isSafeInteger(value) ? (value as string | number) : null;
}`,
  readList: `/**
 * A list param, as a new array: an array, or text separated by commas (each item trimmed), of minItems to maxItems
 * items (counted first), each read as readValue reads a text or number param; no item may be empty. Undefined when it
 * is not entered, null when it is refused.
 */
function readList(params: Record<string, unknown>, key: string, minItems: number, maxItems: number, isText: true): string[] | null | undefined;
function readList(params: Record<string, unknown>, key: string, minItems: number, maxItems: number): number[] | null | undefined;
function readList(params: Record<string, unknown>, key: string, minItems: number, maxItems: number, isText?: true): (string | number)[] | null | undefined {
  const value = {}.hasOwnProperty.call(params, key) ? params[key] : undefined;
  if (value == null || value === "") return undefined;
  const given = typeof value === "string";
  const list: (string | number)[] = [];
  try {
    const items: unknown[] | undefined = given ? value.split(",") : Array.isArray(value) ? value : undefined;
    if (!items || items.length > maxItems || items.length < minItems) return null;
    for (let index = 0; index < items.length; index++) {
      const item = { item: given ? (items[index] as string).trim() : items[index] };
      const read = isText ? readValue(item, "item", true) : readValue(item, "item");
      if (read == null) return null;
      list.push(read);
    }
  } catch {
    // A revoked proxy, or a getter that throws.
    return null;
  }
  return list;
}`,
  readJson: `/**
 * A JSON param, as a new copy: any JSON value but null, at most 4,096 bytes as JSON (UTF-8) and 32 levels deep, with
 * no __proto__, prototype or constructor key at any depth. Undefined when it is not entered, null when it is refused.
 */
function readJson(params: Record<string, unknown>, key: string): unknown {
  const value = {}.hasOwnProperty.call(params, key) ? params[key] : undefined;
  if (value == null || value === "") return undefined;
  try {
    if (!isJsonValue(value)) return null;
    const text = JSON.stringify(value);
    if (new TextEncoder().encode(text).length > 4096) return null;
    // Checked again: a getter cannot change what was checked.
    const copy: unknown = JSON.parse(text);
    return isJsonValue(copy) ? copy : null;
  } catch {
    return null;
  }
}

/**
 * Whether a value is JSON as readJson takes it, walked without recursion: every node counted (each takes a byte of
 * JSON at least), so a cycle or a sparse array of a billion holes is refused, never followed.
 */
function isJsonValue(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (++nodes > 4096) return false;
    if (typeof node === "string" || typeof node === "boolean" || (typeof node === "number" && isFinite(node)) || (node === null && depth > 0)) continue;
    if (typeof node !== "object" || node === null || depth === 32) return false;
    if (Array.isArray(node)) {
      if (nodes + stack.length + node.length > 4096) return false;
      for (let index = 0; index < node.length; index++) stack.push([node[index], depth + 1]);
      continue;
    }
    const prototype = Object.getPrototypeOf(node);
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const name of Object.keys(node)) {
      if (name === "__proto__" || name === "prototype" || name === "constructor") return false;
      stack.push([(node as Record<string, unknown>)[name], depth + 1]);
    }
  }
  return true;
}`,
} as const;

export type Helper = keyof typeof HELPERS;

/** The reader of a field's type. */
const READER: Record<FieldPlan['type'], Helper> = {
  text: 'readValue',
  number: 'readValue',
  select: 'readValue',
  boolean: 'readBoolean',
  list: 'readList',
  json: 'readJson',
  id: 'readId',
};

/** The helpers the statements of `fields` call, in the order they are emitted. */
export function helpersFor(fields: readonly FieldPlan[], extra: Helper[] = []): Helper[] {
  const used = new Set<Helper>(extra);
  for (const field of fields) used.add(READER[field.type]);
  // readList reads each item as readValue does; readValue writes a number read for a text param as its decimal text;
  // both readValue and decimalText take digits.
  if (used.has('readList')) used.add('readValue');
  if (used.has('readValue')) used.add('decimalText');
  if (used.has('decimalText')) used.add('digits');
  return (Object.keys(HELPERS) as Helper[]).filter((helper) => used.has(helper));
}

/** The patterns of `fields`, in order: each is one module constant, `PATTERN_<n>`, compiled once. */
export const patternsOf = (fields: readonly FieldPlan[]): string[] => [
  ...new Set(fields.flatMap((field) => (field.pattern && (field.type === 'text' || field.type === 'id' || isTextList(field)) ? [field.pattern] : []))),
];

/** Whether a field is a list of text items (whose text bounds hold for each item). */
const isTextList = (field: FieldPlan) => field.type === 'list' && field.items !== 'number';

/** The module constants of the patterns. */
export const patternConstants = (patterns: readonly string[]): string[] =>
  patterns.map((pattern, index) => `const PATTERN_${index + 1} = new RegExp(${styled(pattern)}, "u");`);

/**
 * The tests that refuse a value read (`value`, or `name`, is not `null` or `undefined` there); a list's test each
 * item by the text or number rule of the field.
 */
function refusals(field: FieldPlan, patterns: readonly string[], value = 'value'): string[] {
  const tests: string[] = [];
  if (field.type === 'list') {
    const items = refusals({ ...field, type: isTextList(field) ? 'text' : 'number' }, patterns, 'item');
    if (items.length) tests.push(`${value}.some((item) => ${items.join(' || ')})`);
  } else if (field.type === 'text' || field.type === 'id') {
    const { minLength = 0, maxLength, pattern } = field;
    // An id's bounds hold for its text (an integer's decimal digits).
    const text = field.type === 'id' ? `String(${value})` : value;
    if (minLength > 0 && field.type === 'text') tests.push(`[...${text}].length < ${styled(minLength)}`);
    if (maxLength !== undefined) tests.push(`[...${text}].length > ${styled(maxLength)}`);
    if (pattern) tests.push(`!PATTERN_${patterns.indexOf(pattern) + 1}.test(${text})`);
  } else if (field.type === 'select') {
    tests.push(`!${styled(field.options ?? [])}.includes(value)`);
    // As in the value rule, `integer` holds for a select too.
    if (field.integer) tests.push('!Number.isInteger(value)');
  } else if (field.type === 'number') {
    if (field.integer) tests.push(`!Number.isInteger(${value})`);
    if (field.min !== undefined) tests.push(`${value} < ${styled(field.min)}`);
    if (field.max !== undefined) tests.push(`${value} > ${styled(field.max)}`);
  }
  return value === 'value' ? [...tests, ...targetRefusals(field)] : tests;
}

/**
 * What the field's typed targets take (docs/spec.md#more-openrtb-targets, plan/value-kinds.ts' `takes`): a floor a number of 0
 * or more, a flag 0 or 1, a banner position an integer 0–7, a currency three capital letters (rules/currency.ts).
 */
function targetRefusals(field: FieldPlan): string[] {
  const kinds = new Set([field.to, ...(field.also ?? [])].map(typedKind));
  return [
    ...(kinds.has('floor') ? ['value < 0'] : []),
    ...(kinds.has('flag') ? ['(value !== 0 && value !== 1)'] : []),
    ...(kinds.has('position') ? ['!Number.isInteger(value) || value < 0 || value > 7'] : []),
    ...(kinds.has('currency') ? [`!${String(CURRENCY)}.test(value)`] : []),
  ];
}

/** A short description of a field's rule, for the comment above its statements. */
function describe(field: FieldPlan): string {
  return [field.type, field.required && field.default === undefined && 'required', field.default !== undefined && 'with a default'].filter(Boolean).join(', ');
}

/** The reader's arguments after the key: a text field's `true`; a list's counts (at most 1,000 items) and its items' kind. */
function readerArguments(field: FieldPlan): string {
  if (field.type === 'text') return ', true';
  if (field.type !== 'list') return '';
  const { minItems = 0, maxItems = MAX_LIST_ITEMS } = field;
  return `, ${styled(minItems)}, ${styled(Math.min(maxItems, MAX_LIST_ITEMS))}${isTextList(field) ? ', true' : ''}`;
}

/**
 * The statements that read one field into `sent` (its key's entry: `undefined` when it sends nothing), or return
 * `undefined` when the value is refused. `value` is a `let` declared before them.
 */
export function fieldStatements(field: FieldPlan, patterns: readonly string[]): string[] {
  const key = styled(keyOf(field));
  const tests = refusals(field, patterns);
  const rules = tests.length ? ` || ${tests.join(' || ')}` : '';
  const lines = [`// ${key}: ${describe(field)}`, `value = ${READER[field.type]}(params, ${key}${readerArguments(field)});`];
  // A default of -0 stays -0 (styled), and a list's or JSON value's default is an expression that makes a new copy each time.
  if (field.default !== undefined)
    lines.push(`if (value === undefined) value = ${styled(field.default)};`, `else if (value === null${rules}) return undefined;`);
  else if (field.required) lines.push(`if (value == null${rules}) return undefined;`);
  else
    lines.push(
      tests.length ? `if (value === null || (value !== undefined && (${tests.join(' || ')}))) return undefined;` : `if (value === null) return undefined;`,
    );
  lines.push(`sent[${key}] = value;`);
  return lines;
}
