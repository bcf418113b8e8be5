/**
 * Host names, normalised and matched. An endpoint is trusted only because its host is on the operator's list, so
 * both sides are compared in one canonical spelling, the one the WHATWG URL parser (browsers' and Node's) gives: the
 * spelling we check is the one a `fetch` will contact. See {@link normaliseHost} for what it insists on beyond the
 * parser. One small module for the full check and the Prebid bundle's compact one: no `node:` imports, few bytes.
 */
import { DNS_LABEL } from '../rules/dns-label.js';

/** White space, controls, invisibles, backslash and `%` (text the URL parser would drop, map or decode), and the
 * delimiters of a path, query, fragment or user info. */
const FORBIDDEN_IN_HOST = /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Z}\\%/?#@]/u;

/**
 * Normalises a host name: lower-case, IDN → punycode, one trailing dot removed, IPv4 in any spelling the URL
 * parser accepts → dotted-decimal, IPv6 → bracketed canonical form. Returns `undefined` for anything that is not a
 * host name made of letter-digit-hyphen labels (after IDN conversion, at most 253 characters) or an IP literal, and
 * for anything carrying URL syntax (`/`, `@`, `:port`, `%`, `?`, `#`), so `evil.com/x` never normalises to
 * `evil.com`. The parser does the normalising; insisting on plain letter-digit-hyphen labels on top of it keeps out
 * hosts the parser tolerates but no certificate can name (`*`, `$`, `_`). Never throws.
 *
 * @example
 * normaliseHost('Bücher.Example.')   // 'xn--bcher-kva.example'
 * normaliseHost('0x7f.1')            // '127.0.0.1'
 * normaliseHost('example.com:8080')  // undefined
 */
export function normaliseHost(host: string): string | undefined {
  try {
    if (typeof host !== 'string' || host.length > 1012 || FORBIDDEN_IN_HOST.test(host)) return undefined;
    // A bare IPv6 literal is bracketed so the parser reads it as one (`example.com:443` then fails to parse).
    const url = new URL(`http://${host.includes(':') && host[0] !== '[' ? `[${host}]` : host}/`);
    const name = url.hostname.replace(/\.$/, '');
    // Anything but a host (user info, port, path, query, fragment) changes the serialisation.
    if (url.href !== `http://${url.hostname}/`) return undefined;
    return isIpLiteral(name) || (name.length <= 253 && name.split('.').every((label) => DNS_LABEL.test(label))) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** True for an IP literal (v4 or bracketed v6) among normalised hosts: the parser turns every all-numeric host into dotted IPv4. */
export function isIpLiteral(host: string): boolean {
  return host[0] === '[' || /^[\d.]+$/.test(host);
}

/** True for a normalised host that points at this machine by name or is an IP literal. */
export function isLocalHost(host: string): boolean {
  return isIpLiteral(host) || /(^|\.)localhost$/.test(host);
}

/**
 * Exact-or-explicit-wildcard match of a host against a list of known endpoints. The host is normalised first (a
 * host that does not normalise matches nothing). A list entry is either an exact host, or `*.example.com`, which
 * matches `a.example.com` and `b.a.example.com` on a dot boundary but not `example.com` itself, never
 * `evilexample.com`, and never a local host (`localhost`, IP literals), which must be listed exactly. Entries are
 * normalised like hosts; invalid entries, and wildcards over a single label (`*.com`), are ignored.
 *
 * @example
 * isKnownHost('a.example.com', ['*.example.com'])   // true
 * isKnownHost('evilexample.com', ['*.example.com']) // false
 * isKnownHost('EXAMPLE.com.', ['example.com'])      // true
 */
export function isKnownHost(host: string, knownEndpoints: readonly string[]): boolean {
  const name = normaliseHost(host);
  return (
    name !== undefined &&
    (isListedExactly(name, knownEndpoints) ||
      (!isLocalHost(name) &&
        entries(knownEndpoints).some((entry) => {
          const base = entry.startsWith('*.') && normaliseHost(entry.slice(2));
          return !!base && base.includes('.') && !isLocalHost(base) && name.endsWith('.' + base);
        })))
  );
}

/** True when the list names this normalised host exactly (wildcards do not count). */
function isListedExactly(host: string, knownEndpoints: readonly string[]): boolean {
  return entries(knownEndpoints).some((entry) => normaliseHost(entry) === host);
}

/** The string entries of a list (anything else in it, or a list that is not an array, counts for nothing). */
const entries = (list: readonly unknown[]): string[] => (Array.isArray(list) ? list.filter((entry) => typeof entry === 'string') : []);
