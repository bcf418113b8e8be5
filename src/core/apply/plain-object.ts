/**
 * The one test for "an object we may step into": a non-null object whose prototype is `Object.prototype` or
 * null. Arrays, class instances, boxed primitives and functions are not; nor is anything reached by inheritance.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An own property's value, never an inherited one. */
export function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
