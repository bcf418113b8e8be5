/**
 * Endpoint templates (docs/spec.md#endpoint-templates), once, for every engine: placeholders `{key}` as a whole host label, inside a path
 * segment, or (RTB) as a query value. A template is checked when the record is (its fixed parts under every rule of
 * docs/spec.md#protocols, and its host, with each placeholder label read as a wildcard, covered by a `*.` known entry), and the URL
 * is built per request: a host value must be one DNS label, other values are percent-encoded, and the finished URL
 * is judged again against the known endpoints before anything is sent. No words here (the page ships it); no
 * `node:` imports.
 */
import { urlParts } from '../rules/url-parts.js';
import { isParamKey } from '../definition/names.js';
import { decimalString, finite } from '../rules/decimal.js';
import { judgeEndpoint, MAX_ENDPOINT_LENGTH, type EndpointOptions, type EndpointReason } from './endpoint-rules.js';
import { isKnownHost, normaliseHost } from './host.js';
import { DNS_LABEL } from '../rules/dns-label.js';
import type { Protocol } from '../types.js';

/** Where a placeholder sits. */
export type Place = 'host' | 'path' | 'query';

/**
 * A placeholder: the key of the field whose value fills it, and where it sits; `{a|b}` (docs/spec.md#conditions) also
 * the keys tried after it, in order, when it has no value (`or`).
 */
export interface Placeholder {
  key: string;
  place: Place;
  or?: string[];
}

/** The keys of a placeholder, in the order they are tried. */
export const placeholderKeys = (part: Placeholder): string[] => [part.key, ...(part.or ?? [])];

/** A value that fills a placeholder: not `null`, `undefined` or `""` (docs/spec.md#values: not entered). */
const entered = (value: unknown): boolean => value != null && value !== '';

/** A parsed template: literal text and placeholders, in order. */
export type Template = (string | Placeholder)[];

/** Why a checked template is refused: its host not covered by a `*.` entry, or a rule of docs/spec.md#protocols on its fixed parts. */
export type TemplateReason = 'uncovered' | EndpointReason;

/** The probe a placeholder is read as when the fixed parts are judged. */
const PROBE = 'x';

/**
 * The placeholders of an endpoint, or `undefined` when it has none. Refuses (`placement`) braces that are no
 * placeholder, a key that is no identifier, a placeholder that is not a whole host label, one in the user info,
 * port or fragment, and one in a query unless it is a whole query value of an RTB endpoint.
 * @example parseTemplate('https://{region}.bid.example.com/pub/{publisherId}', 'rtb') // ['https://', {key:'region',place:'host'}, '.bid.example.com/pub/', {key:'publisherId',place:'path'}]
 */
export function parseTemplate(text: string, protocol: Protocol): Template | 'placement' | undefined {
  if (!/[{}]/.test(text)) return undefined;
  const template: Template = [];
  // The URL's parts as typed, `scheme://` read as one: without both, all up to the first `/`, `?` or `#` is the authority.
  const [, scheme, slashes, typedAuthority, typedRest] = urlParts(text);
  const start = scheme && slashes ? scheme + slashes : '';
  const authority = start ? typedAuthority : slashes ? '' : (scheme ?? '') + typedAuthority;
  const rest = start || !slashes ? typedRest : slashes + typedAuthority + typedRest;
  const query = rest.indexOf('?');
  let at = 0;
  for (const match of text.matchAll(/\{([^{}]*)\}|[{}]/g)) {
    // `{a|b}`: the first of several keys with a value, each an identifier, none twice.
    const keys = match[1]?.split('|');
    const index = match.index!;
    const end = index + match[0].length;
    if (keys === undefined || !keys.every(isParamKey) || new Set(keys).size < keys.length) return 'placement';
    const [key, ...or] = keys as [string, ...string[]];
    let place: Place;
    if (index < start.length) return 'placement';
    if (index < start.length + authority.length) {
      // A whole host label: a dot or the authority's start before it, a dot or the authority's end after it.
      const before = text[index - 1];
      const after = end < start.length + authority.length ? text[end] : '.';
      if (authority.includes('@') || authority.includes(':') || !(index === start.length || before === '.') || after !== '.') return 'placement';
      place = 'host';
    } else if (query < 0 || index < start.length + authority.length + query) place = 'path';
    else {
      // A whole query value: `=` before it, `&` or the end after it; RTB only (Prebid URLs carry no query).
      if (protocol !== 'rtb' || text[index - 1] !== '=' || !(end === text.length || text[end] === '&')) return 'placement';
      place = 'query';
    }
    template.push(text.slice(at, index), or.length ? { key, place, or } : { key, place });
    at = end;
  }
  template.push(text.slice(at));
  return template;
}

