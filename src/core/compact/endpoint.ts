/**
 * The endpoint check of the compact engine (the Prebid.js bundle): `endpoint/check-endpoint.ts`'s rules on the
 * URL as the browser will use it, with its host rules (`endpoint/host.ts`): WHATWG `URL` parses the endpoint,
 * the scheme is https (RTB: also http), there is no user info, fragment, non-default port, or (Prebid) query,
 * no white space, control, invisible character or backslash in the text, and the parsed host is on the known
 * list (exactly, or under an explicit `*.` entry); local hosts only with `allowLocal` and an exact entry. The
 * full check also refuses raw spellings the parser repairs into the same host (`https:host`, `%61`, `:0443`,
 * over-long text), so that a reviewer never reads one host where another is contacted; in the page the
 * contacted host is the checked one either way. The reason is left to the full check (`bidfields validate`).
 */
import type { EndpointOptions } from '../endpoint/check-endpoint.js';
import { isKnownHost, isListedExactly, isLocalHost, normaliseHost } from '../endpoint/host.js';
import type { Protocol } from '../types.js';

/**
 * The parsed endpoint, or the code it is refused with. Never throws.
 * @example checkEndpointCompact('https://bid.example.com', 'prebid-js', { knownEndpoints: ['*.example.com'] }) // URL
 */
export function checkEndpointCompact(value: unknown, protocol: Protocol, options: EndpointOptions): URL | 'invalid_endpoint' | 'unknown_endpoint' {
  try {
    // Anything refused below lands in the catch: invalid_endpoint.
    if (typeof value !== 'string') throw value;
    const url = new URL(value);
    const host = normaliseHost(url.hostname);
    const known = options.knownEndpoints ?? [];
    if (!host || /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Z}\\]/u.test(value) || !/^https?:$/.test(url.protocol) || url.username || url.password || url.hash || (protocol !== 'rtb' && (url.protocol !== 'https:' || url.search))) {
      return 'invalid_endpoint';
    }
    if (isLocalHost(host)) return options.allowLocal !== true ? 'invalid_endpoint' : isListedExactly(host, known) ? url : 'unknown_endpoint';
    return url.port ? 'invalid_endpoint' : isKnownHost(host, known) ? url : 'unknown_endpoint';
  } catch {
    return 'invalid_endpoint';
  }
}
