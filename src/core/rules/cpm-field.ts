/**
 * The CPM field rule (docs/spec.md#protocols), for both record checks: the dot path naming where a partner's bid carries its CPM,
 * segments as in a field name, none of them a prototype key. The page runtime reads the bid at it.
 */
import { hasUnsafeSegment, isDotPath } from '../definition/names.js';

/**
 * True when `path` may be a record's CPM field.
 * @example isCpmField('ext.cpm') // true
 * @example isCpmField('a.__proto__') // false
 */
export const isCpmField = (path: unknown): path is string => typeof path === 'string' && isDotPath(path) && !hasUnsafeSegment(path);
