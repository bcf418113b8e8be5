/**
 * The Prebid-style module doc of a generated adapter (`<code>BidAdapter.md`, as Prebid's `modules/*.md`):
 * Overview (module name, type, maintainer placeholder), Description, Bid Params (from each field's `display`,
 * `type`, `required`, `options` and bounds) and Test Parameters (an example ad unit). Record text is Markdown-
 * escaped: it cannot close a table cell or a code span.
 */
import type { FieldPlan } from '../core/plan/field-plan.js';
import { isRefusal, valueJudge } from '../core/plan/value-judge.js';
import type { FieldDefinition } from '../core/types.js';
import type { BidderPlan } from '../prebid/types.js';
import { literal } from './emit.js';

/** Text for a table cell: no line breaks, `|`, `\`, backticks or HTML brackets. */
const cell = (text: unknown) => String(text).replace(/[\r\n]+/g, ' ').replace(/[\\|`*_<>[\]]/g, '\\$&');

/** Sample texts a text field's example is made of: the usual sample, then digits, letters and both. */
const SAMPLES = ['example', '1234567890', 'abcdefghij', 'ABCDEFGHIJ', 'a1b2c3d4e5'];
/** The longest example text made. */
const MAX_EXAMPLE = 1000;

/** `sample` repeated or cut to `length` characters. */
const sized = (sample: string, length: number) => sample.repeat(Math.ceil(length / sample.length)).slice(0, length);

/**
 * The example value of a field in the ad unit, and whether it is only a placeholder: its default, else the first
 * candidate that the field's value rule accepts (the page runtime's rule, which the adapter's isBidRequestValid
 * applies): a select field's first option; for a number its lower bound, that bound rounded up, 1, its upper
 * bound, that bound rounded down, 0; for a text each sample at its own length brought within the field's length
 * bounds, then at every length from 1 to 16 the field allows (for a pattern of fixed length). When none passes
 * (a pattern no sample matches), the first candidate, marked as a placeholder to replace.
 */
function example(field: FieldDefinition, plan: FieldPlan): { value: string | number | boolean; placeholder?: true } {
  if (field.default !== undefined) return { value: field.default };
  const { min, max, minLength = 0, maxLength = Infinity } = plan;
  let candidates: (string | number | boolean)[];
  if (field.type === 'boolean') candidates = [true];
  else if (field.type === 'select') candidates = field.options.map((option) => option.value);
  else if (field.type === 'number') candidates = [min, min !== undefined && Math.ceil(min), 1, max, max !== undefined && Math.floor(max), 0].filter((value) => typeof value === 'number');
  else {
    const allowed = (length: number) => length >= minLength && length <= maxLength && length <= MAX_EXAMPLE;
    const lengths = Array.from({ length: 16 }, (_, index) => index + 1);
    candidates = SAMPLES.flatMap((sample) => [Math.min(Math.max(sample.length, minLength), maxLength), ...lengths].filter(allowed).map((length) => sized(sample, length)));
  }
  const judge = valueJudge(plan);
  const value = candidates.find((candidate) => !isRefusal(judge(candidate)));
  return value === undefined ? { value: candidates[0] ?? 'example', placeholder: true } : { value };
}

function describeType(field: FieldDefinition): string {
  if (field.type === 'select') return `select: ${field.options.map((option) => `${option.value} (${cell(option.name)})`).join(', ')}`;
  if (field.type === 'boolean') return field.type;
  const bounds =
    field.type === 'number'
      ? [field.integer && 'integer', field.min !== undefined && `min ${field.min}`, field.max !== undefined && `max ${field.max}`]
      : [field.minLength !== undefined && `min length ${field.minLength}`, field.maxLength !== undefined && `max length ${field.maxLength}`, field.pattern !== undefined && `pattern ${cell(field.pattern)}`];
  const shown = bounds.filter(Boolean);
  return field.type + (shown.length ? ` (${shown.join(', ')})` : '');
}

/** Where a field's value goes, in OpenRTB terms. */
const target = (to: readonly (string | number)[]) => (to[0] ? 'site/app/dooh.' : 'imp.') + to.slice(1).join('.');

/** The module doc of a checked adapter and its record's field definitions (in the same order). */
export function moduleDoc(plan: BidderPlan, definitions: readonly FieldDefinition[], fileName: string): string {
  // Names, the CPM field and the endpoint are checked (dot paths of [A-Za-z0-9_$-], a parsed URL): safe in code spans.
  const examples = definitions.map((field, index) => example(field, plan.fields[index]!));
  const placeholder = ' (placeholder: replace it with a value the field accepts)';
  const rows = definitions.map((field, index) => `| \`${field.name}\` | ${field.required ? 'required' : 'optional'} | ${cell(field.display)}${field.description ? `: ${cell(field.description)}` : ''} (sent as \`${target(plan.fields[index]!.to)}\`) | ${cell(literal(examples[index]!.value))}${examples[index]!.placeholder ? placeholder : ''} | ${describeType(field)} |`);
  // JSON literals (backticks escaped, so no value can close the code block), one param a line; a placeholder is
  // marked by a comment of fixed text.
  const params = definitions
    .map((field, index) => `        ${literal(field.name)}: ${literal(examples[index]!.value).replace(/`/g, '\\u0060')}${index < definitions.length - 1 ? ',' : ''}${examples[index]!.placeholder ? ' // placeholder: replace it with a value the field accepts' : ''}`)
    .join('\n');
  return `# Overview

\`\`\`
Module Name: ${plan.code} Bidder Adapter
Module Type: Bidder Adapter
Maintainer: (the partner's contact e-mail)
\`\`\`

# Description

Generated by \`bidfields prebid-adapter\` from the partner's bidfields adapter record. Each valid bid becomes an
imp of one OpenRTB 2.6 request per auction, POSTed as \`text/plain\` to
\`${plan.url}\`; the CPM is read from each bid of the answer at \`${plan.cpm}\`.
Media types: banner, video, native.${plan.gvlid ? ` IAB GVL ID: ${plan.gvlid}.` : ''}

Add it to a Prebid.js build from npm next to Prebid.js:

\`\`\`js
import pbjs from 'prebid.js';
import './${fileName}';
pbjs.processQueue();
\`\`\`

# Bid Params

| Name | Scope | Description | Example | Type |
|---|---|---|---|---|
${rows.join('\n')}

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
