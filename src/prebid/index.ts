/**
 * `bidfields/prebid`: a Prebid.js bidder adapter driven by an adapter record (SPEC §4, Prebid JS). The record's
 * fields are the bid params publishers enter; the module builds one OpenRTB 2.6 request per auction with each
 * bid's values applied by the compact engine (core/compact), and reads the partner's CPM from the record's CPM
 * field. Browser-only code paths, no ajv, no `eval`: this entry is what the size budget (scripts/size.mjs)
 * measures.
 */
export { createPrebidBidder } from './bidder.js';
export { registerPrebidBidder } from './register.js';
export { BidfieldsError, type Issue } from '../core/issues.js';
export type { AdapterRecord, FieldDefinition } from '../core/types.js';
export type {
  PrebidBid,
  PrebidBidderOptions,
  PrebidBidderRequest,
  PrebidBidderSpec,
  PrebidBidRequest,
  PrebidGlobal,
  PrebidMediaType,
  PrebidServerRequest,
} from './types.js';
