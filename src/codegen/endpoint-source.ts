/**
 * An endpoint template (docs/spec.md#endpoint-templates) compiled to a function, as ajv compiles a schema: `endpointUrl`, the URL a
 * template makes with a bid's values, or the key and code that refuse them — `buildUrl`'s verdict
 * (core/endpoint/template.ts) with only the checks this template can fail. Both generated Prebid.js adapters carry
 * it: the standalone one (plain JS next to the page runtime, whose `placeholderText`, `isLabel` and `encodeValue` it
 * imports) and the in-repository one (TypeScript, with those helpers written out, since it may import nothing of
 * bidfields). Every key and fixed part enters as a JSON literal. What the function can leave out, and why:
 * - the host check against the known endpoints: a host value is one DNS label, so every host the template makes is
 *   its labels before the fixed suffix the record check found covered (`templateHosts`);
 * - the 253-character host and 2,048-character URL bounds, where no values can pass them (host labels only, short
 *   fixed parts), and the URL parser's look at the path where no value goes in it.
 * test/codegen/endpoint-source.test.ts holds both forms to `buildUrl` on hostile values: the same URL, or the same
 * key and code.
 */
import { urlParts } from '../core/rules/url-parts.js';
import { MAX_ENDPOINT_LENGTH } from '../core/endpoint/endpoint-rules.js';
import type { Template } from '../core/endpoint/template.js';
import { literal } from '../core/source/literal.js';

/** The helpers `endpointUrl` calls (the standalone module imports them from the runtime, the in-repository one writes them out). */
export type EndpointHelper = 'placeholderText' | 'isLabel' | 'encodeValue';

/**
 * The helpers the compiled form of `template` calls: `placeholderText` always, `isLabel` for host placeholders,
 * `encodeValue` for path and query ones (and the standalone form `isNotEntered` too, the value judge's own test).
 * @example endpointHelpers(parseTemplate('https://{r}.bid.example.com/x', 'prebid-js')) // ['placeholderText', 'isLabel']
 */
export function endpointHelpers(template: Template): EndpointHelper[] {
  const places = new Set(template.map((part) => (typeof part === 'string' ? undefined : part.place === 'host')));
  return ['placeholderText', ...(places.has(true) ? ['isLabel' as const] : []), ...(places.has(false) ? ['encodeValue' as const] : [])];
}

/** How the function reads a value: `value("key")` (standalone) or `sent["key"]` (in-repository, typed). */
export interface EndpointCodeOptions {
  typed: boolean;
}

/**
 * The source of `function endpointUrl(value)` (standalone: `value` reads a value by key) or
 * `function endpointUrl(sent: SentParams)` (typed: `sent` holds the values by key).
 * @example endpointSource(parseTemplate('https://{r}.bid.example.com/x', 'prebid-js'), { typed: false }) // 'function endpointUrl(value) {…}'
 */
