/**
 * The endpoint check of the compact engine (the Prebid.js bundle): the very rules of `checkEndpoint` and
 * `checkEndpointOrTemplate` (endpoint/endpoint-rules.ts, endpoint/template.ts), the same verdict for every endpoint
 * and template, without the sentences that explain them; `bidfields validate` gives those.
 */
import { endpointCode, judgeEndpoint, type EndpointOptions } from '../endpoint/endpoint-rules.js';
import type { Template } from '../endpoint/template.js';
import { templateCode, templateVerdict } from '../rules/template-verdict.js';
import type { Protocol } from '../types.js';

type EndpointCode = 'invalid_endpoint' | 'unknown_endpoint';

/**
 * The parsed endpoint, or the code it is refused with. Never throws.
 * @example checkEndpointCompact('https://bid.example.com', 'prebid-js', { knownEndpoints: ['*.example.com'] }) // URL
 */
export function checkEndpointCompact(value: unknown, protocol: Protocol, options: EndpointOptions): URL | EndpointCode {
  try {
    const result = judgeEndpoint(value, protocol, options);
    return 'reason' in result ? endpointCode(result.reason) : result.url;
  } catch {
    return 'invalid_endpoint';
  }
}

/**
 * An endpoint that may be a template (docs/spec.md#endpoint-templates), judged as `checkEndpointOrTemplate` judges it (check-endpoint.ts,
 * the same verdict, rules/template-verdict.ts): without placeholders, {@link checkEndpointCompact}; with them, where they sit
 * and the record-time check. The template is returned refused or not, so the record rules check
 * the fields its placeholders name (`'unreadable'` when they do not parse). Never throws.
 * @example checkEndpointOrTemplateCompact('https://{r}.bid.example.com/', 'prebid-js', { knownEndpoints: ['*.bid.example.com'] }) // { template: [...] }
 */
export function checkEndpointOrTemplateCompact(
  value: unknown,
  protocol: Protocol,
  options: EndpointOptions,
): { url?: URL; template?: Template | 'unreadable'; code?: EndpointCode } {
  try {
    const verdict = templateVerdict(value, protocol, options);
    if (verdict === undefined) {
      const checked = checkEndpointCompact(value, protocol, options);
      return typeof checked === 'string' ? { code: checked } : { url: checked };
    }
    return verdict.reason === undefined ? { template: verdict.template } : { code: templateCode(verdict.reason), template: verdict.template };
  } catch {
    return { code: 'invalid_endpoint' };
  }
}
