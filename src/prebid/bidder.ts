/**
 * `createPrebidBidder`: an adapter record becomes a Prebid.js bidder spec. The record is compiled once, here, with
 * `compileLite` (no ajv output in a page script), so a bad record, endpoint or CPM field fails when the page's
 * Prebid set-up is built, loudly, and never during an auction. From then on the spec's functions run inside
 * Prebid's auction, which does not catch every throw (a throw in `getUserSyncs` breaks the auction's end), so each
 * of them is wrapped: whatever Prebid passes or the partner answers, they return a safe value and log why.
 */
import { compileCompact } from '../core/compact/engine.js';
import { BidfieldsError, issue, type Issue } from '../core/issues.js';
import type { AdapterRecord } from '../core/types.js';
import { buildRequests, type Warn } from './build-requests.js';
import { interpretResponse, MEDIA_TYPES } from './interpret-response.js';
import type { PrebidBidderOptions, PrebidBidderSpec } from './types.js';

/**
 * Compiles a `prebid-js` adapter record into a Prebid.js bidder spec (`code` = the record's `bidderCode`).
 * @throws BidfieldsError with every issue of the record (`wrong_protocol`, `invalid_endpoint`,
 * `unknown_endpoint`, `invalid_cpm_field`, `invalid_bidder_code`, field issues).
 * @example
 * import { registerBidder } from '../src/adapters/bidderFactory.js'; // inside a Prebid.js source build
 * registerBidder(createPrebidBidder(record, { knownEndpoints: ['bid.partner.com'] }));
 */
export function createPrebidBidder(record: AdapterRecord, options: PrebidBidderOptions): PrebidBidderSpec {
  const adapter = compileCompact(record, options);
  const issues: Issue[] = [];
  if (adapter.protocol !== 'prebid-js') issues.push(issue('wrong_protocol', '/protocol', "not a 'prebid-js' record"));
  if (!adapter.endpoint) issues.push(issue('invalid_endpoint', '/endpoint', 'no endpoint'));
  if (issues.length > 0) throw new BidfieldsError(issues);
  const code = adapter.bidderCode!;
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  const warn: Warn = (message, detail) => {
    try {
      log(`bidfields ${code}: ${message}`, detail);
    } catch {
      // A logger that throws (or a page without console) must not take the auction down with it.
    }
  };
  const guard = <T>(run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      warn('unexpected input', error);
      return fallback;
    }
  };
  return {
    code,
    supportedMediaTypes: MEDIA_TYPES,
    isBidRequestValid: (bid) =>
      guard(() => {
        const found = adapter.validateValues((bid.params ?? {}) as Record<string, unknown>);
        if (found.length > 0) warn('invalid params', found);
        return found.length === 0;
      }, false),
    buildRequests: (bids, bidderRequest) => guard(() => buildRequests(adapter, options, warn, bids, bidderRequest), []),
    interpretResponse: (response, request) => guard(() => interpretResponse(adapter, options, warn, response, request), []),
    getUserSyncs: () => [],
  };
}
