/**
 * The verdict on an endpoint that may be a template (docs/spec.md#endpoint-templates), once for both record checks (validateAdapter's
 * check-endpoint.ts, which words it, and the page's compact engine, which gives codes only): not a template (no
 * placeholders, or too long to read), placeholders that do not parse (`placement`: which fields they name is then
 * unknown), or a parsed template with the reason it is refused, if any. The template is kept refused or not, so the
 * record rules still check the fields its placeholders name.
 */
import { endpointCode, MAX_ENDPOINT_LENGTH, type EndpointOptions } from '../endpoint/endpoint-rules.js';
import { judgeTemplate, parseTemplate, type Template, type TemplateReason } from '../endpoint/template.js';
import type { Protocol } from '../types.js';

export type TemplateVerdict = { template: Template; reason?: TemplateReason } | { template: 'unreadable'; reason: 'placement' };

/**
 * The verdict on `value` as a template, or `undefined` when it is no template (judge it as a plain endpoint).
 * @throws only through hostile options (getters, proxies), as the endpoint rules do.
 * @example templateVerdict('https://{r}.bid.example.com/', 'rtb', { knownEndpoints: ['*.bid.example.com'] }) // { template: [...] }
 */
export function templateVerdict(value: unknown, protocol: Protocol, options: EndpointOptions): TemplateVerdict | undefined {
  const template = typeof value === 'string' && value.length <= MAX_ENDPOINT_LENGTH ? parseTemplate(value, protocol) : undefined;
  if (template === undefined) return undefined;
  if (template === 'placement') return { template: 'unreadable', reason: 'placement' };
  const reason = judgeTemplate(template, protocol, options);
  return reason === undefined ? { template } : { template, reason };
}

/** The issue code of a refused template. */
export const templateCode = (reason: TemplateReason | 'placement'): 'invalid_endpoint' | 'unknown_endpoint' =>
  reason === 'uncovered' ? 'unknown_endpoint' : reason === 'placement' ? 'invalid_endpoint' : endpointCode(reason);
