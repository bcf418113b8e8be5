/**
 * The in-repository module's reading of answers by a record's `response` rules (docs/spec.md#read-bids), written out
 * from the compiled plan (core/plan/response-plan.ts) as lines of TypeScript on Prebid's ortbConverter: only the rules
 * the record uses, every path and table a literal (`styled`). Each value check is the source of the core's judge of
 * that kind (core/response/bid-values.ts, `judgeValue`), and the generated spec (response-spec.ts) checks the module's
 * bids against the core's reader for the same answers. What the page decides beyond the reader is decided alike
 * (docs/answers.md, "In a Prebid.js page"): an audio bid is left out, a deal priority goes to `dealPriority`, a video
 * duration to `duration` and its category to `meta.primaryCatId`, meta names take the place of the default domains.
 */
import { MAX_AD, NOTICE_URL } from '../../core/rules/prebid-limits.js';
import type { BidPath, ResponsePlan, TypeRule } from '../../core/plan/response-plan.js';
import type { ValueKind } from '../../core/response/bid-values.js';
import { issue, type Issue } from '../../core/issues.js';
import { styled } from './styled.js';
import { BURL_TRACKER } from './hooks-ts.js';

/** `judgeValue`'s verdict KEPT for each kind, as a condition on `value` (absent values fail each condition too). */
const KEPT_WHEN: Record<Exclude<ValueKind, 'object'>, string> = {
  text: 'typeof value === "string" && value !== ""',
  texts: 'Array.isArray(value) && value.every((one) => typeof one === "string")',
  id: '(typeof value === "string" && value !== "") || Number.isSafeInteger(value)',
  url: `typeof value === "string" && value.length <= ${MAX_AD} && ${NOTICE_URL}.test(value)`,
  count: 'Number.isSafeInteger(value) && value >= 0',
  integer: 'Number.isSafeInteger(value)',
};

/** What the module does not read yet: a meta name of the kind `object` (`dchain`), whose judge is the core's JSON value rule. */
export function repoResponseIssues(plan: { response?: ResponsePlan }): Issue[] {
  return (plan.response?.meta ?? [])
    .filter((read) => read.kind === 'object')
    .map((read) =>
      issue('unsupported_target', `/response/meta/${read.name}`, 'the in-repository target does not read this meta name yet; use --target standalone'),
    );
}

const path = (at: BidPath) => styled(at.keys.join('.'));

/** One value read into `target`, when its kind takes it. */
const readInto = (at: BidPath, kind: Exclude<ValueKind, 'object'>, target: string): string[] => [
  `value = deepAccess(bid, ${path(at)});`,
  `if (${KEPT_WHEN[kind]}) ${target} = value;`,
];

/** The type rules, as the body of `mediaTypeOf(bid, imp)`. */
function typeLines(rules: readonly TypeRule[]): string[] {
  const lines = ['let text;'];
  for (const rule of rules) {
    if ('value' in rule) return [...lines, `return ${styled(rule.value)};`];
    if ('imp' in rule) lines.push(`if (${rule.imp.map((type) => `imp.${type}`).join(' || ')}) return ${styled(rule.imp)}.find((type) => imp[type]);`);
    else
      lines.push(
        `text = textOf(deepAccess(bid, ${path(rule.path)}));`,
        `if (text !== undefined && Object.prototype.hasOwnProperty.call(${styled(rule.table)}, text)) return ${styled(rule.table)}[text];`,
      );
  }
  return [...lines, 'return undefined;'];
}

/** The helpers the hook calls: `mediaTypeOf`, and `textOf` when a rule reads a path. */
export function responseHelpers(plan: ResponsePlan): string {
  const paths = plan.bidType.some((rule) => 'path' in rule);
  return `${
    paths
      ? `/** A value's text, as a type table lists it: a string, or a finite number's decimal text. */
function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

`
      : ''
  }/** The media type of a bid of the answer: the first of the partner's rules that gives one. */
function mediaTypeOf(bid: Record<string, any>, imp: Record<string, any>): string | undefined {
${typeLines(plan.bidType)
  .map((line) => '  ' + line)
  .join('\n')}
}`;
}

/** The `bidResponse` hook of a record with `response`. */
export function responseHook(plan: ResponsePlan): string[] {
  const reads = [
    ...(plan.dealPriority ? readInto(plan.dealPriority, 'integer', 'extra.dealPriority') : []),
    ...plan.meta.flatMap((read) => readInto(read.path, read.kind as Exclude<ValueKind, 'object'>, `meta.${read.name}`)),
  ];
  const video = [
    ...(plan.duration ? readInto(plan.duration, 'count', 'extra.duration') : []),
    ...(plan.primaryCategory ? readInto(plan.primaryCategory, 'text', 'meta.primaryCatId') : []),
  ];
  return [
    'bidResponse(buildBidResponse, bid, context) {',
    '  // The CPM is read at the CPM field; a bid without a finite CPM there, not negative, is left out.',
    '  const cpm = deepAccess(bid, CPM_FIELD);',
    `  if (!Number.isFinite(cpm) || cpm < 0${plan.dropZeroPrice ? ' || cpm === 0' : ''}) return;`,
    "  // The media type by the partner's rules; a bid none of them types (or typed audio, never asked for) is left out.",
    '  const mediaType = mediaTypeOf(bid, context.imp);',
    '  if (!mediaType || mediaType === "audio") return;',
    ...(plan.macros.length
      ? [
          '  // The price macro replaced by the CPM.',
          '  const priced = { ...bid };',
          `  for (const key of ${styled(plan.macros)} as const) if (typeof priced[key] === "string") priced[key] = priced[key].replace(/\\$\\{AUCTION_PRICE\\}/g, String(cpm));`,
        ]
      : []),
    `  const bidResponse = buildBidResponse(${plan.macros.length ? 'priced' : 'bid'}, { ...context, mediaType: mediaType as (typeof MEDIA_TYPES)[number] });`,
    '  bidResponse.cpm = cpm;',
    ...(plan.currency ? [`  bidResponse.currency = ${styled(plan.currency)};`] : []),
    '  bidResponse.creativeId ??= bid.id;',
    "  // The partner's meta, deal priority and video duration and category, each kept only when it is of its kind.",
    '  const meta: Record<string, any> = bidResponse.meta;',
    '  const extra: Record<string, any> = {};',
    '  delete meta.advertiserDomains;',
    '  delete (bidResponse as Record<string, any>).duration;',
    '  let value;',
    ...reads.map((line) => '  ' + line),
    ...(video.length ? ['  if (mediaType === "video") {', ...video.map((line) => '    ' + line), '  }'] : []),
    ...BURL_TRACKER,
    '  return Object.assign(bidResponse, extra);',
    '},',
  ];
}
