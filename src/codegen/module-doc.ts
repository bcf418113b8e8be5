/**
 * The Prebid-style module doc of a generated adapter (`<code>BidAdapter.md`, as Prebid's `modules/*.md`):
 * Overview (module name, type, maintainer placeholder), Description, Bid Params (a row per field by its key, SPEC
 * docs/spec.md#param, from its `display`, `type`, `required`, `options`, bounds and targets; the one-of groups, docs/spec.md#one-of; the fixed
 * values, docs/spec.md#constants) and Test Parameters (an example ad unit). Record text is Markdown-escaped: it cannot close a table
 * cell or a code span.
 */
import { keyOf, type FieldPlan, type Target } from '../core/plan/field-plan.js';
import { isRefusal, type WrittenValue } from '../core/plan/value-judge.js';
import { makeValueJudge } from '../core/plan/value-kinds.js';
import { placeholderKeys, templateKeys, type Place, type Placeholder } from '../core/endpoint/template.js';
import type { FieldDefinition } from '../core/types.js';
import type { BidderPlan } from '../prebid/types.js';
import { literal } from './emit.js';
import { ALL_MEDIA_TYPES } from '../core/rules/media-types.js';

/** Text for a table cell: no line breaks, `|`, `\`, backticks or HTML brackets. */
export const cell = (text: unknown) =>
  String(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\|`*_<>[\]]/g, '\\$&');

/** Sample texts a text field's example is made of: the usual sample, then digits, letters and both. */
const SAMPLES = ['example', '1234567890', 'abcdefghij', 'ABCDEFGHIJ', 'a1b2c3d4e5'];
/** The longest example text made. */
const MAX_EXAMPLE = 1000;

/** `sample` repeated or cut to `length` characters. */
const sized = (sample: string, length: number) => sample.repeat(Math.ceil(length / sample.length)).slice(0, length);

/**
 * The example value of a field in the ad unit, and whether it is only a placeholder: its default (as the field's
 * rule reads it: `"false"` is `false`), else the first candidate that the field's value rule accepts (the page
 * runtime's rule, which the adapter's isBidRequestValid applies): `true` for a boolean; a select field's first
 * option; for a number its lower bound, that bound rounded up, 1, its upper bound, that bound rounded down, 0; for a
 * text each sample at its own length brought within the field's length bounds, then at every length from 1 to 16
 * the field allows (for a pattern of fixed length). When none passes (a pattern no sample matches), the first
 * candidate, marked as a placeholder to replace.
 */
export function example(field: FieldDefinition, plan: FieldPlan): { value: WrittenValue; placeholder?: true } {
  if (plan.default !== undefined) return { value: plan.default };
  const { min, max, minLength = 0, maxLength = Infinity } = plan;
  const numbers = () =>
    [min, min !== undefined && Math.ceil(min), 1, max, max !== undefined && Math.floor(max), 0].filter((value) => typeof value === 'number');
  const texts = () => {
    const allowed = (length: number) => length >= minLength && length <= maxLength && length <= MAX_EXAMPLE;
    const lengths = Array.from({ length: 16 }, (_, index) => index + 1);
    return SAMPLES.flatMap((sample) =>
      [Math.min(Math.max(sample.length, minLength), maxLength), ...lengths].filter(allowed).map((length) => sized(sample, length)),
    );
  };
  let candidates: WrittenValue[];
  if (field.type === 'boolean') candidates = [true];
  else if (field.type === 'select') candidates = field.options.map((option) => option.value);
  else if (field.type === 'number') candidates = numbers();
  // A list of as many items as it needs (one at least), each an item candidate; a JSON value; an id's text or number.
  else if (field.type === 'list')
    candidates = (field.items === 'number' ? numbers() : texts()).map((item) => Array(Math.max(plan.minItems ?? 1, 1)).fill(item));
  else if (field.type === 'json') candidates = [{}];
  else candidates = field.type === 'id' ? [...texts(), 123] : texts();
  const judge = makeValueJudge(plan);
  const value = candidates.find((candidate) => !isRefusal(judge(candidate)));
  return value === undefined ? { value: candidates[0] ?? 'example', placeholder: true } : { value };
}

export function describeType(field: FieldDefinition): string {
  if (field.type === 'boolean') return 'boolean (`true` or `false`)';
  if (field.type === 'json') return 'JSON (any JSON value but null, at most 4,096 bytes)';
  if (field.type === 'select') return `select: ${field.options.map((option) => `${option.value} (${cell(option.name)})`).join(', ')}`;
  if (field.type === 'list') {
    const counts = [field.minItems !== undefined && `at least ${field.minItems}`, field.maxItems !== undefined && `at most ${field.maxItems}`].filter(Boolean);
    return `list of ${field.items === 'number' ? 'numbers' : 'strings'} (an array, or text separated by commas${counts.length ? `; ${counts.join(', ')} items` : ''})`;
  }
  const bounds =
    field.type === 'number'
      ? [field.integer && 'integer', field.min !== undefined && `min ${field.min}`, field.max !== undefined && `max ${field.max}`]
      : [
          field.type === 'text' && field.minLength !== undefined && `min length ${field.minLength}`,
          field.maxLength !== undefined && `max length ${field.maxLength}`,
          field.pattern !== undefined && `pattern ${cell(field.pattern)}`,
        ];
  const shown = bounds.filter(Boolean);
  return field.type + (shown.length ? ` (${shown.join(', ')})` : '');
}

/** Where a value goes, in OpenRTB terms: below each imp, the inventory object or the request itself (docs/spec.md#targets, docs/spec.md#more-targets). */
const target = ([root, ...keys]: Target) =>
  ['imp.', 'site/app/dooh.', 'request.', '', 'imp.', 'request.', 'site/app/dooh.', 'imp.banner.'][root] + keys.join('.');

/** A field's targets as code spans: its own, then its `alsoTo` ones (an endpoint-only field, docs/spec.md#endpoint-templates, has none). */
const targets = (plan: FieldPlan) =>
  [plan.to, ...(plan.also ?? [])]
    .filter((to) => to[0] !== 3)
    .map((to) => `\`${target(to)}\``)
    .join(' and ');

