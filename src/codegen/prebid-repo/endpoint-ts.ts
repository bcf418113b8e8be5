/**
 * The endpoint template's URL builder of the in-repository module (`endpointUrl(sent)`), written out with the helpers
 * it calls: the module may import nothing of bidfields, so the helpers are written from core's rules (the DNS label).
 */
import type { Template } from '../../core/endpoint/template.js';
import { DNS_LABEL } from '../../core/rules/dns-label.js';
import { endpointSource, endpointHelpers, type EndpointHelper } from '../endpoint-source.js';

/** The helpers the compiled template calls, written out (core/endpoint/template.ts has them; the module may import nothing of bidfields). */
const ENDPOINT_HELPERS: Record<EndpointHelper, string> = {
  placeholderText: `/** A placeholder's text: a number as decimal text without exponent, anything else as a string. */
function placeholderText(value: unknown): string {
  return typeof value === "number" ? decimalText(value) : String(value);
}`,
  isLabel: `/** A host value's label can fill a host placeholder: one DNS label, and no IDN label (xn--). */
function isLabel(label: string): boolean {
  return ${DNS_LABEL}.test(label) && !label.startsWith("xn--");
}`,
  encodeValue: `/** A path or query value, percent-encoded as a URI component (and !'()*, which the URL parser would encode in a query). */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}`,
};

/**
 * \`endpointUrl(sent)\`, the URL an endpoint template (docs/spec.md#endpoint-templates) makes with a bid's params, or the key and code that
 * refuse them: the shared compiled form of core's \`buildUrl\` (codegen/endpoint-source.ts), with the helpers it calls
 * written out, since the module may import nothing of bidfields (test/codegen/endpoint-source.test.ts holds them to
 * core's \`placeholderText\`, \`isLabel\` and \`encodeValue\`).
 */
export function endpointFunction(template: Template): string {
  const helpers = endpointHelpers(template);
  return `${helpers.map((helper) => ENDPOINT_HELPERS[helper]).join('\n\n')}

${endpointSource(template, { typed: true })}`;
}
