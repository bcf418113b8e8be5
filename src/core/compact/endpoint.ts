/**
 * The endpoint check of the compact engine (the Prebid.js bundle): the rules of `endpoint/check-endpoint.ts`,
 * written for size. Same verdicts and codes (the endpoint tests run every hostile URL through both); the reason
 * is left to the full check (`bidfields validate`). The raw text must already be a plain
 * `scheme://host[:port]/path` (no white space, controls, invisibles, backslashes, user info, percent-encoded
 * host, fragment; no query for Prebid) before WHATWG `URL` parses it; the parsed host is then normalised (lower
 * case, punycode, no trailing dot, dotted IPv4) and must be on the known list, exactly or under an explicit `*.`
 * entry on a dot boundary. Local hosts (IP literals, `localhost`) only with `allowLocal` and an exact entry.
 */
import type { EndpointOptions } from '../endpoint/check-endpoint.js';
import type { Protocol } from '../types.js';

/** scheme `://` authority (no user info, no `%`, not empty, not a bare port) rest (no fragment). */
const RAW = /^(https?):\/\/([^/?#@%:][^/?#@%]*)((?:[/?][^#]*)?)$/i;
const LABEL = /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/;

/**
 * A host (from a parsed URL or a known-list entry) in canonical form, or `undefined` when it is no host name of
 * letter-digit-hyphen labels and no IP literal, or carries URL syntax (`evil.com/x` never becomes `evil.com`).
 * @example normaliseHostCompact('Bücher.Example.') // 'xn--bcher-kva.example'
 */
export function normaliseHostCompact(host: unknown): string | undefined {
  if (typeof host != 'string' || host.length > 1012) return;
  // A bare IPv6 address is bracketed so that the parser reads it as one, not as host:port.
  if (/^[\da-f.]*:[\da-f.]*:[\da-f:.]*$/i.test(host)) host = `[${host}]`;
  if (!/^\[[\da-f:.]+\]$/i.test(host as string) && /[\s\p{C}\p{Z}/\\?#@%:[\]]/u.test(host as string)) return;
  try {
    host = new URL(`http://${host}/`).hostname.replace(/\.$/, '');
  } catch {
    return;
  }
  const name = host as string;
  return /^\[|^[\d.]+$/.test(name) || (name.length < 254 && name.split('.').every((label) => LABEL.test(label))) ? name : undefined;
}

/** An IP literal or a `localhost` name, among normalised hosts. */
const isLocal = (host: string) => /^\[|^[\d.]+$|(^|\.)localhost$/.test(host);

/**
 * The parsed endpoint, or the code it is refused with. Never throws.
 * @example checkEndpointCompact('https://bid.example.com', 'prebid-js', { knownEndpoints: ['*.example.com'] }) // URL
 */
export function checkEndpointCompact(value: string, protocol: Protocol, options: EndpointOptions): URL | 'invalid_endpoint' | 'unknown_endpoint' {
  const rtb = protocol == 'rtb';
  const raw = RAW.exec(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid_endpoint';
  }
  const scheme = url.protocol;
  const host = normaliseHostCompact(url.hostname);
  if (value.length > 2048 || /[\s\p{C}\p{Z}\\]/u.test(value) || !raw || (!rtb && (scheme != 'https:' || raw[3]!.includes('?'))) || host === undefined) return 'invalid_endpoint';
  const known: unknown[] = Array.isArray(options.knownEndpoints) ? options.knownEndpoints : [];
  const listed = known.some((entry) => normaliseHostCompact(entry) === host);
  if (isLocal(host)) return options.allowLocal !== true ? 'invalid_endpoint' : listed ? url : 'unknown_endpoint';
  // The port as typed (only a colon after an IPv6 literal's `]` starts one): absent or the scheme's default.
  const port = /:([^:\]]*)$/.exec(raw[2]!)?.[1];
  if ((port !== undefined && port != (scheme == 'http:' ? '80' : '443')) || url.port) return 'invalid_endpoint';
  const wildcard = (entry: unknown) => {
    const base = typeof entry == 'string' && entry.startsWith('*.') ? normaliseHostCompact(entry.slice(2)) : undefined;
    return base !== undefined && !isLocal(base) && base.includes('.') && host.length > base.length + 1 && host.endsWith('.' + base);
  };
  return listed || known.some(wildcard) ? url : 'unknown_endpoint';
}
