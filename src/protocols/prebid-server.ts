/**
 * The Prebid Server wrapper (docs/spec.md#protocols). Prebid Server reads bidder params from `imp[].ext.prebid.bidder.<code>` (its
 * canonical place) and, for older set-ups, from `imp[].ext`; which one an adapter uses is decided once, at compile
 * time, by handing the core an `extBase`, so the plan writes straight to the right place and nothing is moved
 * afterwards. Requests go to the auction endpoint (`auctionUrl`).
 */
import { compile } from '../core/compile/index.js';
import { append, BidfieldsError, issue, type Issue } from '../core/issues.js';
import type { CompiledAdapter, PerImpValues } from '../core/compiled-adapter.js';
import { isPlainObject } from '../core/definition/plain-object.js';
import { isSafeSegment } from '../core/definition/names.js';
import type { AdapterInput, BidRequest, CompileOptions, EnrichOptions, FieldValues } from '../core/types.js';
import { safeBuild, safeBuildAll, unwrapBuild, unwrapBuildAll, type SafeBuildAllResult, type SafeBuildResult } from './build.js';
import type { HttpRequest } from './http-request.js';

/** Where the entered ext params go in each imp. */
export type ParamsLocation = 'imp.ext' | 'imp.ext.prebid.bidder';

export interface PrebidServerOptions extends Pick<CompileOptions, 'knownEndpoints' | 'allowLocal' | 'strict' | 'codegen' | 'enricher'> {
  /**
   * Where bidder params go. Default `'imp.ext'`; `'imp.ext.prebid.bidder'` needs the record's `bidderCode`.
   * `predefinedImpExt.<path>` names stay at `imp[].ext.<path>` either way.
   */
  paramsLocation?: ParamsLocation;
}

/** Prebid Server's OpenRTB auction path, used when the endpoint is a bare origin. */
export const AUCTION_PATH = '/openrtb2/auction';

// A WeakMap rather than a field on CompiledAdapter: the core stays unaware of Prebid Server's layout.
const locations = new WeakMap<CompiledAdapter, ParamsLocation>();

/**
 * Compiles an adapter for Prebid Server with its params at the chosen location. A bare field array is a Prebid
 * Server adapter without bidder code, so it can only use `'imp.ext'`.
 * Issues: `wrong_protocol` (at `/protocol`) for an RTB or Prebid JS record, reported alone since the other record
 * rules depend on the protocol; `invalid_bidder_code` when `'imp.ext.prebid.bidder'` is asked for without a bidder
 * code (at `/bidderCode` for a record, at `''` for a bare field array, which has none); and every issue of `compile`.
 * @throws BidfieldsError listing every issue found.
 * @example
 * const adapter = compilePrebidServer(
 *   { protocol: 'prebid-server', endpoint: 'https://pbs.example.com', bidderCode: 'acme', fields },
 *   { knownEndpoints: ['pbs.example.com'], paramsLocation: 'imp.ext.prebid.bidder' },
 * );
 * // values for a field named 'zone' land at imp[0].ext.prebid.bidder.acme.zone, 'predefinedImpExt.gpid' at imp[0].ext.gpid
 */
export function compilePrebidServer(input: AdapterInput, options: PrebidServerOptions = {}): CompiledAdapter {
  const location = options.paramsLocation ?? 'imp.ext';
  // A misspelt location must not silently fall back to imp.ext: that is misuse, so an exception, not an issue.
  if (location !== 'imp.ext' && location !== 'imp.ext.prebid.bidder') throw new TypeError(`unknown paramsLocation '${String(location)}'`);
  const record = isPlainObject(input) ? input : undefined;
  if (record && (record.protocol === 'rtb' || record.protocol === 'prebid-js')) {
    throw new BidfieldsError([issue('wrong_protocol', '/protocol', `a Prebid Server adapter must have protocol 'prebid-server', not '${record.protocol}'`)]);
  }
  const issues: Issue[] = [];
  let extBase: string[] = [];
  if (location === 'imp.ext.prebid.bidder') {
    const code = record?.bidderCode;
    // A bare field array has no /bidderCode to point at: the issue is the input's own.
    if (!record)
      issues.push(
        issue(
          'invalid_bidder_code',
          '',
          'params at imp.ext.prebid.bidder need a bidder code, which only an adapter record carries (a bare field array has none)',
        ),
      );
    else if (code === undefined) issues.push(issue('invalid_bidder_code', '/bidderCode', "params at imp.ext.prebid.bidder need the record's bidderCode"));
    // An unusable code is reported by compile (invalid_bidder_code); it is only kept out of the ext path here.
    else if (isSafeSegment(code)) extBase = ['prebid', 'bidder', code];
  }
  const { knownEndpoints, allowLocal, strict, codegen, enricher } = options;
  let adapter: CompiledAdapter | undefined;
  let warnings: Issue[] = [];
  try {
    adapter = compile(input, { knownEndpoints, allowLocal, strict, extBase, codegen, enricher });
  } catch (error) {
    if (!(error instanceof BidfieldsError)) throw error;
    append(issues, error.issues);
    warnings = [...error.warnings];
  }
  // A refusal keeps the warnings compile found, as compile's own does.
  if (!adapter || issues.length > 0) throw new BidfieldsError(issues, adapter ? [...adapter.warnings] : warnings);
  locations.set(adapter, location);
  return adapter;
}

