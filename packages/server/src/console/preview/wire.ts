// What goes on the wire for the placement preview's values per imp: the requests the RTB or Prebid Server wrapper
// builds (`safeBuildRtbRequests` / `safeBuildPrebidServerRequests`), which alone decide the URL (the endpoint, or
// the one its template makes from the values, docs/spec.md#endpoint-templates), the headers and the split (docs/spec.md#split-imp: one request per
// imp given values). The preview adds only what it shows: which imp each request carries, its body as sent, and
// the request it is compared with to mark what the values changed.
import { safeBuildPrebidServerRequests, safeBuildRtbRequests, type BidRequest, type CompiledAdapter, type HttpRequest, type Issue } from 'bidfields';

/** One request the wrapper sends. */
export interface WireRequest {
  /** The imp it carries alone (split: 'imp'), counted from 0; undefined for the one request of the whole enrichment. */
  imp?: number;
  http: HttpRequest;
  /** The body as sent (`http.body` parsed). */
  body: unknown;
  /** What the body is compared with: the request, or with a split the request with that imp alone. */
  before: unknown;
}

export type Wire = { ok: true; requests: WireRequest[]; warnings: readonly Issue[] } | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each issue once: with a split the wrapper checks the request once per imp, so a request issue can repeat. */
function distinct(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((found) => {
    const id = JSON.stringify([found.code, found.path, found.message, found.field]);
    return seen.has(id) ? false : (seen.add(id), true);
  });
}

/**
 * The requests the adapter's protocol wrapper sends for values per imp (`null`: that imp is left as it is), or every
 * issue (value issues at `/<imp>/<key>`, an endpoint value the template refuses among them). Prebid JS has no wrapper
 * request: undefined.
 */
export function wireRequests(adapter: CompiledAdapter, request: BidRequest, entries: readonly (Record<string, unknown> | null)[]): Wire | undefined {
  const build = adapter.protocol === 'rtb' ? safeBuildRtbRequests : adapter.protocol === 'prebid-server' ? safeBuildPrebidServerRequests : undefined;
  if (!build) return undefined;
  const built = build(adapter, request, entries);
  if (!built.ok) return { ok: false, issues: distinct(built.issues), warnings: built.warnings };
  // With a split, one request per imp given values, in imp order (docs/spec.md#split-imp).
  const given = entries.flatMap((entry, i) => (entry === null ? [] : [i]));
  const split = adapter.split === 'imp' && built.http.length === given.length;
  const imps = isObject(request) && Array.isArray(request.imp) ? request.imp : [];
  const requests = built.http.map((http, k): WireRequest => {
    const body = JSON.parse(http.body) as unknown;
    if (!split) return { http, body, before: request };
    const imp = given[k]!;
    return { imp, http, body, before: { ...request, imp: [imps[imp]] } };
  });
  return { ok: true, requests, warnings: built.warnings };
}

/** The request line and headers, as the preview prints them. */
export const httpLines = (http: HttpRequest): string =>
  [`${http.method} ${http.url}`, ...Object.entries(http.headers).map(([k, v]) => `${k}: ${v}`)].join('\n');