/** Where a placeholder sits, for a publisher: what its value must be. */
const PLACES: Record<Place, string> = {
  host: 'a host label: one DNS label, letters, digits and hyphens',
  path: 'in the path, percent-encoded',
  query: 'a query value, percent-encoded',
};

/**
 * The endpoint as the doc shows it: the URL, or the template with its `{key}` placeholders (its fixed parts passed
 * the endpoint rules as typed, so no white space; a backtick, which the URL parser would encode, is shown encoded,
 * so it cannot close the code span).
 */
const endpointText = (plan: BidderPlan) =>
  plan.template
    ? plan.template
        .map((part) => (typeof part === 'string' ? part : `{${placeholderKeys(part).join('|')}}`))
        .join('')
        .replace(/`/g, '%60')
    : plan.url!;

/** What a field does to the endpoint: `fills {key} in the endpoint`, or nothing. */
const fills = (plan: BidderPlan, key: string) =>
  plan.template?.some((part) => typeof part !== 'string' && placeholderKeys(part).includes(key)) ? `fills \`{${key}}\` in the endpoint` : '';

/** The description's "(sent as …; fills … in the endpoint)" of a field. */
const where = (plan: BidderPlan, index: number, key: string) => {
  const sent = targets(plan.fields[index]!);
  return [sent && `sent as ${sent}`, fills(plan, key)].filter(Boolean).join('; ');
};

/** Keys as code spans, for a one-of group. */
const keyList = (keys: readonly string[]) => keys.map((key) => `\`${key}\``).join(', ');

/** How bids become requests (docs/spec.md#split-imp; one request per URL a template makes). */
const requests = (plan: BidderPlan) =>
  plan.split
    ? 'Each valid bid is sent alone, as the one imp of an OpenRTB 2.6 request of its own'
    : plan.template
      ? 'Each valid bid becomes an imp of one OpenRTB 2.6 request per auction and endpoint URL (bids whose params make different URLs go in separate requests)'
      : 'Each valid bid becomes an imp of one OpenRTB 2.6 request per auction';

/** The module doc of a checked adapter and its record's field definitions (in the same order). */
export function moduleDoc(plan: BidderPlan, definitions: readonly FieldDefinition[], fileName: string): string {
  // Names, the CPM field and the endpoint are checked (dot paths of [A-Za-z0-9_$-], a parsed URL): safe in code spans.
  const examples = definitions.map((field, index) => example(field, plan.fields[index]!));
  // Keys are identifiers or names (dot paths of [A-Za-z0-9_$-]): safe in code spans, as names are.
  const keys = plan.fields.map(keyOf);
  const groups = plan.oneOf ?? [];
  const placeholder = ' (placeholder: replace it with a value the field accepts)';
  // Scope: required, else the one-of groups the key is in, else optional.
  const scope = (index: number) =>
    plan.fields[index]!.required
      ? 'required'
      : groups
          .filter((group) => group.includes(keys[index]!))
          .map((group) => `one of ${keyList(group)}`)
          .join('; ') || 'optional';
  const rows = definitions.map(
    (field, index) =>
      `| \`${keys[index]}\` | ${scope(index)} | ${cell(field.display)}${field.description ? `: ${cell(field.description)}` : ''} (${where(plan, index, keys[index]!)}) | ${cell(literal(examples[index]!.value))}${examples[index]!.placeholder ? placeholder : ''} | ${describeType(field)} |`,
  );
  const oneOf = groups.length
    ? `\n\nAt least one param of each group must be set (a default counts):\n\n${groups.map((group) => `- one of ${keyList(group)}`).join('\n')}`
    : '';
  // Constants: where each goes and its value as a JSON literal (Markdown-escaped like every cell).
  const constants = plan.constants?.length
    ? `\n\nSent in every request whatever the params (fixed by the adapter record):\n\n| Sent as | Value |\n|---|---|\n${plan.constants.map((constant) => `| \`${target(constant.to)}\` | ${cell(literal(constant.value))} |`).join('\n')}`
    : '';
  // Conditions (docs/spec.md#conditions): exactly-one-of groups, and what setting a param adds.
  const exactly = plan.exactlyOneOf?.length
    ? `\n\nExactly one param of each group must be set (a default counts):\n\n${plan.exactlyOneOf.map((group) => `- one of ${keyList(group)}`).join('\n')}`
    : '';
  const switched = plan.with?.length
    ? `\n\nSent only when a param is set:\n\n| Param | Sent as | Value |\n|---|---|---|\n${plan.with.map((constant) => `| \`${constant.if}\` | \`${target(constant.to)}\` | ${cell(literal(constant.value))} |`).join('\n')}`
    : '';
  // The endpoint's placeholders (docs/spec.md#endpoint-templates): which param fills each, and where it sits.
  const placeholders = plan.template
    ? `\n\nThe endpoint is built from each bid's params:\n\n${templateKeys(plan.template)
        .map(
          (key) =>
            `- \`${key}\` fills \`{${key}}\` (${PLACES[(plan.template!.find((part) => typeof part !== 'string' && placeholderKeys(part).includes(key)) as Placeholder).place]})`,
        )
        .join('\n')}\n\nA bid whose params make no valid URL (e.g. a host value with a dot) is left out with a warning.`
    : '';
  // JSON literals (backticks escaped, so no value can close the code block), one param a line, by key; a placeholder
  // is marked by a comment of fixed text.
  const params = definitions
    .map(
      (_field, index) =>
        `        ${literal(keys[index])}: ${literal(examples[index]!.value).replace(/`/g, '\\u0060')}${index < definitions.length - 1 ? ',' : ''}${examples[index]!.placeholder ? ' // placeholder: replace it with a value the field accepts' : ''}`,
    )
    .join('\n');
  return `# Overview

\`\`\`
Module Name: ${plan.code} Bidder Adapter
Module Type: Bidder Adapter
Maintainer: (the partner's contact e-mail)
\`\`\`

# Description

Generated by \`bidfields prebid-adapter\` from the partner's bidfields adapter record. ${requests(plan)}, POSTed as
\`text/plain\` to \`${endpointText(plan)}\`${plan.template ? ' (placeholders filled from the params, see Bid Params)' : ''}; the CPM is read from each bid
of the answer at \`${plan.cpm}\`.
Media types: ${(plan.mediaTypes ?? ALL_MEDIA_TYPES).join(', ')}.${plan.gvlid ? ` IAB GVL ID: ${plan.gvlid}.` : ''}

Add it to a Prebid.js build from npm next to Prebid.js:

\`\`\`js
import pbjs from 'prebid.js';
import './${fileName}';
pbjs.processQueue();
\`\`\`

# Bid Params

| Name | Scope | Description | Example | Type |
|---|---|---|---|---|
${rows.join('\n')}${oneOf}${exactly}${placeholders}${constants}${switched}

# Test Parameters

\`\`\`js
var adUnits = [{
  code: 'div-1',
  mediaTypes: { banner: { sizes: [[300, 250]] } },
  bids: [{
    bidder: ${literal(plan.code)},
    params: {
${params}
    }
  }]
}];
\`\`\`
`;
}
