// Exact comparison of two engines' outcomes (docs/spec.md#everywhere: one verdict): the same own keys in the same
// order, the same prototypes and property attributes, `Object.is` for every value, and the same objects of the input
// shared, copied or written in place. Used by the engine-agreement property tests.
import { BidfieldsError } from '../../src/index.js';

export const isObject = (value: unknown): value is object => (typeof value === 'object' && value !== null) || typeof value === 'function';

/** Where each object of `value` is, by JSON Pointer: what an engine may share or write in place. */
export function origins(value: unknown, at = '', out = new Map<object, string>()): Map<object, string> {
  if (!isObject(value) || out.has(value)) return out;
  out.set(value, at);
  for (const key of Reflect.ownKeys(value)) origins(Object.getOwnPropertyDescriptor(value, key)!.value, `${at}/${String(key)}`, out);
  return out;
}

/**
 * The differences between `a` (generated) and `b` (interpreter) at `path`. `originsA` / `originsB`: the objects each
 * engine was given (the same input for both, or each its own copy for an in-place call); each must share, or copy, or
 * write in place, the same ones.
 */
export function differences(a: unknown, b: unknown, originsA: Map<object, string>, originsB: Map<object, string>, path = '', out: string[] = []): string[] {
  if (out.length > 5) return out;
  if (!isObject(a) || !isObject(b)) {
    if (!Object.is(a, b)) out.push(`${path || '/'}: ${String(a)} vs ${String(b)}`);
    return out;
  }
  if (originsA.get(a) !== originsB.get(b))
    out.push(`${path || '/'}: the given object at ${originsA.get(a) ?? '(none: new)'} vs at ${originsB.get(b) ?? '(none: new)'}`);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) out.push(`${path || '/'}: prototypes differ`);
  if (Array.isArray(a) !== Array.isArray(b)) out.push(`${path || '/'}: array vs not`);
  const keysA = Reflect.ownKeys(a);
  const keysB = Reflect.ownKeys(b);
  if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i])) {
    out.push(`${path || '/'}: keys ${JSON.stringify(keysA.map(String))} vs ${JSON.stringify(keysB.map(String))}`);
    return out;
  }
  for (const key of keysA) {
    const da = Object.getOwnPropertyDescriptor(a, key)!;
    const db = Object.getOwnPropertyDescriptor(b, key)!;
    const at = `${path}/${String(key)}`;
    if (da.enumerable !== db.enumerable || da.writable !== db.writable || da.configurable !== db.configurable || 'value' in da !== 'value' in db)
      out.push(`${at}: property attributes differ`);
    differences(da.value, db.value, originsA, originsB, at, out);
  }
  return out;
}

/** Runs both, and throws when their outcomes (a result, or the error thrown) differ in any way. */
export function same(what: string, given: unknown, generated: () => unknown, interpreted: () => unknown, givenB: unknown = given): unknown {
  const outcome = (run: () => unknown) => {
    try {
      return { value: run() };
    } catch (error) {
      if (error instanceof BidfieldsError) return { error: { name: error.name, message: error.message, issues: error.issues, warnings: error.warnings } };
      throw error;
    }
  };
  // What each was given, before the call writes into it.
  const [originsA, originsB] = [origins(given), origins(givenB)];
  const a = outcome(generated);
  const b = outcome(interpreted);
  const found = differences(a, b, originsA, originsB);
  if (found.length)
    throw new Error(`${what}: the engines differ\n  ${found.join('\n  ')}\n  generated: ${JSON.stringify(a)}\n  interpreter: ${JSON.stringify(b)}`);
  return a.value;
}
