/**
 * The safety rule of generated code: every name and value from a record or from entered values enters the source
 * as a JSON literal, never as code text, so a hostile key or value can only ever be a string or number inside it.
 * Used by the generated enrichers (core/source) and the generated Prebid.js adapters (src/codegen).
 */

/**
 * A value as a JavaScript literal: its JSON, with the two line terminators JSON allows in strings but older
 * parsers refused, and `<`, `>`, escaped, so the literal is also safe inlined into an HTML script block.
 * @example literal('a</script>') // '"a\\u003c/script\\u003e"'
 */
export function literal(value: unknown): string {
  return JSON.stringify(value).replace(/[\u2028\u2029<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * How deep a JSON value nests (a scalar 0, `[]` 1, `[{}]` 2), read without recursion; the walk stops once it finds a
 * value deeper than `limit`, and gives that depth (more than `limit`, not necessarily the deepest).
 */
export function nesting(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length && deepest <= limit) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * A JSON value as an expression that makes a new copy each time it runs: an object or array literal (its keys
 * JSON literals; an own `__proto__` key as a computed key, which defines a property where a plain one would set the
 * prototype), `-0` kept. Throws on what is not JSON (the plan holds JSON copies only).
 * @example expression({ a: [1, { b: true }] }) // '{"a": [1, {"b": true}]}'
 */
export function expression(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return literal(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('not a JSON value: a number that is not finite');
    return Object.is(value, -0) ? '-0' : literal(value);
  }
  if (Array.isArray(value)) return `[${value.map(expression).join(', ')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.keys(value).map(
      (key) => `${key === '__proto__' ? `[${literal(key)}]` : literal(key)}: ${expression((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(', ')}}`;
  }
  throw new TypeError(`not a JSON value: ${typeof value}`);
}