export function endpointSource(template: Template, { typed }: EndpointCodeOptions): string {
  const read = (key: string) => (typed ? `sent[${literal(key)}]` : `value(${literal(key)})`);
  // Not entered (docs/spec.md#values): the runtime's own test in the standalone module, written out in the typed one.
  const notEntered = (name: string) => (typed ? `${name} == null || ${name} === ""` : `isNotEntered(${name})`);
  const placeholders = template.filter((part) => typeof part !== 'string');
  // The key a refusal names: the placeholder's own, or for `{a|b}` (docs/spec.md#conditions) the one whose value it took.
  const keyOf = (index: number) => (placeholders[index]!.or ? `key${index + 1}` : literal(placeholders[index]!.key));
  const first = keyOf(0);
  const pathIndex = placeholders.findIndex((part) => part.place !== 'host');
  const pathKey = pathIndex < 0 ? undefined : keyOf(pathIndex);
  const lines: string[] = [];
  // Every value read once, in order; buildUrl's order of refusals: a missing value first, then a host value.
  placeholders.forEach((part, i) => {
    if (!part.or) return lines.push(`const value${i + 1} = ${read(part.key)};`);
    lines.push(`let value${i + 1} = ${read(part.key)};`, `let key${i + 1} = ${literal(part.key)};`);
    for (const other of part.or) lines.push(`if (${notEntered(`value${i + 1}`)}) { value${i + 1} = ${read(other)}; key${i + 1} = ${literal(other)}; }`);
  });
  placeholders.forEach((part, i) => lines.push(`if (${notEntered(`value${i + 1}`)}) return [${literal(part.key)}, "missing_required"];`));
  const labels: string[] = [];
  placeholders.forEach((part, i) => {
    if (part.place !== 'host') return;
    const label = `label${i + 1}`;
    labels.push(label);
    lines.push(`const ${label} = placeholderText(value${i + 1}).toLowerCase();`, `if (!isLabel(${label})) return [${keyOf(i)}, "invalid_value"];`);
  });
  // The authority ends at the first `/`, `?` or `#` after the scheme's `//`; what follows (path and query) is `path`.
  const probe = template.map((part) => (typeof part === 'string' ? part : 'x')).join('');
  const [, scheme = '', slashes = '', authority] = urlParts(probe);
  const authorityEnd = scheme.length + slashes.length + authority.length;
  const head: string[] = [];
  const tail: string[] = [];
  let at = 0;
  let index = 0;
  for (const part of template) {
    if (typeof part === 'string') {
      const cut = Math.max(0, Math.min(part.length, authorityEnd - at));
      if (cut > 0) head.push(literal(part.slice(0, cut)));
      if (cut < part.length) tail.push(literal(part.slice(cut)));
      at += part.length;
      continue;
    }
    index++;
    if (part.place === 'host') head.push(`label${index}`);
    else tail.push(`encodeValue(placeholderText(value${index}))`);
    at += 1;
  }
  const fixedLength = template.filter((part): part is string => typeof part === 'string').join('').length;
  if (labels.length) {
    // The host's fixed characters: the probe's host with each label one character long, less those characters.
    const fixedHost =
      new URL(template.map((part) => (typeof part === 'string' ? part : part.place === 'host' ? 'a' : 'x')).join('')).hostname.replace(/\.$/, '').length -
      labels.length;
    if (fixedHost + 63 * labels.length > 253)
      lines.push(`if (${labels.map((label) => `${label}.length`).join(' + ')} + ${fixedHost} > 253) return [${first}, "invalid_value"];`);
  }
  if (pathKey !== undefined) lines.push(`const path = ${joinLiterals(tail).join(' + ')};`);
  lines.push(`const url = ${joinLiterals([...head, ...(pathKey !== undefined ? ['path'] : tail)]).join(' + ')};`);
  if (pathKey !== undefined || fixedLength + 63 * labels.length > MAX_ENDPOINT_LENGTH)
    lines.push(`if (url.length > ${MAX_ENDPOINT_LENGTH}) return [${pathKey ?? first}, "invalid_value"];`);
  // The parser must keep the path and query as built (a value that makes a "." or ".." segment would be resolved away).
  if (pathKey !== undefined) lines.push(`if (!new URL(url).href.endsWith(path)) return [${pathKey}, "invalid_value"];`);
  // The URL as the parser writes it (`buildUrl` sends its href): as built, unless the fixed parts are spelled otherwise
  // (upper case, a default port, no path), which the values cannot change.
  lines.push(new URL(probe).href === probe ? 'return url;' : 'return new URL(url).href;');
  const signature = typed ? 'function endpointUrl(sent: SentParams): string | [key: string, code: string]' : 'function endpointUrl(value)';
  return `/** The endpoint a bid's values make (the template's placeholders filled, docs/spec.md#endpoint-templates), or the key and code that refuse them. */
${signature} {
${lines.map((line) => '  ' + line).join('\n')}
}`;
}

/** Adjacent JSON string literals among expressions, joined into one literal. */
function joinLiterals(expressions: readonly string[]): string[] {
  const out: string[] = [];
  for (const expression of expressions) {
    const last = out[out.length - 1];
    if (expression.startsWith('"') && last?.startsWith('"')) out[out.length - 1] = literal((JSON.parse(last) as string) + (JSON.parse(expression) as string));
    else out.push(expression);
  }
  return out;
}
