/**
 * The RTB wrapper (docs/spec.md#protocols): a partner that speaks plain OpenRTB 2.x gets the enriched request as JSON, POSTed to
 * the adapter's own endpoint (checked against the known endpoints when the adapter was compiled) with
 * `content-type: application/json` and `x-openrtb-version: 2.6`. The URL is used as entered and parsed: an RTB
 * endpoint may carry its own path and query (`/rtb?seat=12`).
 */
import type { CompiledAdapter, PerImpValues } from '../core/compiled-adapter.js';
import type { BidRequest, EnrichOptions, FieldValues } from '../core/types.js';
import { safeBuild, safeBuildAll, unwrapBuild, unwrapBuildAll, type SafeBuildAllResult, type SafeBuildResult } from './build.js';
import type { HttpRequest } from './http-request.js';

/** An RTB endpoint is used as entered and parsed. */
const href = (endpoint: URL): string => endpoint.href;

/**
 * Builds the POST for an RTB adapter without throwing. Issues: `wrong_protocol` (at `/protocol`) when the adapter
 * is not an RTB one, `invalid_endpoint` (at `/endpoint`) when it has no endpoint, and every value and request
 * issue of `adapter.safeEnrich`, all in one list.
 *
 * @example
 * const adapter = compile({ protocol: 'rtb', endpoint: 'https://bid.partner.example/rtb', fields }, { knownEndpoints: ['bid.partner.example'] });
 * const r = safeBuildRtbRequest(adapter, request, { 'prd.impTagId': 'top' });
 * if (r.ok) await sendHttpRequest(r.http); else log(r.issues);
 */
export function safeBuildRtbRequest(adapter: CompiledAdapter, request: BidRequest, values: FieldValues, options?: EnrichOptions): SafeBuildResult {
  return safeBuild(adapter, 'rtb', request, values, options, href);
}

/**
 * Builds the POST for an RTB adapter. Warnings (e.g. `both_app_and_site`) are only returned by
 * `safeBuildRtbRequest`.
 * @throws BidfieldsError with the issues `safeBuildRtbRequest` would return.
 * @example
 * const http = buildRtbRequest(adapter, request, { 'prd.impTagId': 'top', 'predefinedImpExt.zone': 7 });
 * // { method: 'POST', url: 'https://bid.partner.example/rtb', headers: { 'content-type': 'application/json',
 * //   'x-openrtb-version': '2.6' }, body: '{"id":…}', redirect: 'error' }
 * const response = await fetch(http.url, http);
 */
export function buildRtbRequest(adapter: CompiledAdapter, request: BidRequest, values: FieldValues, options?: EnrichOptions): HttpRequest {
  return unwrapBuild(safeBuildRtbRequest(adapter, request, values, options));
}

/**
 * The POSTs for values per imp (docs/spec.md#per-imp) without throwing: one request, or with the record's `split: 'imp'` one per
 * imp given values (docs/spec.md#split-imp), each to the URL its own values make when the endpoint is a template (docs/spec.md#endpoint-templates).
 * Issues as `adapter.safeEnrichImps` (paths `/<i>/<key>`) plus the endpoint's; any issue refuses every request.
 * @example const r = safeBuildRtbRequests(adapter, request, [{ placementId: 'top' }, { placementId: 'side' }]);
 */
export function safeBuildRtbRequests(
  adapter: CompiledAdapter,
  request: BidRequest,
  perImp: PerImpValues,
  options?: Omit<EnrichOptions, 'allImps'>,
): SafeBuildAllResult {
  return safeBuildAll(adapter, 'rtb', request, perImp, options, href);
}

/**
 * {@link safeBuildRtbRequests}, throwing.
 * @throws BidfieldsError with the issues `safeBuildRtbRequests` would return.
 * @example for (const http of buildRtbRequests(adapter, request, perImp)) await sendHttpRequest(http);
 */
export function buildRtbRequests(adapter: CompiledAdapter, request: BidRequest, perImp: PerImpValues, options?: Omit<EnrichOptions, 'allImps'>): HttpRequest[] {
  return unwrapBuildAll(safeBuildRtbRequests(adapter, request, perImp, options));
}
