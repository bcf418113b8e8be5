/**
 * The RTB wrapper (SPEC §4): a partner that speaks plain OpenRTB 2.x gets the enriched request as JSON, POSTed to
 * the adapter's own endpoint (checked against the known endpoints when the adapter was compiled) with
 * `content-type: application/json` and `x-openrtb-version: 2.6`. The URL is used as entered and parsed: an RTB
 * endpoint may carry its own path and query (`/rtb?seat=12`).
 */
import type { CompiledAdapter } from '../core/adapter.js';
import type { BidRequest, EnrichOptions, FieldValues } from '../core/types.js';
import { safeBuild, unwrapBuild, type SafeBuildResult } from './build.js';
import type { HttpRequest } from './http-request.js';

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
  return safeBuild(adapter, 'rtb', request, values, options, (endpoint) => endpoint);
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
