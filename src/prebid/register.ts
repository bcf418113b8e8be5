/**
 * Registering a bidder with the published Prebid.js (npm or a script tag), where Prebid's internal
 * `registerBidder` is out of reach: through the public `pbjs.registerBidAdapter(undefined, code, spec)`, at once
 * when Prebid has loaded, else as the FIRST command of `pbjs.que`, so the bidder exists before any queued
 * `requestBids` of the page runs. `registerSpec` is exported by the page runtime (generated adapters register
 * through `registerOnPage`, which takes the same steps for the page's global); `registerPrebidBidder` is the
 * record-taking path.
 */
import { createPrebidBidder } from './bidder.js';
import type { AdapterRecord } from '../core/types.js';
import type { PrebidBidderOptions, PrebidBidderSpec, PrebidGlobal } from './types.js';

/**
 * Registers `spec` with `pbjs` now, or first in its queue when Prebid has not loaded yet. (`registerOnPage`, runtime.ts,
 * writes these steps out for the page's global: keep the two alike.)
 */
export function registerSpec(pbjs: PrebidGlobal, spec: PrebidBidderSpec): PrebidBidderSpec {
  const register = () => pbjs.registerBidAdapter!(undefined, spec.code, spec);
  if (pbjs.libLoaded) register();
  else (pbjs.que ??= []).unshift(register);
  return spec;
}

/**
 * Creates the bidder spec (throwing on a bad record, as `createPrebidBidder`) and registers it with `pbjs`.
 * @example
 * import pbjs from 'prebid.js';
 * registerPrebidBidder(pbjs, record, { knownEndpoints: ['bid.partner.com'] });
 * pbjs.processQueue();
 */
export function registerPrebidBidder(pbjs: PrebidGlobal, record: AdapterRecord, options: PrebidBidderOptions): PrebidBidderSpec {
  return registerSpec(pbjs, createPrebidBidder(record, options));
}
