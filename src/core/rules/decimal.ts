/**
 * Numbers as entered and as written (docs/spec.md#values): which decimal strings a double holds exactly, how one is read, how
 * a number is written as text. One reading for the value judge (both engines, the page), forms and the CLI.
 */

/**
 * A finite decimal number: digits with an optional fraction and exponent; no hex, no underscores, no "Infinity".
 * Unambiguous, so a test takes linear time on any text (`\d+\.?\d*` would split a run of digits in as many ways
 * as it is long, and take quadratic time failing on one: seconds on a 40,000-character value). Generated code that
 * reads decimals writes out this very expression (codegen/prebid-repo/value-code.ts).
 */
export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number that is finite (not NaN, not ±Infinity). */
export const finite = Number.isFinite as (value: unknown) => value is number;

/** The significant digits of a decimal number (or of `String(n)`): no sign, point, exponent or leading zeros. */
const digitsOf = (text: string) => text.replace(/[eE].*|\D/g, '').replace(/^0+/, '');

/**
 * True when `value`, the double the decimal number `text` parses to, is that number: the decimal JavaScript
 * writes back for it (its shortest round-trip spelling) has the value written. `0.1`, `1.50`, `1e3` and `-0` are
 * exact; `9007199254740993` (→ …992), `12345678901234567890` (→ …7000), `1e-400` (→ 0) and `1e400` are not.
 * One test for every reader of numbers: the value judge and the CLI's JSON inputs.
 * @example isExactDecimal('9007199254740993', Number('9007199254740993')) // false
 */
export function isExactDecimal(text: string, value: number): boolean {
  // Comparing significant digits is enough: `text` parses to `value`, and two decimals with the same digits differ
  // by a power of ten, which no double's rounding interval spans (0 and Infinity have no digits, so `text` must
  // have none either). The digits of `text` may go on with zeros only: tested without `/0+$/`, which takes
  // quadratic time on a long run of zeros that does not end the text (only the short `String(value)` is cut so).
  // (No shortcut for `String(value) === text`: the digits say so too, and the page ships every byte.)
  const digits = digitsOf(text);
  return digits === digitsOf(String(value)).replace(/0+$/, '').padEnd(digits.length, '0');
}

/**
 * A finite number as its decimal string (docs/spec.md#values) in plain notation: `String(n)` without the exponent JavaScript
 * uses from 1e21 up and below 1e-6, which no one reading an id or a text param expects. Numbers are written
 * as text with it (a number in a text field, a number or select value at a predefined string target).
 * @example decimalString(1e21) // '1000000000000000000000'; decimalString(1e-7) // '0.0000001'
 */
export function decimalString(value: number): string {
  const [mantissa, power] = String(value).split('e') as [string, string?];
  if (!power) return mantissa;
  // Exponent notation has one digit, not 0, before the point (`-d.ddde±x`): every digit of the mantissa counts.
  const exponent = Number(power);
  const digits = digitsOf(mantissa);
  return (value < 0 ? '-' : '') + (exponent < 0 ? `0.${'0'.repeat(-exponent - 1)}${digits}` : digits.padEnd(exponent + 1, '0'));
}

/**
 * Parses a string that is a finite decimal number, surrounding white space allowed: its number; `undefined` when
 * it is none (`"abc"`, `"0x10"`, `"1e999"`); `NaN` when it is one that no double holds exactly
 * (`"9007199254740993"`, `"1e-400"`, see {@link isExactDecimal}), which the value judge refuses as `invalid_value`.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return DECIMAL.test(trimmed) && finite(value) ? (isExactDecimal(trimmed, value) ? value : NaN) : undefined;
}
