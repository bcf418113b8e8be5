/**
 * The value rules of the field types beyond text, number, select and boolean (docs/spec.md#lists-json-ids: lists, JSON values,
 * ids), and `makeValueJudge`, the judge of any field. Apart from plan/value-judge.ts so that a page whose record
 * has none of these types ships none of their code (core/compact/values-engine.ts takes them as the `lists` feature).
 */
import { checkedJson, JsonFault } from '../rules/json-value.js';
import { isCurrency } from '../rules/currency.js';
import { typedKind, type TypedKind } from '../definition/names.js';
import { isArray } from '../definition/plain-object.js';
import type { FieldPlan, WrittenValue } from './field-plan.js';
import {
  booleanJudge,
  isNotEntered,
  isRefusal,
  ruleJudge,
  valueCode,
  ValueReason,
  type ValueJudge,
  type ValueRefusal,
  type ValueVerdict,
} from './value-judge.js';

/**
 * The judge of a field's entered values: the value as its type holds it (a number stays a number; a predefined
 * target writes it as its decimal string, see {@link writtenAt}). Throws a `SyntaxError` when the plan's pattern does not compile (a
 * checked plan's does).
 * @example makeValueJudge({ name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 })('7') // 7
 * @example makeValueJudge({ name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 })('12') // [ValueReason.AboveMax]
 */
export function makeValueJudge(field: FieldPlan): ValueJudge {
  const judge = typeJudge(field);
  // What its typed targets take (docs/spec.md#more-openrtb-targets): a value its type reads but a target does not take is refused.
  const kinds = [field.to, ...(field.also ?? [])].map(typedKind).filter((kind) => kind !== undefined);
  if (!kinds.length) return judge;
  return (raw) => {
    const verdict = judge(raw);
    return isRefusal(verdict) || typeof verdict === 'function' || kinds.every((kind) => takes(kind, verdict)) ? verdict : [ValueReason.TargetRefuses];
  };
}

/**
 * Whether a value (as its field's rule wrote it) is one a typed target takes: a number ≥ 0 (a floor), a currency
 * code, 0 or 1, an integer 0–7 (a banner position), text or a number (written as text), a list of text, anything.
 */
export function takes(kind: TypedKind, value: unknown): boolean {
  switch (kind) {
    case 'floor':
      return typeof value === 'number' && value >= 0;
    case 'currency':
      return isCurrency(value);
    case 'flag':
      return value === 0 || value === 1;
    case 'position':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 7;
    case 'text':
      return typeof value === 'string' || typeof value === 'number';
    case 'textList':
      return isArray(value) && value.every((item) => typeof item === 'string');
    default:
      return true;
  }
}

/** The judge of a field's type alone. */
function typeJudge(field: FieldPlan): ValueJudge {
  const { type } = field;
  return type === 'boolean'
    ? booleanJudge
    : type === 'list'
      ? listJudge(field)
      : type === 'json'
        ? jsonJudge
        : type === 'id'
          ? idJudge(field)
          : ruleJudge(field);
}

/** A list holds at most this many items (docs/spec.md#lists-json-ids), whatever its `maxItems`. */
export const MAX_LIST_ITEMS = 1000;

/**
 * The judge of a list field (docs/spec.md#lists-json-ids): a JSON array, or a comma-separated string (what a form sends; each
 * item trimmed), each item judged by the text or number rule of the field (`items`, and its bounds). No item may be
 * empty. The list is counted before any item is read.
 * @example listJudge({ name: 'kw', to: [0, 'ext', 'kw'], type: 'list', items: 'number' })(' 1, 2') // () => [1, 2]
 */
export function listJudge(field: FieldPlan): ValueJudge {
  const item = ruleJudge({ ...field, type: field.items === 'number' ? 'number' : 'text' });
  const { minItems = 0, maxItems = MAX_LIST_ITEMS } = field;
  return (raw) => {
    const given = typeof raw === 'string';
    const items: unknown[] | undefined = given ? raw.split(',') : isArray(raw) ? raw : undefined;
    if (!items) return [ValueReason.Unreadable];
    if (items.length > Math.min(maxItems, MAX_LIST_ITEMS)) return [ValueReason.TooManyItems];
    if (items.length < minItems) return [ValueReason.TooFewItems];
    const out: WrittenValue[] = [];
    for (let i = 0; i < items.length; i++) {
      const entry = given ? (items[i] as string).trim() : items[i];
      if (isNotEntered(entry)) return [ValueReason.EmptyItem];
      const verdict = item(entry);
      if (isRefusal(verdict)) return verdict;
      out.push(verdict as WrittenValue);
    }
    return () => out;
  };
}

/**
 * The judge of a JSON field (docs/spec.md#lists-json-ids): any JSON value but `null` under the rule of a constant's value
 * (rules/json-value.ts), kept as a copy of its own.
 */
export const jsonJudge: ValueJudge = (raw) => {
  const checked = checkedJson(raw);
  return 'value' in checked ? () => checked.value as WrittenValue : [checked.fault[0] === JsonFault.PrototypeKey ? ValueReason.UnsafeKey : ValueReason.NotJson];
};

/**
 * The judge of an id field (docs/spec.md#lists-json-ids): a non-empty string or a safe integer, kept as entered; `maxLength` and
 * `pattern` hold for its text (an integer's decimal digits).
 * @example idJudge({ name: 'pid', to: [0, 'ext', 'pid'], type: 'id' })(123) // 123
 */
export function idJudge(field: FieldPlan): ValueJudge {
  const { maxLength = Infinity, pattern } = field;
  const regExp = pattern && new RegExp(pattern, 'u');
  return (raw) => {
    const text = typeof raw === 'string' ? raw : Number.isSafeInteger(raw) ? String(raw) : undefined;
    if (text === undefined) return [ValueReason.Unreadable];
    let length = 0;
    if (maxLength < Infinity) for (const _ of text) length++;
    return length > maxLength ? [ValueReason.TooLong] : regExp && !regExp.test(text) ? [ValueReason.NoMatch] : (raw as string | number);
  };
}

/**
 * The issue code of any refusal: {@link valueCode}'s, but `unsafe_name` for a prototype key in a JSON value
 * (docs/spec.md#lists-json-ids). Apart, so that the page's base engine, whose judges never give that reason, ships no byte of it.
 */
export const refusalCode = (reason: ValueReason): 'out_of_range' | 'not_an_option' | 'invalid_value' | 'unsafe_name' =>
  reason === ValueReason.UnsafeKey ? 'unsafe_name' : valueCode(reason);

/** The value a verdict that is no refusal writes. */
export const writtenOf = (verdict: Exclude<ValueVerdict, ValueRefusal>): WrittenValue => (typeof verdict === 'function' ? verdict() : verdict);
