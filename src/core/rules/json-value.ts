/**
 * The rule of a JSON value a record writes as it is: a constant's value (docs/spec.md#constants) and an entered `json` value
 * (docs/spec.md#lists-json-ids), once for both. Any JSON value but `null`, at most {@link MAX_JSON_BYTES} bytes as JSON (UTF-8),
 * nesting at most {@link MAX_JSON_DEPTH} arrays and objects, with no prototype key (`__proto__`, `prototype`,
 * `constructor`) at any depth. Untrusted input: a proxy or getter that throws, a cycle or a giant sparse array is
 * refused, never followed.
 */
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { isUnsafeSegment } from '../definition/names.js';
import { tokenPointer } from './json-pointer.js';
import { finite } from './decimal.js';

/** A JSON value of a record is at most this many bytes as JSON. */
export const MAX_JSON_BYTES = 4096;
/**
 * It nests at most this many arrays and objects. 4,096 bytes hold 2,000 levels, which every engine then walks (the
 * console's preview, generated code, a partner's JSON parser): parsers build a nested literal recursively, and so does
 * V8 when it runs one, so a 2,000-deep constant overflowed the stack where an enricher ran it and where a page parsed a
 * generated Prebid.js module. At 32, every engine writes such values as plain literals; real OpenRTB objects nest a
 * few levels.
 */
export const MAX_JSON_DEPTH = 32;

/** Why a value is no JSON value of a record. */
export enum JsonFault {
  /** Functions, `undefined`, NaN, class instances, holes; or a proxy or getter that throws. */
  NotJson = 1,
  /** `null` itself (inside an array or object it is JSON's own). */
  Null,
  TooLarge,
  TooDeep,
  /** A prototype key at any depth (`unsafe_name`). */
  PrototypeKey,
}

/** Why `value` breaks the rule, with the pointer below the value; `undefined` when it keeps it. */
export function jsonFault(value: unknown): [JsonFault, string] | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  let nodes = 0;
  try {
    while (stack.length) {
      const [node, at, depth] = stack.pop()!;
      // Every node takes at least a byte of JSON: this bounds the walk, cycles included.
      if (++nodes > MAX_JSON_BYTES) return [JsonFault.TooLarge, ''];
      if (typeof node === 'string' || typeof node === 'boolean' || finite(node) || (node === null && at)) continue;
      if (depth === MAX_JSON_DEPTH && (isArray(node) || isPlainObject(node))) return [JsonFault.TooDeep, at];
      if (isArray(node)) {
        // Counted before it is walked: a sparse array of a billion holes is refused, not pushed.
        if (nodes + stack.length + node.length > MAX_JSON_BYTES) return [JsonFault.TooLarge, ''];
        for (let i = 0; i < node.length; i++) stack.push([node[i], `${at}/${i}`, depth + 1]);
      } else if (isPlainObject(node)) {
        for (const key of Object.keys(node)) {
          if (isUnsafeSegment(key)) return [JsonFault.PrototypeKey, at + tokenPointer(key)];
          stack.push([node[key], at + tokenPointer(key), depth + 1]);
        }
      } else return [node === null ? JsonFault.Null : JsonFault.NotJson, at];
    }
  } catch {
    return [JsonFault.NotJson, ''];
  }
  return undefined;
}

/**
 * The value as a record keeps it (a JSON copy, checked again, so a getter cannot change what was checked), or why it
 * is refused.
 */
export function checkedJson(value: unknown): { value: unknown } | { fault: [JsonFault, string] } {
  const found = jsonFault(value);
  if (found) return { fault: found };
  const text = JSON.stringify(value);
  if (new TextEncoder().encode(text).length > MAX_JSON_BYTES) return { fault: [JsonFault.TooLarge, ''] };
  const copy: unknown = JSON.parse(text);
  const again = jsonFault(copy);
  return again ? { fault: again } : { value: copy };
}

/**
 * Whether two values a record writes are the same JSON: `===`, or arrays and objects with equal members (object keys
 * in any order). For values this rule checked (at most {@link MAX_JSON_DEPTH} deep).
 * @example sameJson({ a: [1] }, { a: [1] }) // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || isArray(a) !== isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}
