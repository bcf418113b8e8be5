/**
 * The endpoint rules, once, without words: `judgeEndpoint` names the rule that refuses an endpoint, so the full
 * check (check-endpoint.ts, a sentence for operators) and the Prebid bundle's compact one (compact/endpoint.ts, the
 * code only) give the same verdict without the page carrying the sentences. Why the text is judged as typed, before
 * parsing, is on {@link judgeEndpoint}: an endpoint receives user and device data. No `node:` imports (browsers too).
 */
import { urlParts } from '../rules/url-parts.js';
import { isKnownHost, isLocalHost, normaliseHost } from './host.js';
import type { Protocol } from '../types.js';

export interface EndpointOptions {
  /**
   * Host names the operator allows. Exact host, or an explicit wildcard entry '*.example.com' matching sub-domains
   * on a dot boundary (not example.com itself). Entries are normalised the same way as URL hosts.
   */
  knownEndpoints?: readonly string[];
  /**
   * Allow `localhost` and IP-literal hosts, but still only when the known list names that exact host. Default
   * false. For local tests, so such a host may also carry any port (test servers listen on ephemeral ports).
   */
  allowLocal?: boolean;
}

/** Longest endpoint accepted; real endpoints are far shorter and the bound keeps checks and messages cheap. */
export const MAX_ENDPOINT_LENGTH = 2048;

/**
 * Why an endpoint is refused. `unknown` and `unlisted_local` are `unknown_endpoint` (a well-formed endpoint the
 * operator has not listed); every other reason is `invalid_endpoint`.
 */
export type EndpointReason =
  | 'not_string'
  | 'too_long'
  | 'characters'
  | 'not_absolute'
  | 'scheme'
  | 'no_slashes'
  | 'user_info'
  | 'percent'
  | 'no_host'
  | 'fragment'
  | 'query'
  | 'not_a_url'
  | 'bad_host'
  | 'local'
  | 'unlisted_local'
  | 'port'
  | 'unknown';

/** An accepted endpoint: the URL as parsed (send to `url.href`, never to the raw text) and its normalised host. */
export interface CheckedEndpoint {
  url: URL;
  host: string;
}

/** A refusal: the rule, and what a sentence about it needs (the scheme as typed, lower-cased; the host). */
export interface EndpointRefusal {
  reason: EndpointReason;
  scheme?: string;
  host?: string;
}

/** The issue code of a refusal. */
export const endpointCode = (reason: EndpointReason): 'invalid_endpoint' | 'unknown_endpoint' =>
  reason === 'unknown' || reason === 'unlisted_local' ? 'unknown_endpoint' : 'invalid_endpoint';

/**
 * Judges an entered endpoint for a protocol (RTB: http or https; Prebid Server and Prebid JS: https). Throws only
 * through hostile options (getters, proxies).
 *
 * An adapter's endpoint is where enriched bid requests (user and device data) are sent, so an entered URL is an
 * SSRF and data-leak risk: it must be a plain http(s) URL whose host the operator has listed, with nothing that
 * lets it look like one host and reach another. The WHATWG URL parser is forgiving by design: it strips tabs and
 * newlines, drops soft hyphens, decodes `%61` in hosts, turns `\` into `/` and reads `https:example.com` as
 * `https://example.com/`; each is a way to make a string look like one host to a reviewer (or to a stricter parser
 * downstream) and be another to `fetch`. So the text as typed must already be a plain
 * `scheme://host[:port]/path`, and only then is it parsed and its host matched. Fails closed: with no known list,
 * nothing is known.
 * @example judgeEndpoint('https://a@bid.example.com', 'rtb', { knownEndpoints: ['bid.example.com'] }) // { reason: 'user_info', scheme: 'https' }
 */
export function judgeEndpoint(value: unknown, protocol: Protocol, options: EndpointOptions): CheckedEndpoint | EndpointRefusal {
  if (typeof value !== 'string') return { reason: 'not_string' };
  const [, typed, slashes, authority, rest] = urlParts(value);
  const scheme = typed?.slice(0, -1).toLowerCase();
  const refuse = (reason: EndpointReason, host?: string): EndpointRefusal => ({ reason, scheme, host });
  if (value.length > MAX_ENDPOINT_LENGTH) return refuse('too_long');
  // White space (including no-break, ideographic, line separators), controls (C0, DEL, C1), invisible format
  // characters (bidi overrides, zero-width, soft hyphen), lone surrogates, private use, backslashes.
  if (/[\s\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{Co}\\]/u.test(value)) return refuse('characters');
  if (!scheme) return refuse('not_absolute');
  if (scheme !== 'https' && !(protocol === 'rtb' && scheme === 'http')) return refuse('scheme');
  if (!slashes) return refuse('no_slashes');
  if (authority.includes('@')) return refuse('user_info');
  if (authority.includes('%')) return refuse('percent');
  if (!authority || authority[0] === ':') return refuse('no_host');
  if (rest.includes('#')) return refuse('fragment');
  if (protocol !== 'rtb' && rest.includes('?')) return refuse('query');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('not_a_url');
  }
  const host = normaliseHost(url.hostname);
  const known = Array.isArray(options.knownEndpoints) ? options.knownEndpoints : [];
  // The port as typed (`''` for `host:`); an IPv6 host keeps its colons inside the brackets.
  const port = /^(?:\[.*\]|[^:]*)(?::(.*))?$/.exec(authority)![1];
  if (host === undefined) return refuse('bad_host', url.hostname);
  // Local hosts (IP literals, localhost) only for local tests, listed exactly, on any port.
  if (isLocalHost(host)) return options.allowLocal !== true ? refuse('local', host) : isKnownHost(host, known) ? { url, host } : refuse('unlisted_local', host);
  if ((port !== undefined && port !== (scheme === 'https' ? '443' : '80')) || url.port) return refuse('port', host);
  return isKnownHost(host, known) ? { url, host } : refuse('unknown', host);
}
