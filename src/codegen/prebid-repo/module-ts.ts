/**
 * `modules/<code>BidAdapter.ts` for Prebid.js's own repository: an adapter on Prebid's `ortbConverter` and
 * `registerBidder`, written as a reviewer expects a hand-written one. The record's constants (bidder code, endpoint,
 * CPM field, param keys, patterns) are named module constants; each field's value rule is compiled into `readParams`
 * (value-code.ts), which `isBidRequestValid` runs; each write is one statement of the converter's `imp` or `request`
 * hook. Every name and value from the record is a JSON literal (`literal`); the module imports only Prebid's own
 * `src/` and `libraries/`, by relative paths with extensions.
 */
import type { ConstantPlan, FieldPlan, Target } from '../../core/plan/field-plan.js';
import { keyOf } from '../../core/plan/field-plan.js';
import type { PrebidPlan } from '../prebid-plan.js';
import { styled } from './styled.js';
import { endpointFunction } from './endpoint-ts.js';
import { ALL_MEDIA_TYPES } from '../../core/rules/media-types.js';
import { HELPERS, helpersFor, patternConstants, patternsOf, type Helper } from './value-code.js';
import { readParamsFunction } from './read-params.js';
import { constantWrites, firstSentNotes, isTextTarget, writes } from './writes-code.js';
import { responseHelpers, responseHook } from './response-ts.js';
import { BID_RESPONSE_HOOK, buildRequestsLines, impHook, indent, isValidLines, requestHook, type HookParts } from './hooks-ts.js';
import { copiesToInventory, hasSteps, STEP_HELPERS, stepHelpersFor, stepStatements } from './steps-code.js';

/** What the module needs beyond the plan. */
export interface RepoModuleOptions {
  /** Seconds a bid lives when the partner's bid has no `exp`. */
  ttl: number;
  /** Whether the partner's CPMs are net. */
  netRevenue: boolean;
  /** The currency of an answer without \`cur\`, in which price floors are asked (and \`cur\` with the currency module). */
  currency: string;
  /** `'imp'`: one request per bid (docs/spec.md#split-imp). */
  split?: 'imp' | 'none';
}

/** The TypeScript name of a bidder code's params type: `examplessp` → `ExamplesspBidParams`. */
function paramsTypeName(code: string): string {
  const pascal = code.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return (/^\d/.test(pascal) ? 'Bidder' : '') + pascal + 'BidParams';
}

/** The TypeScript type of the values a field takes, as its value rule reads them (a list: an array, or text with commas). */
function valueType(field: FieldPlan): string {
  if (field.type === 'text') return 'string | number';
  if (field.type === 'boolean') return 'boolean | "true" | "false"';
  if (field.type === 'number') return 'number | `${number}`';
  if (field.type === 'list') return '(string | number)[] | string';
  if (field.type === 'json' || field.type === 'id') return field.type === 'id' ? 'string | number' : 'unknown';
  return (field.options ?? []).flatMap((option) => [styled(option), styled(String(option))]).join(' | ');
}

/** Where a target is, in OpenRTB terms, for comments and docs. */
export function targetText(to: Target): string {
  const [root, ...keys] = to;
  return root === 0 ? `imp.${keys.join('.')}` : root === 1 ? `site/app/dooh.${keys.join('.')}` : root === 2 ? `request.${keys.join('.')}` : 'the endpoint only';
}

/** A param's doc comment: where its value goes and its rule (a list's bounds of text or number hold for each item). */
function paramComment(field: FieldPlan): string {
  const rules = [
    (field.minItems ?? field.maxItems) !== undefined && `${field.minItems ?? 0} to ${field.maxItems ?? 1000} items`,
    field.integer && 'an integer',
    field.min !== undefined && `at least ${field.min}`,
    field.max !== undefined && `at most ${field.max}`,
    field.minLength !== undefined && `at least ${field.minLength} characters`,
    field.maxLength !== undefined && `at most ${field.maxLength} characters`,
    field.pattern && 'matching its pattern',
    field.default !== undefined && (typeof field.default === 'string' || typeof field.default === 'object' ? 'a default' : `default ${field.default}`),
  ].filter(Boolean);
  // Record text never enters a comment: only checked names (dot paths) and numbers do, and a name cannot hold "*/".
  return `/** Sent as ${[field.to, ...(field.also ?? [])].map(targetText).join(' and ')}${rules.length ? `; ${rules.join(', ')}` : ''}. */`;
}

/**
 * The module's imports: Prebid's own `src/` and `libraries/` only, relative with extensions (Prebid's lint rule).
 * Written as data, so this file's own import graph (test/core/import-cycles.test.ts) does not read them as its own.
 */
const PREBID_IMPORTS = [
  ['{ ortbConverter }', '../libraries/ortbConverter/converter.js'],
  ['{ registerBidder, type BidderSpec }', '../src/adapters/bidderFactory.js'],
  ['{ deepAccess, deepSetValue, isPlainObject, logWarn }', '../src/utils.js'],
] as const;

/** The import lines: Prebid's own. */
const importLines = () => PREBID_IMPORTS.map(([names, from]) => `import ${names} from '${from}';`).join('\n');

