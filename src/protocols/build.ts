/**
 * What the RTB and Prebid Server wrappers share: check that the adapter was compiled for the protocol and has an
 * endpoint, let the core enrich the request, and wrap the result as a JSON POST. Every problem is collected in
 * one pass (adapter, values and request issues together), as everywhere in bidfields; the wrappers only decide
 * the URL. No enrichment decision is taken here.
 */
import { append, BidfieldsError, issue, type Issue } from '../core/issues.js';
import type { CompiledAdapter, PerImpValues } from '../core/compiled-adapter.js';
import type { BidRequest, EnrichOptions, FieldValues, Protocol } from '../core/types.js';
import { jsonPost, type HttpRequest } from './http-request.js';
import { recordHeaders } from './record-headers.js';

/** The non-throwing result of a `safeBuild…Request`. Warnings are the enrichment's (e.g. `both_app_and_site`), refused or not. */
export type SafeBuildResult = { ok: true; http: HttpRequest; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

const LABEL: Readonly<Record<Protocol, string>> = { rtb: 'an RTB', 'prebid-server': 'a Prebid Server', 'prebid-js': 'a Prebid JS' };

/** What is wrong with the adapter itself for this protocol: compiled for another, or without an endpoint. */
function adapterIssues(adapter: CompiledAdapter, protocol: Protocol): Issue[] {
  const issues: Issue[] = [];
  if (adapter.protocol !== protocol) {
    issues.push(
      issue('wrong_protocol', '/protocol', `${LABEL[protocol]} request needs ${LABEL[protocol]} adapter; this one was compiled for '${adapter.protocol}'`),
    );
  }
  // compile already refused a bad or unknown endpoint; a record may still leave it out (it is optional there).
  if (!adapter.endpoint && !adapter.endpointTemplate) issues.push(issue('invalid_endpoint', '/endpoint', `${LABEL[protocol]} adapter needs an endpoint`));
  return issues;
}

export function safeBuild(
  adapter: CompiledAdapter,
  protocol: Protocol,
  request: BidRequest,
  values: FieldValues,
  options: EnrichOptions | undefined,
  urlOf: (endpoint: URL) => URL,
): SafeBuildResult {
  const issues = adapterIssues(adapter, protocol);
  const enriched = adapter.sendable(request, values, undefined, options);
  if (!enriched.ok) append(issues, enriched.issues);
  if (!enriched.ok || !enriched.url || issues.length > 0) return { ok: false, issues, warnings: enriched.warnings };
  const warnings = adapter.headers ? [...enriched.warnings] : enriched.warnings;
  const http = post(urlOf(enriched.url), enriched.request, adapter, warnings as Issue[]);
  return http ? { ok: true, http, warnings } : { ok: false, issues: [unserialisable()], warnings };
}

/** A cycle or a BigInt somewhere the core does not look: still data, not an exception. */
const unserialisable = () => issue('invalid_request', '', 'the request cannot be serialised as JSON');

/** The POST of `body` with the protocol's and the record's headers (docs/spec.md#headers), or `undefined` when it is no JSON. */
function post(url: URL, body: unknown, adapter: CompiledAdapter, warnings: Issue[]): HttpRequest | undefined {
  try {
    return jsonPost(url, body, recordHeaders(adapter.headers, body, warnings));
  } catch {
    return undefined;
  }
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
  urlOf: (endpoint: URL) => URL,
): SafeBuildAllResult {
  const issues = adapterIssues(adapter, protocol);
  const http: HttpRequest[] = [];
  let warnings: readonly Issue[] = [];
  // The headers' warnings are each request's (docs/spec.md#headers); the enrichment's, the same for every run, are taken once.
  const omitted: Issue[] = [];
  // Split: each imp given values alone (the others left out of its entry), then cut down to that imp; by URL
  // (docs/spec.md#split-url): those imps grouped by the URL each one's values make.
  const split = adapter.split !== undefined && Array.isArray(perImp);
  const runs = split
    ? perImp.flatMap((entry, i) => (entry === null || entry === undefined ? [] : [[i, perImp.map((other, j) => (j === i ? other : null))] as const]))
    : [[-1, perImp] as const];
  // Each request to send: its URL, the run whose request-level writes it takes, and the imps it holds.
  const sends: { url: URL; first: { imp: unknown[] }; imps: unknown[] }[] = [];
  const byUrl = new Map<string, (typeof sends)[number]>();
  for (const [imp, entries] of runs) {
    const prepared = adapter.sendable(request, undefined, entries, options);
    if (warnings.length === 0) warnings = prepared.warnings;
    if (!prepared.ok) {
      append(issues, prepared.issues);
      continue;
    }
    if (!prepared.url) continue;
    const enriched = prepared.request as unknown as { imp: unknown[] };
    const url = urlOf(prepared.url);
    // Imps in request order; a group's request-level targets are its first imp's.
    const group = adapter.split === 'url' ? byUrl.get(url.href) : undefined;
    if (group) group.imps.push(enriched.imp[imp]);
    else {
      const send = { url, first: enriched, imps: imp < 0 ? enriched.imp : [enriched.imp[imp]] };
      sends.push(send);
      byUrl.set(url.href, send);
    }
  }
  for (const { url, first, imps } of sends) {
    const sent = post(url, imps === first.imp ? first : { ...first, imp: imps }, adapter, omitted);
    if (sent) http.push(sent);
    else issues.push(unserialisable());
  }
  if (omitted.length) warnings = [...warnings, ...omitted];
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
