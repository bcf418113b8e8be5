/**
 * Host names, normalised and matched. An endpoint is trusted only because its host is on the operator's list of
 * known endpoints, so both sides must be compared in one canonical spelling: lower-case, IDN as punycode, no
 * trailing dot, IPv4 in dotted-decimal. The WHATWG URL parser (the one browsers and Node share) does the IDN and
 * IPv4 work, so the spelling we check is the spelling a `fetch` will contact; on top of it we insist on plain
 * letter-digit-hyphen labels, which keeps out hosts the parser tolerates but no certificate can name (`*`, `$`, `_`).
 * No `node:` imports: this module runs in browsers too.
 */

const MAX_HOST_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DOTTED_IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6_CANDIDATE = /^[0-9a-f:.]+$/i;
/** Characters that may never appear in a host as written: separators, controls, invisibles, URL delimiters. */
const FORBIDDEN_IN_HOST = /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Z}/\\?#@%:[\]]/u;

/**
 * Normalises a host name: lower-case, IDN → punycode, one trailing dot removed, IPv4 in any spelling the URL
 * parser accepts → dotted-decimal, IPv6 → bracketed canonical form. Returns `undefined` for anything that is not a
 * host name made of letter-digit-hyphen labels (after IDN conversion) or an IP literal, and for anything carrying
 * URL syntax (`/`, `@`, `:port`, `%`), so `evil.com/x` can never normalise to `evil.com`.
 *
 * @example
 * normaliseHost('Bücher.Example.')   // 'xn--bcher-kva.example'
 * normaliseHost('0x7f.1')            // '127.0.0.1'
 * normaliseHost('example.com:8080')  // undefined
 */
export function normaliseHost(host: string): string | undefined {
  if (typeof host !== 'string' || host === '' || host.length > MAX_HOST_LENGTH * 4) return undefined;
  const ipv6 = asBracketedIpv6(host);
  if (ipv6 !== undefined) return parseHostname(ipv6);
  if (FORBIDDEN_IN_HOST.test(host)) return undefined;
  const parsed = parseHostname(host);
  if (parsed === undefined || parsed.startsWith('[')) return undefined;
  const name = parsed.endsWith('.') ? parsed.slice(0, -1) : parsed;
  if (DOTTED_IPV4.test(name)) return name;
  return isDomainName(name) ? name : undefined;
}

/** True for an IP literal (v4 or bracketed v6) among normalised hosts. */
export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || DOTTED_IPV4.test(host);
}

/** True for a normalised host that points at this machine by name or is an IP literal. */
export function isLocalHost(host: string): boolean {
  return isIpLiteral(host) || host === 'localhost' || host.endsWith('.localhost');
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
  const normalised = normaliseHost(host);
  if (normalised === undefined || !Array.isArray(knownEndpoints)) return false;
  for (const entry of knownEndpoints) {
    if (typeof entry !== 'string') continue;
    if (entry.startsWith('*.')) {
      if (matchesWildcard(normalised, entry.slice(2))) return true;
    } else if (normaliseHost(entry) === normalised) {
      return true;
    }
  }
  return false;
}

/** True when the list names this normalised host exactly (wildcards do not count). */
export function isListedExactly(host: string, knownEndpoints: readonly string[]): boolean {
  if (!Array.isArray(knownEndpoints)) return false;
  return knownEndpoints.some(
    (entry) => typeof entry === 'string' && !entry.startsWith('*.') && normaliseHost(entry) === host,
  );
}

function matchesWildcard(host: string, rawBase: string): boolean {
  const base = normaliseHost(rawBase);
  if (base === undefined || isLocalHost(base) || !base.includes('.')) return false;
  return !isLocalHost(host) && host.length > base.length + 1 && host.endsWith('.' + base);
}

/** `[::1]` stays as written; a bare `::1` is bracketed so the URL parser reads it as IPv6, not `host:port`. */
function asBracketedIpv6(host: string): string | undefined {
  if (host.startsWith('[') && host.endsWith(']') && IPV6_CANDIDATE.test(host.slice(1, -1))) return host;
  if (IPV6_CANDIDATE.test(host) && host.split(':').length > 2) return `[${host}]`;
  return undefined;
}

function parseHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

function isDomainName(name: string): boolean {
  if (name === '' || name.length > MAX_HOST_LENGTH) return false;
  return name.split('.').every((label) => LABEL.test(label));
}