/** The source of `modules/<code>BidAdapter.ts`. */
export function repoModule(plan: PrebidPlan, options: RepoModuleOptions): string {
  const { code, gvlid } = plan;
  const constants = plan.constants ?? [];
  // A field's \`with\` constants (docs/spec.md#conditions) go with the params: written when the field has a value.
  const withs = plan.with ?? [];
  const typeName = paramsTypeName(code);
  const patterns = patternsOf(plan.fields);
  // Roots (definition/names.ts): 0 and 4 the imp, 7 its banner; 1 and 6 the inventory object; 2 and 5 the request.
  const mediaTypes = ALL_MEDIA_TYPES.filter((type) => !plan.mediaTypes || plan.mediaTypes.includes(type));
  const inventoryRoot = (to: Target) => to[0] === 1 || to[0] === 6;
  // requestValues "first" (docs/spec.md#conditions): request-level writes in the loop over the imps test firstSent;
  // constants are in that loop only when the record has steps.
  const first = plan.firstValues === true;
  const stepped = hasSteps(plan);
  const parts: HookParts = {
    impWrites: [...writes(plan, [0, 4, 7]), ...constantWrites(constants, [0, 4, 7]), ...constantWrites(withs, [0, 4, 7])],
    inventoryWrites: [...writes(plan, [1, 6]), ...constantWrites(withs, [1, 6], first)],
    inventoryConstants: constantWrites(constants, [1, 6], first && stepped),
    requestWrites: [...writes(plan, [2, 5]), ...constantWrites(withs, [2, 5], first)],
    requestConstants: constantWrites(constants, [2, 5], first && stepped),
    inventoryKeys: [
      ...plan.fields.filter((field) => [field.to, ...(field.also ?? [])].some(inventoryRoot)).map(keyOf),
      ...new Set(withs.filter((constant) => inventoryRoot(constant.to)).map((constant) => constant.if!)),
    ],
    mediaTypes,
    ...(stepped && { steps: { ...stepStatements(plan), inventory: copiesToInventory(plan) } }),
    ...(first && { firstNotes: firstSentNotes(plan) }),
  };
  // What the steps and the guarded writes call (docs/spec.md#removals, docs/spec.md#conditions).
  const guarded = plan.fields.some((field) => field.absent) || [...constants, ...withs].some((constant) => constant.absent);
  const stepHelpers = stepHelpersFor(plan, guarded);
  const textTargets = plan.fields.some(
    (field) => !['text', 'id'].includes(field.type) && [field.to, ...(field.also ?? [])].some((to) => (to[0] < 2 || to[0] > 3) && isTextTarget(to)),
  );
  const copies = stepHelpers.includes('copyValue');
  const helpers: Helper[] = helpersFor(plan.fields, [
    ...(textTargets || plan.template || copies ? (['decimalText'] as const) : []),
    ...(copies ? (['readJson'] as const) : []),
  ]);
  const split = options.split === 'imp';
  const template = plan.template;
  const params = plan.fields.map(
    (field) => `  ${paramComment(field)}\n  ${styled(keyOf(field))}${field.required && field.default === undefined ? '' : '?'}: ${valueType(field)};`,
  );

  return `/**
 * ${code} bid adapter: one OpenRTB 2.6 request (Prebid's ortbConverter) to the partner's endpoint, with each bid's
 * params written into its imp or the request; the CPM of each bid is read at CPM_FIELD.
 * Generated by \`bidfields prebid-adapter --target prebid-repo\` from the partner's bidfields adapter record.
 */
${importLines()}

const BIDDER_CODE = ${styled(code)};
${gvlid !== undefined ? `const GVLID = ${styled(gvlid)};\n` : ''}${template ? '' : `const ENDPOINT_URL = ${styled(plan.url)};\n`}${plan.ajax ? `/** The partner's headers, as Prebid's ajax sends them. */\nconst REQUEST_OPTIONS = ${styled(plan.ajax)};\n` : ''}
/** Where each bid of the partner's answer carries its CPM. */
const CPM_FIELD = ${styled(plan.cpm)};
const MEDIA_TYPES = ${styled(mediaTypes)} as const;
${patternConstants(patterns).join('\n')}${patterns.length ? '\n' : ''}
/** The bid params of ${code}. */
export interface ${typeName} {
${params.join('\n')}
}

declare module '../src/adUnits' {
  interface BidderParams {
    [BIDDER_CODE]: ${typeName};
  }
}

/** The values the params send, by key. */
type SentParams = Record<string, any>;

${[...helpers.map((helper) => HELPERS[helper]), ...stepHelpers.map((helper) => STEP_HELPERS[helper])].join('\n\n')}

${readParamsFunction(plan.fields, plan.oneOf ?? [], patterns, plan.exactlyOneOf)}
${template ? `\n${endpointFunction(template)}\n` : ''}${plan.response ? `\n${responseHelpers(plan.response)}\n` : ''}
const converter = ortbConverter<typeof BIDDER_CODE>({
  context: {
    netRevenue: ${styled(options.netRevenue)},
    ttl: ${styled(options.ttl)},
    currency: ${styled(options.currency)},
  },
${indent([...impHook(parts), ...requestHook(parts), ...(plan.response ? responseHook(plan.response) : BID_RESPONSE_HOOK)], '  ').join('\n')}
});

export const spec: BidderSpec<typeof BIDDER_CODE> = {
  code: BIDDER_CODE,
${gvlid !== undefined ? '  gvlid: GVLID,\n' : ''}  supportedMediaTypes: MEDIA_TYPES,
${indent([...isValidLines(plan), ...buildRequestsLines(plan, split)], '  ').join('\n')}
  interpretResponse: (response, request) => converter.fromORTB({ response: response.body, request: request.data }),
};

registerBidder(spec);
`;
}
