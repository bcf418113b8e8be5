/**
 * `registerPrebidBidder`: for pages and builds that import bidfields next to the published Prebid.js (npm or a
 * script tag), where Prebid's internal `registerBidder` is out of reach. It goes through the public
 * `pbjs.registerBidAdapter(undefined, code, spec)`, at once when Prebid has loaded, else as the FIRST command of
 * `pbjs.que`, so the bidder exists before any queued `requestBids` of the page runs.
 */
import { createPrebidBidder } from './bidder.js';
import type { AdapterRecord } from '../core/types.js';
import type { PrebidBidderOptions, PrebidBidderSpec, PrebidGlobal } from './types.js';

/**
 * Creates the bidder spec (throwing on a bad record, as `createPrebidBidder`) and registers it with `pbjs`.
 * @example
 * import pbjs from 'prebid.js';
 * registerPrebidBidder(pbjs, record, { knownEndpoints: ['bid.partner.com'] });
 * pbjs.processQueue();
 */
export function registerPrebidBidder(pbjs: PrebidGlobal, record: AdapterRecord, options: PrebidBidderOptions): PrebidBidderSpec {
  const spec = createPrebidBidder(record, options);
  const register = () => pbjs.registerBidAdapter!(undefined, spec.code, spec);
  if (pbjs.libLoaded) register();
  else (pbjs.que ??= []).unshift(register);
  return spec;
}
