/**
 * `createPrebidBidder`: an adapter record becomes a Prebid.js bidder spec. The record is compiled once, here, by
 * the compact engine (the size-bound twin of `compile`), so a bad record, endpoint or CPM field fails when the
 * page's Prebid set-up is built, loudly, and never during an auction. From then on the spec's functions run
 * inside Prebid's auction, which does not catch every throw (a throw in `getUserSyncs` breaks the auction's end),
 * so each of them is wrapped: whatever Prebid passes or the partner answers, they return a safe value and log why.
 */
import { compileCompact, problem } from '../core/compact/engine.js';
import { BidfieldsError } from '../core/issues.js';
import type { AdapterRecord } from '../core/types.js';
import { buildRequests, type Warn } from './build-requests.js';
import { interpretResponse, MEDIA_TYPES } from './interpret-response.js';
import type { PrebidBidderOptions, PrebidBidderSpec } from './types.js';

/**
 * Compiles a `prebid-js` adapter record into a Prebid.js bidder spec (`code` = the record's `bidderCode`).
 * @throws BidfieldsError with every issue the compact engine finds in the record (`wrong_protocol`,
 * `invalid_endpoint`, `unknown_endpoint`, `invalid_cpm_field`, `invalid_bidder_code`, field issues), and
 * `invalid_gvlid` (path `/gvlid`, into the options) for a GVL ID that is not a positive integer; rules about
 * how a record is written are `validateAdapter`'s, run where records are written (see core/compact/engine.ts).
 * @example
 * import { registerBidder } from '../src/adapters/bidderFactory.js'; // inside a Prebid.js source build
 * registerBidder(createPrebidBidder(record, { knownEndpoints: ['bid.partner.com'] }));
 */
export function createPrebidBidder(record: AdapterRecord, options: PrebidBidderOptions): PrebidBidderSpec {
  const adapter = compileCompact(record, options);
  const issues = [];
  if (adapter.protocol !== 'prebid-js') issues.push(problem('wrong_protocol', '/protocol'));
  if (!adapter.endpoint) issues.push(problem('invalid_endpoint', '/endpoint'));
  // A GVL ID is a positive integer; a wrong one would silently fail every TCF consent check.
  const { gvlid } = options;
  if (gvlid !== undefined && !(Number.isInteger(gvlid) && gvlid > 0)) issues.push(problem('invalid_gvlid', '/gvlid'));
  if (issues.length) throw new BidfieldsError(issues);
  const code = adapter.bidderCode!;
  const warn: Warn = (message, detail) => {
    try {
      (options.log ?? console.warn)(`bidfields ${code}: ${message}`, detail);
    } catch {
      // A logger that throws (or a page without console) must not take the auction down with it.
    }
  };
  /** `run`, returning `false` (or `[]` for the functions that return lists) and logging when it throws. */
  const guard = <A extends unknown[], T>(run: (...args: A) => T, list = false) => (...args: A): T => {
    try {
      return run(...args);
    } catch (error) {
      warn('unexpected input', error);
      return (list ? [] : false) as T;
    }
  };
  return {
    code,
    ...(gvlid && { gvlid }),
    supportedMediaTypes: MEDIA_TYPES,
    isBidRequestValid: guard((bid) => {
      const found = adapter.validateValues(bid.params ?? {});
      if (found.length) warn('invalid params', found);
      return !found.length;
    }),
    buildRequests: guard((bids, bidderRequest) => buildRequests(adapter, options, warn, bids, bidderRequest), true),
    interpretResponse: guard((response, request) => interpretResponse(adapter, options, warn, response, request), true),
    getUserSyncs: () => [],
  };
}
