/**
 * What the RTB and Prebid Server wrappers share: check that the adapter was compiled for the protocol and has an
 * endpoint, let the core enrich the request, and wrap the result as a JSON POST. Every problem is collected in
 * one pass (adapter, values and request issues together), as everywhere in bidfields; the wrappers only decide
 * the URL. No enrichment decision is taken here.
 */
import { BidfieldsError, issue, type Issue } from '../core/issues.js';
import type { CompiledAdapter } from '../core/adapter.js';
import type { BidRequest, EnrichOptions, FieldValues, Protocol } from '../core/types.js';
import { jsonPost, type HttpRequest } from './http-request.js';

/** The non-throwing result of a `safeBuild…Request`. Warnings are the enrichment's (e.g. `both_app_and_site`), refused or not. */
export type SafeBuildResult = { ok: true; http: HttpRequest; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

const LABEL: Readonly<Record<Protocol, string>> = { rtb: 'an RTB', 'prebid-server': 'a Prebid Server', 'prebid-js': 'a Prebid JS' };

export function safeBuild(
  adapter: CompiledAdapter,
  protocol: Protocol,
  request: BidRequest,
  values: FieldValues,
  options: EnrichOptions | undefined,
  urlOf: (endpoint: URL) => URL,
): SafeBuildResult {
  const issues: Issue[] = [];
  if (adapter.protocol !== protocol) {
    issues.push(issue('wrong_protocol', '/protocol', `${LABEL[protocol]} request needs ${LABEL[protocol]} adapter; this one was compiled for '${adapter.protocol}'`));
  }
  // compile already refused a bad or unknown endpoint; a record may still leave it out (it is optional there).
  if (!adapter.endpoint) issues.push(issue('invalid_endpoint', '/endpoint', `${LABEL[protocol]} adapter needs an endpoint`));
  const enriched = adapter.safeEnrich(request, values, options);
  if (!enriched.ok) issues.push(...enriched.issues);
  const { warnings } = enriched;
  if (!enriched.ok || !adapter.endpoint || issues.length > 0) return { ok: false, issues, warnings };
  let http: HttpRequest;
  try {
    http = jsonPost(urlOf(adapter.endpoint), enriched.request);
  } catch {
    // A cycle or a BigInt somewhere the core does not look: still data, not an exception.
    return { ok: false, issues: [issue('invalid_request', '', 'the request cannot be serialised as JSON')], warnings };
  }
  return { ok: true, http, warnings };
}

/** The throwing form: the HTTP request, or a `BidfieldsError` with the same issues and warnings. */
export function unwrapBuild(result: SafeBuildResult): HttpRequest {
  if (!result.ok) throw new BidfieldsError(result.issues, result.warnings);
  return result.http;
}
