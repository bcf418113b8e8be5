/**
 * Values of the record as code in Prebid.js's style: the literal rule of core/source/literal.ts (every string a JSON
 * literal, so record text never becomes code) with the spacing Prebid's eslint rules ask for, which a pull request is
 * linted with and never `--fix`ed: `{ "a": 1, "b": [1, 2] }`, not compact JSON (`@stylistic/object-curly-spacing`,
 * `key-spacing`, `comma-spacing`).
 */
import { literal } from '../emit.js';

/**
 * A JSON value as a JavaScript expression in Prebid's style that makes a new copy each time it runs: strings,
 * numbers, booleans and null as `literal` writes them (`-0` kept), arrays `[a, b]`, objects `{ "key": value }` (an
 * own `__proto__` key as a computed key, which defines a property where a plain one would set the prototype).
 * @example styled({ a: [1, { b: true }], c: {} }) // '{ "a": [1, { "b": true }], "c": {} }'
 */
export function styled(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('not a JSON value: a number that is not finite');
    return Object.is(value, -0) ? '-0' : literal(value);
  }
  if (Array.isArray(value)) return `[${value.map(styled).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    const entries = keys.map((key) => `${key === '__proto__' ? `[${literal(key)}]` : literal(key)}: ${styled((value as Record<string, unknown>)[key])}`);
    return keys.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return literal(value);
}
