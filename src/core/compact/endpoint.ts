/**
 * The endpoint check of the compact engine (the Prebid.js bundle). It enforces what keeps the page's requests
 * on known hosts, on the URL as the browser will use it: WHATWG `URL` parses the endpoint, the scheme is https
 * (RTB: also http), there is no user info, fragment, non-default port, or (Prebid) query, no white space,
 * control, invisible character or backslash in the text, and the parsed host (lower case, punycode, dotted IPv4,
 * no trailing dot) is on the known list, exactly or under an explicit `*.` entry on a dot boundary; local hosts
 * (IP literals, `localhost`) only with `allowLocal` and an exact entry. The full check (`endpoint/check-endpoint.ts`,
 * run by `validateAdapter` where records are authored) also refuses raw spellings the parser repairs
 * (`https:host`, `%`-escaped hosts, `:0443`): a reviewer should never read one host where the browser contacts
 * another, but here the contacted host is the checked one either way.
 */
import type { EndpointOptions } from '../endpoint/check-endpoint.js';
import type { Protocol } from '../types.js';

/**
 * A host (of a parsed URL or a known-list entry) as the URL parser writes it, without a trailing dot; `undefined`
 * for anything with URL syntax around the host (`evil.com/x` never becomes `evil.com`) or that does not parse.
 * A bare IPv6 address is bracketed, as a URL writes it; a name must be made of letter-digit-hyphen labels.
 * @example normaliseHostCompact('Bücher.Example.') // 'xn--bcher-kva.example'
 */
export function normaliseHostCompact(host: unknown): string | undefined {
  if (typeof host !== 'string') return;
  const text = /^[\da-f:.]+$/i.test(host) && /:.*:/.test(host) ? `[${host}]` : host;
  try {
    if (/^\[[\da-f:.]+\]$/i.test(text) || /^[^\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Z}/\\?#@%:[\]]+$/u.test(text)) {
      const name = new URL(`http://${text}/`).hostname.replace(/\.$/, '');
      // An IP literal, or at most 253 characters of letter-digit-hyphen labels (no `*`, `_`, `$`: no certificate
      // names such a host).
      if (/^\[|^[\d.]+$/.test(name) || (name.length < 254 && name.split('.').every((label) => /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/.test(label)))) return name;
    }
  } catch {
    // not a host
  }
}

/** An IP literal or a `localhost` name, among normalised hosts. */
const isLocal = (host: string) => /^\[|^[\d.]+$|(^|\.)localhost$/.test(host);

/**
 * The parsed endpoint, or the code it is refused with. Never throws.
 * @example checkEndpointCompact('https://bid.example.com', 'prebid-js', { knownEndpoints: ['*.example.com'] }) // URL
 */
export function checkEndpointCompact(value: unknown, protocol: Protocol, options: EndpointOptions): URL | 'invalid_endpoint' | 'unknown_endpoint' {
  try {
    // Anything refused below lands in the catch: invalid_endpoint.
    if (typeof value !== 'string') throw value;
    const url = new URL(value);
    const host = normaliseHostCompact(url.hostname)!;
    const known: unknown[] = Array.isArray(options.knownEndpoints) ? options.knownEndpoints : [];
    const listed = known.some((entry) => normaliseHostCompact(entry) === host);
    const wildcard = (entry: unknown) => {
      const base = typeof entry === 'string' && entry.startsWith('*.') && normaliseHostCompact(entry.slice(2));
      return base && base.includes('.') && !isLocal(base) && host.endsWith('.' + base);
    };
    if (!host || /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Z}\\]/u.test(value) || !/^https?:$/.test(url.protocol) || url.username || url.password || url.hash || (protocol !== 'rtb' && (url.protocol !== 'https:' || url.search))) {
      return 'invalid_endpoint';
    }
    if (isLocal(host)) return options.allowLocal !== true ? 'invalid_endpoint' : listed ? url : 'unknown_endpoint';
    return url.port ? 'invalid_endpoint' : listed || known.some(wildcard) ? url : 'unknown_endpoint';
  } catch {
    return 'invalid_endpoint';
  }
}
