/**
 * The one endpoint check, shared by the RTB, Prebid Server and Prebid JS wrappers and by `validateAdapter`. An
 * adapter's endpoint is where enriched bid requests (user and device data) are sent, so an entered URL is an SSRF
 * and data-leak risk: it must be a plain http(s) URL whose host the operator has listed, with nothing that lets it
 * look like one host and reach another (user info, odd ports, IP literals, `localhost`, percent-encoded or
 * invisible characters). The check fails closed: with no known list, nothing is known. It never throws, so callers
 * can collect its issues with everyone else's. WHATWG `URL` only, no `node:` imports: it runs in browsers too.
 */
import { type Issue, issue } from '../issues.js';
import { isKnownHost, isListedExactly, isLocalHost, isIpLiteral, normaliseHost } from './host.js';
import { rawCharacterProblem, rawPort, rawScheme, splitRaw } from './raw-url.js';

export { isKnownHost, normaliseHost } from './host.js';

import type { Protocol } from '../types.js';

export type { Protocol };

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

export interface CheckedEndpoint {
  /** The endpoint as parsed by WHATWG `URL`; send to `url.href`, never to the raw input. */
  url: URL;
  /** The normalised host that was matched against the known list. */
  host: string;
}

const DEFAULT_PORT: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * Checks an entered endpoint URL for a protocol. Returns the issues (empty when fine) and, when fine, the parsed
 * URL with its normalised host. `path` is the JSON Pointer of the endpoint in the adapter record. Never throws,
 * whatever `value` is.
 *
 * @example
 * checkEndpoint('https://pbs.example.com', 'prebid-server', '/endpoint', { knownEndpoints: ['*.example.com'] })
 * // { issues: [], endpoint: { url: URL('https://pbs.example.com/'), host: 'pbs.example.com' } }
 * checkEndpoint('https://evil.net', 'prebid-js', '/endpoint', { knownEndpoints: ['example.com'] }).issues
 * // [{ code: 'unknown_endpoint', path: '/endpoint', message: "endpoint host 'evil.net' is not a known endpoint" }]
 */
export function checkEndpoint(
  value: unknown,
  protocol: Protocol,
  path: string,
  options?: EndpointOptions,
): { issues: Issue[]; endpoint?: CheckedEndpoint } {
  try {
    const result = check(value, protocol, options ?? {});
    return 'code' in result ? { issues: [issue(result.code, path, result.message)] } : { issues: [], endpoint: result };
  } catch {
    // Only reachable through hostile options (throwing getters, proxies); fail closed rather than throw.
    return { issues: [issue('invalid_endpoint', path, 'endpoint could not be checked')] };
  }
}

interface Problem {
  code: 'invalid_endpoint' | 'unknown_endpoint';
  message: string;
}

const invalid = (message: string): Problem => ({ code: 'invalid_endpoint', message });
const unknown = (message: string): Problem => ({ code: 'unknown_endpoint', message });

function check(value: unknown, protocol: Protocol, options: EndpointOptions): Problem | CheckedEndpoint {
  if (typeof value !== 'string') return invalid('endpoint must be a string');
  const characterProblem = rawCharacterProblem(value);
  if (characterProblem !== undefined) return invalid(characterProblem);

  const httpAllowed = protocol === 'rtb';
  const schemeRule = httpAllowed ? 'http or https' : 'https';
  const scheme = rawScheme(value);
  if (scheme === undefined) return invalid(`endpoint must be an absolute ${schemeRule} URL`);
  if (scheme !== 'https' && !(httpAllowed && scheme === 'http')) {
    return invalid(`endpoint must use ${schemeRule} for ${protocol}`);
  }
  const raw = splitRaw(value);
  if (raw === undefined) return invalid(`endpoint must start with '${scheme}://' followed by a host`);
  if (raw.authority.includes('@')) return invalid('endpoint must not contain user info');
  if (raw.authority.includes('%')) return invalid('endpoint host must not be percent-encoded');
  if (raw.authority === '' || raw.authority.startsWith(':')) return invalid('endpoint must have a host');
  if (raw.rest.includes('#')) return invalid(`endpoint must not have a fragment`);
  if (protocol !== 'rtb' && raw.rest.includes('?')) return invalid(`endpoint must not have a query for ${protocol}`);
  return checkParsed(value, protocol, rawPort(raw.authority), options);
}

/**
 * The checks that need only the parsed URL: scheme, user info, fragment, query (Prebid), port, and the host
 * against the known list; the last stage, after the raw text has been refused any spelling the parser would
 * quietly repair (see raw-url.ts). The Prebid bundle's compact check (core/compact/endpoint.ts) is this stage
 * alone, with the raw rules it can afford.
 */
function checkParsed(value: string, protocol: Protocol, port: string | undefined, options: EndpointOptions): Problem | CheckedEndpoint {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid('endpoint is not a valid URL');
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'https' && !(protocol === 'rtb' && scheme === 'http')) return invalid(`endpoint must use https${protocol === 'rtb' ? ' or http' : ''}`);
  if (url.username !== '' || url.password !== '') return invalid('endpoint must not contain user info');
  if (url.hash !== '' || (protocol !== 'rtb' && url.search !== '')) return invalid('endpoint must not have a fragment (or, for Prebid, a query)');
  return checkHost(url, scheme, port, options);
}

function checkHost(
  url: URL,
  scheme: string,
  port: string | undefined,
  options: EndpointOptions,
): Problem | CheckedEndpoint {
  const host = normaliseHost(url.hostname);
  if (host === undefined) return invalid(`endpoint host '${url.hostname}' is not a valid host name`);
  const known = Array.isArray(options.knownEndpoints) ? options.knownEndpoints : [];

  if (isLocalHost(host)) {
    const what = isIpLiteral(host) ? 'an IP literal' : 'a localhost name';
    if (options.allowLocal !== true) return invalid(`endpoint host '${host}' is ${what}, which is not allowed`);
    if (!isListedExactly(host, known)) {
      return unknown(`endpoint host '${host}' is not a known endpoint (local hosts must be listed exactly)`);
    }
    return { url, host };
  }

  if ((port !== undefined && port !== DEFAULT_PORT[scheme]) || url.port !== '') {
    return invalid(`endpoint must not use a non-default port (only ${DEFAULT_PORT[scheme]} for ${scheme})`);
  }
  if (known.length === 0) {
    return unknown(`endpoint host '${host}' is not a known endpoint (no known endpoints are configured)`);
  }
  if (!isKnownHost(host, known)) return unknown(`endpoint host '${host}' is not a known endpoint`);
  return { url, host };
}