/** The template with every placeholder filled by `fill`. */
const fillWith = (template: Template, fill: (part: Placeholder) => string) => template.map((part) => (typeof part === 'string' ? part : fill(part))).join('');

/**
 * The record-time check of a template (docs/spec.md#endpoint-templates): the host, with each placeholder label read as a wildcard, must be
 * covered by a `*.` entry of the known endpoints (`uncovered`, an `unknown_endpoint`); with every placeholder read as
 * a plain probe value, the URL must pass every rule of docs/spec.md#protocols. Returns the refusal, or `undefined`.
 */
export function judgeTemplate(template: Template, protocol: Protocol, options: EndpointOptions): TemplateReason | undefined {
  const hostLabels = hasHostLabels(template);
  // With host labels, every rule but the known list first (no list: a well-formed host is `unknown`), then coverage.
  const judged = judgeEndpoint(
    fillWith(template, () => PROBE),
    protocol,
    hostLabels ? {} : options,
  );
  if ('reason' in judged && !(hostLabels && judged.reason === 'unknown')) return judged.reason;
  return hostLabels && !templateHosts(template, protocol, options).length ? 'uncovered' : undefined;
}

/**
 * The hosts a template's URLs may have, as {@link buildUrl} judges each URL again: with host placeholders, `.` and
 * the base of each `*.` known entry that covers the template (every host the template makes ends so); without, the
 * template's one host. Normalised, taken from the known endpoints the template is checked against, so a page ships
 * these few names and not the operator's whole list. `[]` when the template is refused.
 * @example templateHosts(parseTemplate('https://{r}.bid.example.com/', 'rtb'), 'rtb', { knownEndpoints: ['*.bid.example.com', 'a.example'] }) // ['.bid.example.com']
 */
export function templateHosts(template: Template, protocol: Protocol, options: EndpointOptions): string[] {
  if (!hasHostLabels(template)) {
    const judged = judgeEndpoint(
      fillWith(template, () => PROBE),
      protocol,
      options,
    );
    return 'reason' in judged ? [] : [judged.host];
  }
  const fixed = fixedHostSuffix(template);
  const known = Array.isArray(options.knownEndpoints) ? options.knownEndpoints : [];
  return fixed === undefined
    ? []
    : known
        .filter((entry) => typeof entry === 'string' && entry.startsWith('*.') && isKnownHost(`${PROBE}.${fixed}`, [entry]))
        .map((entry) => '.' + normaliseHost(entry.slice(2)));
}

const hasHostLabels = (template: Template) => template.some((part) => typeof part !== 'string' && part.place === 'host');

/**
 * The host labels after a template's last placeholder label, normalised (`bid.example.com` for
 * `https://{region}.bid.example.com/rtb`): every value makes a host below them, so a `*.` entry over them (or over a
 * suffix of them) covers every host the template can make. `undefined` when the host has no placeholder label, or
 * nothing (or nothing valid) follows the last one.
 * @example fixedHostSuffix(parseTemplate('https://{r}.bid.example.com/', 'rtb')) // 'bid.example.com'
 */
export function fixedHostSuffix(template: Template): string | undefined {
  if (!hasHostLabels(template)) return undefined;
  const host = urlParts(fillWith(template, (part) => (part.place === 'host' ? '\u0000' : PROBE)))[3];
  const rest = host.slice(host.lastIndexOf('\u0000') + 2);
  return rest === '' ? undefined : normaliseHost(rest);
}

/** The text a value fills a placeholder with, before encoding: a number as its decimal string, a boolean as its word. */
export const placeholderText = (value: unknown): string => (finite(value) ? decimalString(value) : String(value));

/** A host value's label (lower-cased) can fill a host placeholder: one DNS label, and no IDN label (`xn--`). */
export const isLabel = (label: string): boolean => DNS_LABEL.test(label) && !label.startsWith('xn--');

