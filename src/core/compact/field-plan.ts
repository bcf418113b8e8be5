/**
 * A field as the page runs it: plain JSON constants, decided once where the record is checked (by the compact
 * engine in `compileCompact`, or at build time by `generatePrebidAdapter`, which writes them into the generated
 * adapter as JSON literals), and turned here into the value rule of SPEC §3. Nothing of the record's grammar,
 * conflicts or endpoint is looked at again: a `FieldPlan` is only ever made from a record that passed them.
 */
import { decimalString, parseDecimal, type WrittenValue } from '../compile/value-rule.js';

/** One checked field, as JSON: where its value goes and the parameters of its value rule. */
export interface FieldPlan {
  name: string;
  /** Where the value goes: `[root, ...keys]`; root 0 is the imp, 1 the inventory object (app, site or dooh). */
  to: (string | number)[];
  type: 'text' | 'number' | 'select';
  required?: true;
  /** The default, already coerced by the field's rule. */
  default?: WrittenValue;
  /** Numbers are written as decimal strings (the predefined targets, SPEC §2). */
  string?: true;
  min?: number;
  max?: number;
  integer?: true;
  minLength?: number;
  maxLength?: number;
  /** A pattern that compiles with the `u` flag. */
  pattern?: string;
  /** A select field's option values. */
  options?: number[];
}

const finite = (value: unknown): value is number => typeof value === 'number' && isFinite(value);

/** A value rule's verdict: the value to write, or the code of SPEC §3 it is refused with. */
export type PlanRuleResult = { value: WrittenValue; code?: undefined } | { code: 'invalid_value' | 'out_of_range' | 'not_an_option' };

/**
 * The value rule of SPEC §3 for a field (the full engine's, written for size): an entered value to the value
 * written, or the code it is refused with.
 * @example valueRule({ name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 })('7') // { ok: true, value: 7 }
 */
export function valueRule(field: FieldPlan): (raw: unknown) => PlanRuleResult {
  const { type, options, min, max, integer, minLength = 0, maxLength = Infinity, pattern } = field;
  const text = type === 'text';
  // An empty pattern matches every text, as no pattern does.
  const regExp = pattern && new RegExp(pattern, 'u');
  // Lengths are counted (in code points, as ucs2length counts them: a lone surrogate is one; without copying the
  // text) only when the field bounds them.
  const counted = minLength > 0 || maxLength < Infinity;
  return (raw) => {
    let length = 0;
    // text: a string or a finite number (as its decimal string); number and select: a finite number, or a
    // string that is a finite decimal number, surrounding white space allowed (NaN: one no double holds exactly).
    const value = typeof raw === 'string' ? (text ? raw : parseDecimal(raw)) : finite(raw) ? (text ? decimalString(raw) : raw) : undefined;
    if (text && counted && value !== undefined) for (const _ of value as string) length++;
    const code =
      value !== value ? 'invalid_value'
      : type === 'select' && !options!.includes(value as number) ? 'not_an_option'
      : value === undefined || (text ? length < minLength || length > maxLength || (regExp && !regExp.test(value as string)) : integer && !Number.isInteger(value)) ? 'invalid_value'
      : type === 'number' && ((value as number) < min! || (value as number) > max!) ? 'out_of_range'
      : undefined;
    return code ? { code } : { value: field.string && finite(value) ? decimalString(value) : value! };
  };
}
