/**
 * The CPM field rule (docs/spec.md#protocols), for both record checks: the dot path naming where a partner's bid carries its CPM,
 * segments as in a field name, none of them a prototype key (every path of a record's `response` too,
 * docs/spec.md#response-record); and what a CPM read there must be. The page runtime and `readBids` read bids by both.
 */
import { hasUnsafeSegment, isDotPath } from '../definition/names.js';
import { finite } from './decimal.js';

/**
 * True when `path` may be a record's CPM field.
 * @example isCpmField('ext.cpm') // true
 * @example isCpmField('a.__proto__') // false
 */
export const isCpmField = (path: unknown): path is string => typeof path === 'string' && isDotPath(path) && !hasUnsafeSegment(path);

/**
 * A CPM as read from a bid: a finite JSON number of 0 or more (`-0` as 0), else `undefined`. A numeric string is none:
 * OpenRTB's `price` is a number, and a partner that quotes it is more likely sending something else (`"1,50"`).
 * @example cpmOf(1.5) // 1.5
 * @example cpmOf('1.5') // undefined
 */
export const cpmOf = (value: unknown): number | undefined => (finite(value) && value >= 0 ? value + 0 : undefined);
