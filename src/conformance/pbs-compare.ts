/**
 * JSON values compared as Prebid Server's adapter tests compare them (docs/spec.md#whole-adapters): the first place
 * they part, as a JSON Pointer, shared by the request side (conformance/pbs.ts) and the answer side (pbs-bids.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { escapePointerToken } from '../core/issues.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Where the record's requests and the fixture's part first, as a JSON Pointer into the fixture, and why. */
export interface PbsDifference {
  pointer: string;
  /** What differs there, in a few words: `expected 5, got "5"`, `2 requests built, 1 expected`. */
  detail: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON semantics: what a JSON text of the value holds (undefined members gone, `0.500` is `0.5`). */
export function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value) ?? 'null') as Json;
}

const show = (value: Json | undefined) => (value === undefined ? 'nothing' : abbreviate(JSON.stringify(value)));
const abbreviate = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/**
 * The first place two JSON values part, depth first (object members in the expected value's order, then members
 * only the built one has; array items in order), as a JSON Pointer relative to them, or `undefined` when equal.
 * @example firstJsonDifference({ a: [1, 2] }, { a: [1, 3] }) // { pointer: '/a/1', detail: 'expected 3, got 2' }
 */
export function firstJsonDifference(got: Json | undefined, expected: Json | undefined, at = ''): PbsDifference | undefined {
  if (isObject(got) && isObject(expected)) {
    for (const key of [...Object.keys(expected), ...Object.keys(got).filter((key) => !Object.hasOwn(expected, key))]) {
      const found = firstJsonDifference(
        Object.hasOwn(got, key) ? got[key] : undefined,
        Object.hasOwn(expected, key) ? expected[key] : undefined,
        `${at}/${escapePointerToken(key)}`,
      );
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(got) && Array.isArray(expected)) {
    for (let i = 0; i < Math.max(got.length, expected.length); i++) {
      const found = firstJsonDifference(got[i], expected[i], `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  return isDeepStrictEqual(got, expected) ? undefined : { pointer: at, detail: `expected ${show(expected)}, got ${show(got)}` };
}
