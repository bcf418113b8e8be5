/**
 * What a bid's values must be to be read (docs/spec.md#read-bids): the kinds of Prebid's bid meta, a video bid's
 * duration and category, a deal priority. One judge for every reader; a value of the wrong kind is left out of the
 * bid it came with (`bid_field_skipped`), never the bid itself.
 */
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { jsonFault } from '../rules/json-value.js';
import { MAX_AD, NOTICE_URL } from '../rules/prebid-limits.js';
import type { MetaKind } from '../plan/response-plan.js';

/** A meta kind, or `count` (an integer ≥ 0: a duration in seconds) or `integer` (a deal priority). */
export type ValueKind = MetaKind | 'count' | 'integer';

/** What each kind takes, for the warning's words. */
export const VALUE_WORDS: Readonly<Record<ValueKind, string>> = {
  text: 'a string',
  texts: 'a list of strings',
  id: 'a string or an integer',
  url: 'an http(s) URL',
  object: `a JSON object (no __proto__, prototype or constructor key, at most 4,096 values, 32 levels deep)`,
  count: 'an integer of 0 or more',
  integer: 'an integer',
};

/** The outcome for a value read: absent (nothing to read, no warning), kept, or of the wrong kind. */
export const ABSENT = 0;
export const KEPT = 1;
export const WRONG = 2;

/**
 * How a value read from a bid is taken. `undefined` (missing, or `null`: the reader's `readPath` reads both so) and
 * `""` for a kind of text are absent. A list of strings may be empty; an object is checked as a record's JSON value is.
 * @example judgeValue('texts', ['a.example']) // KEPT
 * @example judgeValue('count', 15.5) // WRONG
 */
export function judgeValue(kind: ValueKind, value: unknown): typeof ABSENT | typeof KEPT | typeof WRONG {
  if (value === undefined || (value === '' && kind !== 'texts' && kind !== 'object')) return ABSENT;
  switch (kind) {
    case 'text':
      return typeof value === 'string' ? KEPT : WRONG;
    case 'texts':
      if (!isArray(value)) return WRONG;
      for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return WRONG;
      return KEPT;
    case 'id':
      return typeof value === 'string' || Number.isSafeInteger(value) ? KEPT : WRONG;
    case 'url':
      return typeof value === 'string' && value.length <= MAX_AD && NOTICE_URL.test(value) ? KEPT : WRONG;
    case 'object':
      return isPlainObject(value) && jsonFault(value) === undefined ? KEPT : WRONG;
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0 ? KEPT : WRONG;
    default:
      return Number.isSafeInteger(value) ? KEPT : WRONG;
  }
}