/**
 * Where an adapter compiled by `compilePrebidServer` writes its params; `undefined` for adapters compiled otherwise.
 * @example paramsLocationOf(compilePrebidServer(fields)) // 'imp.ext'
 */
export function paramsLocationOf(adapter: CompiledAdapter): ParamsLocation | undefined {
  return locations.get(adapter);
}

/** The auction URL: the endpoint's own path when it has one, else `/openrtb2/auction` on its origin. */
export function auctionUrl(endpoint: URL): URL {
  // WHATWG URL gives "https://pbs.example.com" the path "/", so an explicit bare "/" counts as "no path" too.
  return endpoint.pathname === '/' ? new URL(AUCTION_PATH, endpoint) : endpoint;
}

/** Auction URLs by the endpoint they were made from (an adapter's fixed endpoint is one URL object for its whole life), with its `href` then. */
const auctionHrefs = new WeakMap<URL, { from: string; href: string }>();

/** {@link auctionUrl}'s `href`, made once per endpoint (a new URL costs about a microsecond), again if the URL object was changed. */
function auctionHref(endpoint: URL): string {
  const from = endpoint.href;
  let made = auctionHrefs.get(endpoint);
  if (made?.from !== from) auctionHrefs.set(endpoint, (made = { from, href: auctionUrl(endpoint).href }));
  return made.href;
}

/**
 * Builds the auction POST for a Prebid Server adapter without throwing; same issues as `safeBuildRtbRequest`,
 * with `wrong_protocol` for any adapter not compiled for `'prebid-server'`.
 * @example
 * const r = safeBuildPrebidServerRequest(adapter, request, { zone: 7 });
 * if (r.ok) r.http.url; // 'https://pbs.example.com/openrtb2/auction'
 */
export function safeBuildPrebidServerRequest(adapter: CompiledAdapter, request: BidRequest, values: FieldValues, options?: EnrichOptions): SafeBuildResult {
  return safeBuild(adapter, 'prebid-server', request, values, options, auctionHref);
}

/**
 * Builds the auction POST for a Prebid Server adapter, headers `content-type: application/json` and
 * `x-openrtb-version: 2.6` (the body is OpenRTB 2.6; Prebid Server ignores the header and reads 2.5 or 2.6).
 * @throws BidfieldsError with the issues `safeBuildPrebidServerRequest` would return.
 * @example
 * const http = buildPrebidServerRequest(adapter, request, { zone: 7 });
 * const { status, body } = await sendHttpRequest(http, fetch, { timeoutMs: 800 });
 */
export function buildPrebidServerRequest(adapter: CompiledAdapter, request: BidRequest, values: FieldValues, options?: EnrichOptions): HttpRequest {
  return unwrapBuild(safeBuildPrebidServerRequest(adapter, request, values, options));
}

/**
 * The auction POSTs for values per imp (docs/spec.md#per-imp) without throwing: one, or with the record's `split: 'imp'` one per
 * imp given values (docs/spec.md#split-imp); issues as `safeBuildRtbRequests`.
 * @example const r = safeBuildPrebidServerRequests(adapter, request, [{ zone: 7 }, null]);
 */
export function safeBuildPrebidServerRequests(
  adapter: CompiledAdapter,
  request: BidRequest,
  perImp: PerImpValues,
  options?: Omit<EnrichOptions, 'allImps'>,
): SafeBuildAllResult {
  return safeBuildAll(adapter, 'prebid-server', request, perImp, options, auctionHref);
}

/**
 * {@link safeBuildPrebidServerRequests}, throwing.
 * @throws BidfieldsError with the issues `safeBuildPrebidServerRequests` would return.
 */
export function buildPrebidServerRequests(
  adapter: CompiledAdapter,
  request: BidRequest,
  perImp: PerImpValues,
  options?: Omit<EnrichOptions, 'allImps'>,
): HttpRequest[] {
  return unwrapBuildAll(safeBuildPrebidServerRequests(adapter, request, perImp, options));
}
