/**
 * The two documents of an in-repository adapter: `modules/<code>BidAdapter.md` (Prebid.js's module doc: Overview
 * with Module Name, Module Type and Maintainer; Description; Bid Params; Test Parameters) and, for prebid.github.io,
 * `dev-docs/bidders/<code>.md` (front matter and a Bid Params table). Record text is Markdown-escaped (`cell`) and
 * every value in code blocks is a JSON literal.
 */
import { keyOf, type FieldPlan, type WrittenValue } from '../../core/plan/field-plan.js';
import type { FieldDefinition } from '../../core/types.js';
import type { BidderPlan } from '../../prebid/types.js';
import { styled } from './styled.js';
import { cell, describeType, example } from '../module-doc.js';
import { targetText } from './module-ts.js';
import { ALL_MEDIA_TYPES, type MediaType } from '../../core/rules/media-types.js';

/** A field's example value (a boolean's is `true`), and whether it is only a placeholder the rule refuses. */
function exampleOf(field: FieldDefinition, plan: FieldPlan): { value: WrittenValue; placeholder?: true } {
  return example(field, plan);
}

/** The example params of an ad unit: every field's example, by key. */
export function exampleParams(plan: BidderPlan, definitions: readonly FieldDefinition[]): { params: Record<string, unknown>; placeholders: string[] } {
  const params: Record<string, unknown> = {};
  const placeholders: string[] = [];
  plan.fields.forEach((field, index) => {
    const found = exampleOf(definitions[index]!, field);
    params[keyOf(field)] = found.value;
    if (found.placeholder) placeholders.push(keyOf(field));
  });
  // An exactly-one-of group (docs/spec.md#conditions) takes one key: the first of each group is the example's.
  for (const group of plan.exactlyOneOf ?? []) for (const key of group.slice(1)) delete params[key];
  return { params, placeholders };
}

/** The TypeScript-ish type a docs table shows for a field (no `|`: a table cell; a list's text with commas is in its description). */
const typeOf = (field: FieldPlan): string => {
  if (field.type === 'list') return field.items === 'number' ? 'number[]' : 'string[]';
  if (field.type === 'id') return 'string or number';
  return field.type === 'text' ? 'string' : field.type === 'boolean' ? 'boolean' : field.type === 'json' ? 'any' : 'number';
};

/** The Bid Params table rows (Name, Scope, Description, Example, Type). */
function paramRows(plan: BidderPlan, definitions: readonly FieldDefinition[], params: Record<string, unknown>): string[] {
  return plan.fields.map((field, index) => {
    const definition = definitions[index]!;
    const scope = field.required && field.default === undefined ? 'required' : 'optional';
    const about = `${cell(definition.display)}${definition.description ? `: ${cell(definition.description)}` : ''}. ${describeType(definition)}; sent as \`${[field.to, ...(field.also ?? [])].map(targetText).join('`, `')}\``;
    return `| \`${keyOf(field)}\` | ${scope} | ${about} | \`${cell(styled(keyOf(field) in params ? params[keyOf(field)] : exampleOf(definition, field).value)).replace(/`/g, '\\u0060')}\` | \`${typeOf(field)}\` |`;
  });
}

/** Each media type's part of an example ad unit's mediaTypes. */
const AD_UNIT_MEDIA: Record<MediaType, string> = {
  banner: `banner: {
        sizes: [[300, 250]]
      }`,
  video: `video: {
        context: 'instream',
        playerSize: [[640, 480]],
        mimes: ['video/mp4'],
        protocols: [2, 3]
      }`,
  native: `native: {
        ortb: { ver: '1.2', assets: [{ id: 1, required: 1, title: { len: 80 } }] }
      }`,
};

/** The example ad unit, of the first media type the partner takes, as a JS code block's text. */
function adUnitExample(code: string, params: Record<string, unknown>, placeholders: readonly string[], type: MediaType): string {
  const lines = Object.entries(params).map(
    ([key, value], index, all) =>
      `          ${styled(key)}: ${styled(value).replace(/`/g, '\\u0060')}${index < all.length - 1 ? ',' : ''}${placeholders.includes(key) ? ' // placeholder: replace it with a value the param accepts' : ''}`,
  );
  return `var adUnits = [
  {
    code: 'test-div',
    mediaTypes: {
      ${AD_UNIT_MEDIA[type]}
    },
    bids: [
      {
        bidder: ${styled(code)},
        params: {
${lines.join('\n')}
        }
      }
    ]
  }
];`;
}

export interface DocOptions {
  /** The maintainer's e-mail (checked). */
  maintainer: string;
}

/** `modules/<code>BidAdapter.md`. */
export function repoModuleDoc(plan: BidderPlan, definitions: readonly FieldDefinition[], options: DocOptions): string {
  const { params, placeholders } = exampleParams(plan, definitions);
  return `# Overview

\`\`\`
Module Name: ${plan.code} Bidder Adapter
Module Type: Bidder Adapter
Maintainer: ${options.maintainer}
\`\`\`

# Description

Connects to ${plan.code}'s demand: one OpenRTB 2.6 request per auction, made by Prebid's ortbConverter, is sent to
\`${plan.url}\`${'template' in plan && plan.template ? ' (its placeholders filled from the params)' : ''}, with each bid's params written into its imp or the request (see Bid Params); the CPM of each bid of
the answer is read at \`${plan.cpm}\`. Media types: ${(plan.mediaTypes ?? ALL_MEDIA_TYPES).join(', ')}. Price floors (floors module) and the supply
chain (\`ortb2.source.ext.schain\`) are sent as Prebid's converter sends them.${plan.gvlid ? ` IAB GVL ID: ${plan.gvlid}.` : ''}

The adapter was generated by \`bidfields prebid-adapter --target prebid-repo\` from the partner's bidfields adapter
record.

# Bid Params

| Name | Scope | Description | Example | Type |
|---|---|---|---|---|
${paramRows(plan, definitions, params).join('\n')}

# Test Parameters

\`\`\`js
${adUnitExample(plan.code, params, placeholders, (plan.mediaTypes ?? ALL_MEDIA_TYPES)[0]!)}
\`\`\`
`;
}

/** `dev-docs/bidders/<code>.md` for prebid.github.io. */
export function bidderDevDoc(plan: BidderPlan, definitions: readonly FieldDefinition[]): string {
  const { params } = exampleParams(plan, definitions);
  const frontMatter = [
    'layout: bidder',
    `title: ${plan.code}`,
    `description: Prebid ${plan.code} Bidder Adapter`,
    `biddercode: ${plan.code}`,
    ...(plan.gvlid ? [`gvl_id: ${plan.gvlid}`, 'tcfeu_supported: true'] : ['tcfeu_supported: false']),
    `media_types: ${(plan.mediaTypes ?? ALL_MEDIA_TYPES).join(', ')}`,
    'floors_supported: true',
    'schain_supported: true',
    'pbjs: true',
    'pbs: false',
    'sidebarType: 1',
  ];
  return `---
${frontMatter.join('\n')}
---

### Bid Params

{: .table .table-bordered .table-striped }
| Name | Scope | Description | Example | Type |
|---|---|---|---|---|
${paramRows(plan, definitions, params).join('\n')}
`;
}
