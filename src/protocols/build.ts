/**
 * What the RTB and Prebid Server wrappers share: check that the adapter was compiled for the protocol and has an
 * endpoint, let the core enrich the request, and wrap the result as a JSON POST. Every problem is collected in
 * one pass (adapter, values and request issues together), as everywhere in bidfields; the wrappers only decide
 * the URL. No enrichment decision is taken here. A bidder service calls this per auction, so the way without
 * problems allocates nothing but what it returns (no issue lists, no grouping map for a request that is not split).
 */
import { append, BidfieldsError, issue, type Issue } from '../core/issues.js';
import type { CompiledAdapter, PerImpValues } from '../core/compiled-adapter.js';
import type { BidRequest, EnrichOptions, FieldValues, Protocol } from '../core/types.js';
import { jsonPost, type HttpRequest } from './http-request.js';
import { recordHeaders } from './record-headers.js';
import { noteSent } from './read-bids.js';

/** The non-throwing result of a `safeBuild…Request`. Warnings are the enrichment's (e.g. `both_app_and_site`), refused or not. */
export type SafeBuildResult = { ok: true; http: HttpRequest; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

/** The URL (`href`) a protocol sends an enrichment to, from the URL its adapter's endpoint or template gave. */
export type HrefOf = (endpoint: URL) => string;

const LABEL: Readonly<Record<Protocol, string>> = { rtb: 'an RTB', 'prebid-server': 'a Prebid Server', 'prebid-js': 'a Prebid JS' };

/** What is wrong with the adapter itself for this protocol: compiled for another, or without an endpoint; `undefined` when nothing. */
function adapterIssues(adapter: CompiledAdapter, protocol: Protocol): Issue[] | undefined {
  let issues: Issue[] | undefined;
  if (adapter.protocol !== protocol) {
    (issues ??= []).push(
      issue('wrong_protocol', '/protocol', `${LABEL[protocol]} request needs ${LABEL[protocol]} adapter; this one was compiled for '${adapter.protocol}'`),
    );
  }
  // compile already refused a bad or unknown endpoint; a record may still leave it out (it is optional there).
  if (!adapter.endpoint && !adapter.endpointTemplate)
    (issues ??= []).push(issue('invalid_endpoint', '/endpoint', `${LABEL[protocol]} adapter needs an endpoint`));
  return issues;
}

/** No warnings, shared (and frozen, as the core's own empty list is). */
const NO_WARNINGS: readonly Issue[] = Object.freeze([]);

/** `warnings`, and after them the headers' `omitted` ones when there are any (a new list then; `warnings` may be shared and frozen). */
const joined = (warnings: readonly Issue[], omitted: readonly Issue[] | undefined): readonly Issue[] =>
  omitted?.length ? [...warnings, ...omitted] : warnings;

export function safeBuild(
  adapter: CompiledAdapter,
  protocol: Protocol,
  request: BidRequest,
  values: FieldValues,
  options: EnrichOptions | undefined,
  hrefOf: HrefOf,
): SafeBuildResult {
  const issues = adapterIssues(adapter, protocol);
  const enriched = adapter.sendable(request, values, undefined, options);
  if (!enriched.ok || !enriched.url || issues) {
    const all = issues ?? [];
    if (!enriched.ok) append(all, enriched.issues);
    return { ok: false, issues: all, warnings: enriched.warnings };
  }
  const omitted: Issue[] | undefined = adapter.headers ? [] : undefined;
  const http = post(hrefOf(enriched.url), enriched.request, adapter, omitted);
  const warnings = joined(enriched.warnings, omitted);
  return http ? { ok: true, http, warnings } : { ok: false, issues: [unserialisable()], warnings };
}

/** A cycle or a BigInt somewhere the core does not look: still data, not an exception. */
const unserialisable = () => issue('invalid_request', '', 'the request cannot be serialised as JSON');

/**
 * The POST of `body` with the protocol's and the record's headers (docs/spec.md#headers), or `undefined` when it is no
 * JSON. A header left out is a warning in `omitted` (there when the record has headers).
 */
function post(url: string, body: { imp?: unknown }, adapter: CompiledAdapter, omitted: Issue[] | undefined): HttpRequest | undefined {
  let http: HttpRequest;
  try {
    http = jsonPost(url, body, adapter.headers && recordHeaders(adapter.headers, body, omitted!));
  } catch {
    return undefined;
  }
  // Its imps, for reading the answer to it (docs/spec.md#read-bids).
  noteSent(http, body);
  return http;
}

/** The non-throwing result of a `safeBuild…Requests`: every request to send, or every issue. */
export type SafeBuildAllResult = { ok: true; http: HttpRequest[]; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

/**
 * Values per imp (docs/spec.md#per-imp) as requests to send: one request for the whole enrichment, or with the record's
 * `split: 'imp'` (docs/spec.md#split-imp) one per imp given values, holding that imp alone, with the request-level targets and
 * the endpoint its own values make, or with `split: 'url'` (docs/spec.md#split-url) one per distinct URL those imps' values make,
 * holding them in request order, with the request-level targets of the first. All or nothing: any issue of any imp
 * refuses the whole build.
 */
export function safeBuildAll(
  adapter: CompiledAdapter,
  protocol: Protocol,
  request: BidRequest,
  perImp: PerImpValues,
  options: Omit<EnrichOptions, 'allImps'> | undefined,
  hrefOf: HrefOf,
): SafeBuildAllResult {
  let issues = adapterIssues(adapter, protocol);
  if (adapter.split !== undefined && Array.isArray(perImp)) return splitBuild(adapter, request, perImp, options, hrefOf, issues ?? []);
  // Not split: one request for the whole enrichment (a bidder service's hot path: no list but the one returned).
  const prepared = adapter.sendable(request, undefined, perImp, options);
  const omitted: Issue[] | undefined = adapter.headers ? [] : undefined;
  let http: HttpRequest | undefined;
  if (!prepared.ok) append((issues ??= []), prepared.issues);
  else if (prepared.url) {
    http = post(hrefOf(prepared.url), prepared.request, adapter, omitted);
    if (!http) (issues ??= []).push(unserialisable());
  }
  const warnings = joined(prepared.warnings, omitted);
  return issues?.length ? { ok: false, issues, warnings } : { ok: true, http: http ? [http] : [], warnings };
}

/** One request of a split build: its URL, the enriched request whose request-level writes it takes, and the imps it holds. */
type Send = { url: string; first: Record<string, unknown>; imps: unknown[] };

/**
 * {@link safeBuildAll} of a split record: each imp given values enriched alone (the others left out of its entry),
 * then cut down to that imp; by URL, those imps grouped by the URL each one's values make, in request order, a
 * group's request-level targets its first imp's. `issues`: the adapter's.
 */
function splitBuild(
  adapter: CompiledAdapter,
  request: BidRequest,
  perImp: PerImpValues,
  options: Omit<EnrichOptions, 'allImps'> | undefined,
  hrefOf: HrefOf,
  issues: Issue[],
): SafeBuildAllResult {
  // The enrichment's warnings, the same for every run, are taken once (from the first run that has any).
  let warnings: readonly Issue[] = NO_WARNINGS;
  const sends: Send[] = [];
  const byUrl = new Map<string, Send>();
  for (let imp = 0; imp < perImp.length; imp++) {
    if (perImp[imp] === null || perImp[imp] === undefined) continue;
    const prepared = adapter.sendable(
      request,
      undefined,
      perImp.map((other, j) => (j === imp ? other : null)),
      options,
    );
    if (warnings.length === 0) warnings = prepared.warnings;
    if (!prepared.ok) {
      append(issues, prepared.issues);
      continue;
    }
    if (!prepared.url) continue;
    const enriched = prepared.request as unknown as { imp: unknown[] };
    const url = hrefOf(prepared.url);
    const group = adapter.split === 'url' ? byUrl.get(url) : undefined;
    if (group) group.imps.push(enriched.imp[imp]);
    else {
      const send = { url, first: enriched, imps: [enriched.imp[imp]] };
      sends.push(send);
      byUrl.set(url, send);
    }
  }
  // The headers' warnings are each request's (docs/spec.md#headers).
  const omitted: Issue[] | undefined = adapter.headers ? [] : undefined;
  const http: HttpRequest[] = [];
  for (const { url, first, imps } of sends) {
    const sent = post(url, { ...first, imp: imps }, adapter, omitted);
    if (sent) http.push(sent);
    else issues.push(unserialisable());
  }
  warnings = joined(warnings, omitted);
  return issues.length ? { ok: false, issues, warnings } : { ok: true, http, warnings };
}

/** The throwing form of {@link safeBuildAll}. */
export function unwrapBuildAll(result: SafeBuildAllResult): HttpRequest[] {
  if (!result.ok) throw new BidfieldsError(result.issues, result.warnings);
  return result.http;
}

/** The throwing form: the HTTP request, or a `BidfieldsError` with the same issues and warnings. */
export function unwrapBuild(result: SafeBuildResult): HttpRequest {
  if (!result.ok) throw new BidfieldsError(result.issues, result.warnings);
  return result.http;
}