/** A path or query value's text, percent-encoded as a URI component (and `!'()*`, which the URL parser would encode in a query). */
export const encodeValue = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/**
 * The URL a template makes with the given values (by key), judged again before it is used; or the key whose value is
 * refused and the code: `missing_required` (no value), `invalid_value` (a host value that is no DNS label, an IDN
 * label `xn--…`, a path value the URL parser would resolve as `.` or `..`), `unknown_endpoint` (a host not among
 * `hosts`, the template's {@link templateHosts}); values that make a host over 253 characters or a URL over 2,048
 * (docs/spec.md#protocols's bounds) are `invalid_value` too, at the first host placeholder, or the first path or query one: SPEC
 * docs/spec.md#endpoint-templates words a failure of a built URL as `unknown_endpoint` or `invalid_value` at the value's path.
 * Never throws.
 *
 * The judgement again is docs/spec.md#protocols's on the finished URL, reduced to what a value can change: the fixed parts passed
 * every rule when the template was checked, a host value is one lower-case DNS label and every other value is
 * percent-encoded, so the URL differs from the checked one only in its host labels, its length and the path and
 * query the parser reads. So: the parser must keep the path and query as built, the length and the host's stay
 * within docs/spec.md#protocols's bounds, and the host must be known (below a covering `*.` entry, or the template's own host).
 * test/endpoint/template.test.ts holds this to `judgeEndpoint` on every URL a property test builds. No words and few
 * bytes: the page runs it on every bid.
 * @example buildUrl(parseTemplate('https://{r}.bid.example.com/', 'rtb'), ['.bid.example.com'], (key) => 'eu') // URL https://eu.bid.example.com/
 */
export function buildUrl(
  template: Template,
  hosts: readonly string[],
  valueOf: (key: string) => unknown,
): URL | [key: string, code: 'invalid_value' | 'unknown_endpoint' | 'missing_required'] {
  // The first placeholder (host labels come first: they are before the path), the first outside the host, the
  // first without a value, the first host value that is no DNS label.
  let first: string | undefined;
  let path: string | undefined;
  let missing: string | undefined;
  let refused: string | undefined;
  const text = fillWith(template, (part) => {
    const { place } = part;
    // The first key of the placeholder with a value (`{a|b}`), else its first.
    const key = placeholderKeys(part).find((candidate) => entered(valueOf(candidate))) ?? part.key;
    const raw = valueOf(key);
    const value = placeholderText(raw);
    const label = value.toLowerCase();
    first ??= key;
    // No value (no imp entered one): nothing to fill, never the text "undefined".
    if (!entered(raw)) missing ??= key;
    if (place !== 'host') return ((path ??= key), encodeValue(value));
    if (!isLabel(label)) refused ??= key;
    return label;
  });
  if (missing) return [missing, 'missing_required'];
  if (refused) return [refused, 'invalid_value'];
  first = first!;
  try {
    const url = new URL(text);
    const name = url.hostname.replace(/\.$/, '');
    // docs/spec.md#protocols's bounds: a host over 253 characters is its labels' doing, a longer URL its path and query values'.
    if (name.length > 253) return [first, 'invalid_value'];
    if (text.length > MAX_ENDPOINT_LENGTH) return [path ?? first, 'invalid_value'];
    if (!hosts.some((known) => (known[0] === '.' ? name.endsWith(known) : name === known))) return [first, 'unknown_endpoint'];
    // The parser must keep the path and query as built (a value that makes a `.` or `..` segment would be resolved
    // away): the URL ends with them.
    return url.href.endsWith(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*(.*)$/is.exec(text)![1]!) ? url : [path ?? first, 'invalid_value'];
  } catch {
    return [first, 'invalid_value'];
  }
}

/** The keys of a template's placeholders (each alternative of `{a|b}` too), in order, each once. */
export const templateKeys = (template: Template): string[] => [
  ...new Set(template.filter((part): part is Placeholder => typeof part !== 'string').flatMap(placeholderKeys)),
];

/** The keys of each `{a|b}` placeholder of a template (those with more than one key). */
export const templateChoices = (template: Template): string[][] =>
  template.filter((part): part is Placeholder => typeof part !== 'string' && part.or !== undefined).map(placeholderKeys);

/**
 * The keys an endpoint's placeholders name, as the record rules take them: `[]` for no endpoint or one without
 * placeholders, `undefined` when its placeholders do not parse (which fields they name is unknown).
 */
export function endpointKeys(endpoint: unknown, protocol: Protocol): string[] | undefined {
  const template = typeof endpoint === 'string' ? parseTemplate(endpoint, protocol) : undefined;
  return template === 'placement' ? undefined : template ? templateKeys(template) : [];
}
