/**
 * Value rules of SPEC §3, decided once per field at compile time: each field gets one closure that turns an
 * entered value into the value written (a number or a string) or says why it cannot. The hot path of `bind`
 * then only calls these closures; nothing about the field's type is looked up again.
 */
import type { FieldDefinition } from '../types.js';
import { ucs2length } from '../definition/ucs2length.js';

export type WrittenValue = string | number;
export type RuleResult =
  | { ok: true; value: WrittenValue }
  | { ok: false; code: 'invalid_value' | 'out_of_range' | 'not_an_option'; message: string };
export type ValueRule = (raw: unknown) => RuleResult;

// A finite decimal number: digits with an optional fraction and exponent; no hex, no underscores, no "Infinity".
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Why a number or select value spelt as a string that the double it parses to would not write back is refused. */
const INEXACT = 'has more digits than a number keeps (about 17 significant): it would be written back as a different decimal; use a text field for long ids';

/** `undefined`, `null` and `""` mean "not entered" (SPEC §3). */
export function isNotEntered(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

/** The significant digits of a decimal number (or of `String(n)`): no sign, point, exponent or leading zeros. */
const digitsOf = (text: string) => text.replace(/[eE].*|\D/g, '').replace(/^0+/, '');

/**
 * True when `value`, the double the decimal number `text` parses to, is that number: the decimal JavaScript
 * writes back for it (its shortest round-trip spelling) has the value written. `0.1`, `1.50`, `1e3` and `-0` are
 * exact; `9007199254740993` (→ …992), `12345678901234567890` (→ …7000), `1e-400` (→ 0) and `1e400` are not.
 * One test for every reader of numbers: the value rules and the CLI's JSON inputs.
 * @example isExactDecimal('9007199254740993', Number('9007199254740993')) // false
 */
export function isExactDecimal(text: string, value: number): boolean {
  const shortest = String(value);
  if (shortest === text) return true;
  // Comparing significant digits is enough: `text` parses to `value`, and two decimals with the same digits differ
  // by a power of ten, which no double's rounding interval spans (0 and Infinity have no digits, so `text` must
  // have none either). The digits of `text` may go on with zeros only: tested without `/0+$/`, which takes
  // quadratic time on a long run of zeros that does not end the text (only the short `String(value)` is cut so).
  const written = digitsOf(shortest).replace(/0+$/, '');
  const digits = digitsOf(text);
  return digits.startsWith(written) && !/[1-9]/.test(digits.slice(written.length));
}

/**
 * A finite number as its decimal string (SPEC §3) in plain notation: `String(n)` without the exponent JavaScript
 * uses from 1e21 up and below 1e-6, which no one reading an id or a text param expects. Both engines write
 * numbers as text with it (a number in a text field, a number or select value at a predefined string target).
 * @example decimalString(1e21) // '1000000000000000000000'; decimalString(1e-7) // '0.0000001'
 */
export function decimalString(value: number): string {
  const [mantissa, power] = String(value).split('e') as [string, string?];
  if (power === undefined) return mantissa;
  // Exponent notation has one digit before the point: `-d.ddde±x`.
  const exponent = Number(power);
  const digits = mantissa.replace(/[-.]/g, '');
  return (value < 0 ? '-' : '') + (exponent < 0 ? `0.${'0'.repeat(-exponent - 1)}${digits}` : digits.padEnd(exponent + 1, '0'));
}

/**
 * Parses a string that is a finite decimal number, surrounding white space allowed: its number; `undefined` when
 * it is none (`"abc"`, `"0x10"`, `"1e999"`); `NaN` when it is one that no double holds exactly
 * (`"9007199254740993"`, `"1e-400"`, see {@link isExactDecimal}), which the value rules refuse as `invalid_value`.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return DECIMAL.test(trimmed) && isFinite(value) ? (isExactDecimal(trimmed, value) ? value : NaN) : undefined;
}

/** A finite number, `NaN` for a decimal string no double holds exactly, else `undefined`. */
function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string') return parseDecimal(raw);
  return undefined;
}

const fail = (code: 'invalid_value' | 'out_of_range' | 'not_an_option', message: string): RuleResult => ({ ok: false, code, message });

function numberRule(field: Extract<FieldDefinition, { type: 'number' }>): ValueRule {
  const { min, max, integer } = field;
  return (raw) => {
    const value = toNumber(raw);
    if (value === undefined) return fail('invalid_value', 'must be a finite number');
    if (Number.isNaN(value)) return fail('invalid_value', INEXACT);
    if (integer && !Number.isInteger(value)) return fail('invalid_value', 'must be an integer');
    if (min !== undefined && value < min) return fail('out_of_range', `must be at least ${min}`);
    if (max !== undefined && value > max) return fail('out_of_range', `must be at most ${max}`);
    return { ok: true, value };
  };
}

function textRule(field: Extract<FieldDefinition, { type: 'text' }>, pattern: RegExp | undefined): ValueRule {
  const { minLength, maxLength } = field;
  return (raw) => {
    let text: string;
    if (typeof raw === 'string') text = raw;
    else if (typeof raw === 'number' && Number.isFinite(raw)) text = decimalString(raw);
    else return fail('invalid_value', 'must be a string or a finite number');
    if (minLength !== undefined || maxLength !== undefined) {
      const length = ucs2length(text);
      if (minLength !== undefined && length < minLength) return fail('invalid_value', `must be at least ${minLength} characters long`);
      if (maxLength !== undefined && length > maxLength) return fail('invalid_value', `must be at most ${maxLength} characters long`);
    }
    if (pattern && !pattern.test(text)) return fail('invalid_value', `must match the pattern ${pattern.source}`);
    return { ok: true, value: text };
  };
}

function selectRule(field: Extract<FieldDefinition, { type: 'select' }>): ValueRule {
  const allowed = new Set(field.options.map((option) => option.value));
  const list = field.options.map((option) => option.value).join(', ');
  return (raw) => {
    const value = toNumber(raw);
    if (Number.isNaN(value)) return fail('invalid_value', INEXACT);
    if (value === undefined || !allowed.has(value)) return fail('not_an_option', `must be one of the option values: ${list}`);
    return { ok: true, value };
  };
}

/**
 * The rule for one (schema-valid) field. `pattern` is the field's compiled pattern, if any. Predefined targets are
 * written as strings (SPEC §2), so for them a coerced number is turned into its decimal string.
 */
export function valueRule(field: FieldDefinition, pattern: RegExp | undefined, asString: boolean): ValueRule {
  const rule = field.type === 'number' ? numberRule(field) : field.type === 'select' ? selectRule(field) : textRule(field, pattern);
  if (!asString) return rule;
  return (raw) => {
    const result = rule(raw);
    return result.ok && typeof result.value === 'number' ? { ok: true, value: decimalString(result.value) } : result;
  };
}
