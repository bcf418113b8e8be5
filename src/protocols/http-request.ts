/**
 * The HTTP request a protocol wrapper builds, as plain data, and the one way bidfields sends it. The shape is
 * also a valid `fetch` init (`fetch(r.url, r)`), and it carries `redirect: 'error'`: the adapter's host was
 * checked against the known endpoints at compile time, but a 3xx answer could point anywhere (an internal
 * address, another company), and following it would hand the bid request (user and device data) to a host
 * nobody checked. No `node:` imports: this runs in browsers and workers too.
 */

/** A JSON POST to a checked endpoint. Pass it to `fetch(r.url, r)` or `sendHttpRequest(r)`. */
export interface HttpRequest {
  method: 'POST';
  /** The endpoint as parsed and checked at compile time (`URL.href`), never the raw entered text. */
  url: string;
  /**
   * Lower-case header names (HTTP/2 and `fetch`'s `Headers` use lower case; fixtures compare them exactly): the
   * protocol's (docs/spec.md#protocols), then the record's own (docs/spec.md#headers), which may replace `content-type`, `accept` and
   * `x-openrtb-version`.
   */
  headers: Record<string, string>;
  /** The enriched OpenRTB request as JSON. */
  body: string;
  /** Never follow a redirect: the redirect target was not checked against the known endpoints. */
  redirect: 'error';
}

/**
 * A fresh object of the headers every OpenRTB POST carries (docs/spec.md#protocols), written out: a spread of a frozen object
 * costs twice as much. JSON is UTF-8 by RFC 8259, so no charset parameter.
 */
export const openrtbHeaders = (): Record<string, string> => ({ 'content-type': 'application/json', 'x-openrtb-version': '2.6' });

/** The headers every OpenRTB POST carries (docs/spec.md#protocols). */
export const OPENRTB_HEADERS: Readonly<Record<string, string>> = Object.freeze(openrtbHeaders());

/**
 * Builds the POST of a JSON body to an already checked URL (or its `href`), with the protocol's headers and the record's
 * (`headers`, as `recordHeaders` builds them, when it has any).
 */
export function jsonPost(url: URL | string, body: unknown, headers?: Record<string, string>): HttpRequest {
  return { method: 'POST', url: typeof url === 'string' ? url : url.href, headers: headers ?? openrtbHeaders(), body: JSON.stringify(body), redirect: 'error' };
}

export interface SendOptions {
  /** Give up after this many milliseconds (headers and body together). Default 1000: an auction has a budget. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  /** The response body as text; 204 (no bid) gives `""`. */
  body: string;
}

/** The part of `fetch` that `sendHttpRequest` uses, so tests and other runtimes can pass their own. */
export type FetchLike = (url: string, init: RequestInit) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * POSTs a built request. Redirects are refused whatever `r.redirect` says: `fetch` is asked for
 * `redirect: 'error'`, and a 3xx status that still comes back (a `fetchImpl` that ignores the option) rejects too.
 * The whole exchange is aborted after `timeoutMs`. Network errors, redirects and timeouts reject; any other HTTP
 * status resolves, since 204 (no bid) and 4xx are answers the caller interprets.
 *
 * @example
 * const http = buildRtbRequest(adapter, request, values);
 * const { status, body } = await sendHttpRequest(http, fetch, { timeoutMs: 300 });
 * const response = status === 200 ? JSON.parse(body) : undefined;
 */
export async function sendHttpRequest(r: HttpRequest, fetchImpl: FetchLike = fetch, options: SendOptions = {}): Promise<HttpResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 1000);
  const response = await fetchImpl(r.url, { method: 'POST', headers: r.headers, body: r.body, redirect: 'error', signal });
  if (response.status >= 300 && response.status < 400) throw new Error(`redirect refused: ${r.url} answered ${response.status}`);
  // The signal still covers reading the body, so a partner that trickles bytes cannot hold the auction.
  return { status: response.status, body: await response.text() };
}
