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
export type PlanRuleResult = { ok: true; value: WrittenValue } | { ok: false; code: 'invalid_value' | 'out_of_range' | 'not_an_option' };

/**
 * The value rule of SPEC §3 for a field (the full engine's, written for size): an entered value to the value
 * written, or the code it is refused with.
 * @example valueRule({ name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 })('7') // { ok: true, value: 7 }
 */
export function valueRule(field: FieldPlan): (raw: unknown) => PlanRuleResult {
  const { type, options, min, max, integer, minLength = 0, maxLength = Infinity } = field;
  const regExp = field.pattern === undefined ? undefined : new RegExp(field.pattern, 'u');
  // Lengths are counted (in code points, as ucs2length counts them: UTF-16 units less surrogate pairs, so a lone
  // surrogate is one; without copying the text) only when the field bounds them.
  const counted = field.minLength !== undefined || field.maxLength !== undefined;
  return (raw) => {
    let length;
    // text: a string or a finite number (as its decimal string); number and select: a finite number, or a
    // string that is a finite decimal number, surrounding white space allowed (NaN: one no double holds exactly).
    const value = type === 'text' ? (typeof raw === 'string' ? raw : finite(raw) ? decimalString(raw) : undefined) : typeof raw === 'string' ? parseDecimal(raw) : finite(raw) ? raw : undefined;
    const code =
      value !== value ? 'invalid_value'
      : type === 'select' && !options!.includes(value as number) ? 'not_an_option'
      : value === undefined || (type === 'text' ? (counted && ((length = (value as string).length - ((value as string).match(/[\ud800-\udbff][\udc00-\udfff]/g) ?? []).length) < minLength || length > maxLength)) || (regExp && !regExp.test(value as string)) : integer && !Number.isInteger(value)) ? 'invalid_value'
      : type === 'number' && ((value as number) < min! || (value as number) > max!) ? 'out_of_range'
      : undefined;
    return code ? { ok: false, code } : { ok: true, value: field.string && finite(value) ? decimalString(value) : value! };
  };
}
