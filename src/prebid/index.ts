/**
 * `bidfields/prebid`: a Prebid.js bidder adapter driven by an adapter record (docs/spec.md#protocols, Prebid JS). The record's
 * fields are the bid params publishers enter; the module builds one OpenRTB 2.6 request per auction with each
 * bid's values applied by the compact engine (core/compact), and reads the partner's CPM from the record's CPM
 * field. It checks the record in the page, then runs the page runtime that generated adapters use
 * (`bidfields/prebid-runtime`). Browser-only code paths, no ajv, no `eval`; scripts/size.mjs prints its size (c).
 */
export { createPrebidBidder } from './bidder.js';
export { registerPrebidBidder } from './register.js';
export { BidfieldsError, type Issue } from '../core/issues.js';
export type { AdapterRecord, FieldDefinition } from '../core/types.js';
export type {
  BidderPlan,
  PrebidBid,
  PrebidBidderOptions,
  PrebidBidderRequest,
  PrebidBidderSpec,
  PrebidBidRequest,
  PrebidGlobal,
  PrebidMediaType,
  PrebidRuntimeOptions,
  PrebidServerRequest,
} from './types.js';
