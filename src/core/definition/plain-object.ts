/**
 * The one test for "an object we may step into": a non-null object whose prototype is `Object.prototype` or
 * null. Arrays, class instances, boxed primitives and functions are not; nor is anything reached by inheritance,
 * nor a proxy that cannot say its prototype (revoked, or a trap that throws).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  try {
    // `?? 0`: no throw for null and undefined (a primitive's prototype is its wrapper's, never Object.prototype).
    const proto = Object.getPrototypeOf(value ?? 0);
    return typeof value === 'object' && (proto === Object.prototype || proto === null);
  } catch {
    return false;
  }
}

/** An own property's value, else `undefined` (never an inherited one; `null` stays, for readers that take it for absent). */
export const own = (object: Record<string | number, any>, key: string | number) => (Object.hasOwn(object, key) ? object[key] : undefined);

/** `Array.isArray`, but false for a revoked proxy (for which `Array.isArray` throws). */
export function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * A shallow copy of an own plain object that is about to receive keys it may not have. V8 clones an object's
 * shape for `{...source}` cheaply, but adding a new key to such a clone costs about a microsecond (the cloned
 * shape has no cached transition), ten times a key-by-key copy. So: spread when every written key already
 * exists, else copy key by key. An own `__proto__` key (JSON.parse makes them) is copied as data, never set as
 * the prototype.
 */
export function copyFor(source: Record<string, unknown>, addsKeys: boolean): Record<string, unknown> {
  if (!addsKeys) return { ...source };
  const copy: Record<string, unknown> = {};
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (key === '__proto__') Object.defineProperty(copy, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = source[key];
  }
  return copy;
}
