/**
 * `bidfields enrich --http`: the HTTP requests the record's protocol wrapper builds (docs/spec.md#protocols), with the headers
 * each carries (docs/spec.md#headers) and the split (docs/spec.md#split-imp, docs/spec.md#split-url), as data: what a bidder service would send.
 */
import type { CompiledAdapter, PerImpValues } from '../../core/compiled-adapter.js';
import { issue, type Issue } from '../../core/issues.js';
import type { BidRequest, EnrichOptions, FieldValues } from '../../core/types.js';
import { safeBuildPrebidServerRequest, safeBuildPrebidServerRequests } from '../../protocols/prebid-server.js';
import { safeBuildRtbRequest, safeBuildRtbRequests } from '../../protocols/rtb.js';

/** One request as printed: its method, URL, headers, and its body parsed back. */
export interface PrintedRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type HttpOutcome = { ok: true; requests: PrintedRequest[]; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

/** The requests of `values` (an object, or per imp a list) on `request`, for an RTB or Prebid Server adapter. */
export function httpRequests(adapter: CompiledAdapter, request: BidRequest, values: unknown, options: EnrichOptions): HttpOutcome {
  const rtb = adapter.protocol === 'rtb';
  if (!rtb && adapter.protocol !== 'prebid-server')
    return { ok: false, issues: [issue('wrong_protocol', '/protocol', 'only an RTB or Prebid Server adapter sends HTTP requests of its own')], warnings: [] };
  const built = Array.isArray(values)
    ? (rtb ? safeBuildRtbRequests : safeBuildPrebidServerRequests)(adapter, request, values as PerImpValues)
    : (rtb ? safeBuildRtbRequest : safeBuildPrebidServerRequest)(adapter, request, values as FieldValues, options);
  if (!built.ok) return built;
  const http = Array.isArray(built.http) ? built.http : [built.http];
  return {
    ok: true,
    requests: http.map(({ method, url, headers, body }) => ({ method, url, headers, body: JSON.parse(body) as unknown })),
    warnings: built.warnings,
  };
}
