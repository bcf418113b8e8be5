/**
 * The one endpoint check, shared by the RTB, Prebid Server and Prebid JS wrappers and by `validateAdapter`: the
 * rules of `endpoint-rules.ts`, each refusal put into a sentence an operator can act on. It never throws, so
 * callers can collect its issues with everyone else's. No `node:` imports: it runs in browsers too.
 */
import { type Issue, issue } from '../issues.js';
import {
  endpointCode,
  judgeEndpoint,
  MAX_ENDPOINT_LENGTH,
  type CheckedEndpoint,
  type EndpointOptions,
  type EndpointRefusal,
  type EndpointReason,
} from './endpoint-rules.js';
import { isIpLiteral } from './host.js';
import type { Template } from './template.js';
import { templateCode, templateVerdict } from '../rules/template-verdict.js';
import type { Protocol } from '../types.js';

export { isKnownHost, normaliseHost } from './host.js';
export type { CheckedEndpoint, EndpointOptions, Protocol };

/** The sentence for each reason. */
const MESSAGES: Record<EndpointReason, (refusal: EndpointRefusal, protocol: Protocol, options: EndpointOptions) => string> = {
  not_string: () => 'endpoint must be a string',
  too_long: () => `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`,
  characters: () => 'endpoint must not contain white space, control or invisible characters, or backslashes',
  not_absolute: (_, protocol) => `endpoint must be an absolute ${schemes(protocol)} URL`,
  scheme: (_, protocol) => `endpoint must use ${schemes(protocol)} for ${protocol}`,
  no_slashes: ({ scheme }) => `endpoint must start with '${scheme}://'`,
  user_info: () => 'endpoint must not contain user info',
  percent: () => 'endpoint host must not be percent-encoded',
  no_host: () => 'endpoint must have a host',
  fragment: () => 'endpoint must not have a fragment',
  query: (_, protocol) => `endpoint must not have a query for ${protocol}`,
  not_a_url: () => 'endpoint is not a valid URL',
  bad_host: ({ host }) => `endpoint host '${host}' is not a valid host name`,
  local: ({ host }) => `endpoint host '${host}' is ${isIpLiteral(host!) ? 'an IP literal' : 'a localhost name'}, which is not allowed`,
  unlisted_local: ({ host }) => `endpoint host '${host}' is not a known endpoint (local hosts must be listed exactly)`,
  port: ({ scheme }) => `endpoint must not use a non-default port (only ${scheme === 'https' ? 443 : 80} for ${scheme})`,
  unknown: ({ host }, _, options) =>
    `endpoint host '${host}' is not a known endpoint${Array.isArray(options.knownEndpoints) && options.knownEndpoints.length > 0 ? '' : ' (no known endpoints are configured)'}`,
};

const schemes = (protocol: Protocol) => (protocol === 'rtb' ? 'http or https' : 'https');

/**
 * Checks an entered endpoint URL for a protocol. Returns the issues (empty when fine) and, when fine, the parsed
 * URL with its normalised host. `path` is the JSON Pointer of the endpoint in the adapter record. Never throws,
 * whatever `value` or `options` are.
 *
 * @example
 * checkEndpoint('https://pbs.example.com', 'prebid-server', '/endpoint', { knownEndpoints: ['*.example.com'] })
 * // { issues: [], endpoint: { url: URL('https://pbs.example.com/'), host: 'pbs.example.com' } }
 * checkEndpoint('https://evil.net', 'prebid-js', '/endpoint', { knownEndpoints: ['example.com'] }).issues
 * // [{ code: 'unknown_endpoint', path: '/endpoint', message: "endpoint host 'evil.net' is not a known endpoint" }]
 */
export function checkEndpoint(value: unknown, protocol: Protocol, path: string, options?: EndpointOptions): { issues: Issue[]; endpoint?: CheckedEndpoint } {
  try {
    const result = judgeEndpoint(value, protocol, options ?? {});
    return 'reason' in result
      ? { issues: [issue(endpointCode(result.reason), path, MESSAGES[result.reason](result, protocol, options ?? {}))] }
      : { issues: [], endpoint: result };
  } catch {
    // Only reachable through hostile options (throwing getters, proxies); fail closed rather than throw.
    return { issues: [issue('invalid_endpoint', path, 'endpoint could not be checked')] };
  }
}

/** The sentences of a template's own refusals (its fixed parts are worded as an endpoint's). */
const TEMPLATE_MESSAGES = {
  placement: 'a placeholder must be {key} (an identifier) as a whole host label, inside a path segment, or, for RTB, a whole query value',
  uncovered: "the host, with its placeholder labels read as any label, is not covered by a '*.' known endpoint entry",
};

/**
 * Checks an endpoint that may be a template (docs/spec.md#endpoint-templates): without placeholders as {@link checkEndpoint}; with them,
 * where they sit and the fixed parts under every rule of docs/spec.md#protocols and the known endpoints. A template is returned
 * whenever its placeholders parse, refused or not, so the fields they name are checked too (`'unreadable'` when
 * they do not: which fields they name is then unknown). Never throws.
 * @example checkEndpointOrTemplate('https://{region}.bid.example.com/rtb', 'rtb', '/endpoint', { knownEndpoints: ['*.bid.example.com'] }).template // ['https://', { key: 'region', place: 'host' }, '.bid.example.com/rtb']
 */
export function checkEndpointOrTemplate(
  value: unknown,
  protocol: Protocol,
  path: string,
  options?: EndpointOptions,
): { issues: Issue[]; endpoint?: CheckedEndpoint; template?: Template | 'unreadable' } {
  try {
    const verdict = templateVerdict(value, protocol, options ?? {});
    if (verdict === undefined) return checkEndpoint(value, protocol, path, options);
    const { template, reason } = verdict;
    if (reason === 'placement') return { issues: [issue(templateCode(reason), path, TEMPLATE_MESSAGES.placement)], template };
    if (reason === undefined) return { issues: [], template };
    const code = templateCode(reason);
    // The sentence names the scheme and host the fixed parts have: judged again with no known host, the template's
    // probe (each placeholder read as `x`) gives them (the verdict stays judgeTemplate's).
    const probe = judgeEndpoint(template.map((part) => (typeof part === 'string' ? part : 'x')).join(''), protocol, { ...options, knownEndpoints: [] });
    const message =
      reason === 'uncovered'
        ? TEMPLATE_MESSAGES.uncovered
        : MESSAGES[reason](
            { reason, scheme: /^([a-z][a-z\d+.-]*):/i.exec(value as string)?.[1]?.toLowerCase(), host: 'reason' in probe ? probe.host : undefined },
            protocol,
            options ?? {},
          );
    // The template is kept with its refusal: the record rules still check the fields its placeholders name.
    return { issues: [issue(code, path, message)], template };
  } catch {
    return { issues: [issue('invalid_endpoint', path, 'endpoint could not be checked')] };
  }
}
