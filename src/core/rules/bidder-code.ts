/**
 * The bidder code rule, once for every place a code is judged: a record's `bidderCode` (both record checks), the
 * adapter API's address `/api/adapters/{bidderCode}` on the server and in the typed client, and the Prebid.js
 * module names made from it. 1 to 100 of `[A-Za-z0-9_-]` (Prebid registers a bidder by it; one path segment of the
 * API, so never `.` or `..`), and never a name that reaches an object's prototype. Codes are case-sensitive.
 */
import { isUnsafeSegment } from '../definition/names.js';

/** 1 to 100 of [A-Za-z0-9_-]: the expression and its words below say the same, side by side. */
const BIDDER_CODE = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * True when `code` may be a bidder code.
 * @example isBidderCode('acme_ssp') // true
 * @example isBidderCode('__proto__') // false
 */
export const isBidderCode = (code: unknown): code is string => typeof code === 'string' && BIDDER_CODE.test(code) && !isUnsafeSegment(code);

/**
 * What a bidder code must be, in words (the message wherever one is refused). A plain literal: a page
 * bundle that never words an issue drops it (a template with a placeholder would stay in every bundle).
 */
export const BIDDER_CODE_RULE = '1 to 100 of [A-Za-z0-9_-], not __proto__, prototype or constructor';
