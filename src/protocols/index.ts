/**
 * The protocol wrappers: thin layers over the core that turn an enriched request into the HTTP request each
 * protocol sends (RTB, Prebid Server), read the partner's answer to each (`readBids`), describe an adapter's values
 * for Prebid Server (draft-04 params schema), and read a partner's CPM for Prebid JS. They import only from the core; the core never imports them.
 */
export { sendHttpRequest, OPENRTB_HEADERS, type HttpRequest, type HttpResponse, type SendOptions, type FetchLike } from './http-request.js';
export type { SafeBuildResult, SafeBuildAllResult } from './build.js';
export { buildRtbRequest, safeBuildRtbRequest, buildRtbRequests, safeBuildRtbRequests } from './rtb.js';
export {
  compilePrebidServer,
  paramsLocationOf,
  buildPrebidServerRequest,
  safeBuildPrebidServerRequest,
  buildPrebidServerRequests,
  safeBuildPrebidServerRequests,
  AUCTION_PATH,
  type ParamsLocation,
  type PrebidServerOptions,
} from './prebid-server.js';
export { toParamsSchema, NUMERIC_STRING_PATTERN, type ParamsSchema, type PropertySchema } from './params-schema.js';
export { readCpm } from './prebid-js.js';
export { readBids } from './read-bids.js';
export type { ReadBid, ReadBidsResult } from '../core/response/read-answer.js';
