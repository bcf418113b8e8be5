/**
 * The bidder code rule, shared by the adapters service and the browser-side client so that the client refuses
 * exactly the codes the server refuses, before sending anything: 1 to 100 of `[A-Za-z0-9_-]`, and not a name that
 * could reach an object's prototype. A code is one path segment of `/api/adapters/{bidderCode}`; this rule also
 * keeps out `.` and `..`, which `fetch` would resolve (`/api/adapters/.` is the list).
 */
import { issue, type Issue } from '../core/issues.js';
import { hasUnsafeSegment } from '../core/definition/names.js';

const BIDDER_CODE = /^[A-Za-z0-9_-]{1,100}$/;

/** True when `bidderCode` may name an adapter record. */
export function isBidderCode(bidderCode: string): boolean {
  return BIDDER_CODE.test(bidderCode) && !hasUnsafeSegment(bidderCode);
}

/** The issue a refused bidder code gets (the address is not in the body, so its path is the body's root). */
export function bidderCodeIssue(): Issue {
  return issue('invalid_bidder_code', '', 'the bidder code in the address must be 1 to 100 of [A-Za-z0-9_-], not __proto__, prototype or constructor');
}
