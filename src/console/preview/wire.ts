// What goes on the wire for an enriched request in the placement preview: the POST the RTB or Prebid Server wrapper
// builds (`safeBuild` in protocols/build.ts: the adapter's checked endpoint, or Prebid Server's auction URL, and the
// OpenRTB headers), made from a request already enriched, since the preview enriches per imp (`safeEnrichImps`)
// while the wrappers take one values object.
import { issue, type Issue } from '../../core/issues.js';
import type { CompiledAdapter } from '../../core/adapter.js';
import type { BidRequest } from '../../core/types.js';
import { jsonPost, type HttpRequest } from '../../protocols/http-request.js';
import { auctionUrl } from '../../protocols/prebid-server.js';

export type Wire = { ok: true; http: HttpRequest } | { ok: false; issues: Issue[] };

/** The POST of an enriched request for an RTB or Prebid Server adapter, or why there is none. */
export function wireRequest(adapter: CompiledAdapter, enriched: BidRequest): Wire {
  if (!adapter.endpoint) return { ok: false, issues: [issue('invalid_endpoint', '/endpoint', `${adapter.protocol === 'rtb' ? 'an RTB' : 'a Prebid Server'} adapter needs an endpoint`)] };
  try {
    return { ok: true, http: jsonPost(adapter.protocol === 'prebid-server' ? auctionUrl(adapter.endpoint) : adapter.endpoint, enriched) };
  } catch {
    return { ok: false, issues: [issue('invalid_request', '', 'the request cannot be serialised as JSON')] };
  }
}
