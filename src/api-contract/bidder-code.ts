/**
 * The bidder code rule where the adapter API reads a code from its address, shared by the adapters service and the
 * browser-side client so that the client refuses exactly the codes the server refuses, before sending anything. The
 * rule itself is core/rules/bidder-code.ts, the one a record's `bidderCode` is checked by: a code a record may carry
 * is a code its address may carry (it also keeps out `.` and `..`, which `fetch` would resolve).
 */
import { issue, type Issue } from '../core/issues.js';
import { BIDDER_CODE_RULE, isBidderCode } from '../core/rules/bidder-code.js';

export { isBidderCode };

/** The issue a refused bidder code gets (the address is not in the body, so its path is the body's root). */
export function bidderCodeIssue(): Issue {
  return issue('invalid_bidder_code', '', `the bidder code in the address must be ${BIDDER_CODE_RULE}`);
}
