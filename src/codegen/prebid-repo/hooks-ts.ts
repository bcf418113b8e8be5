/**
 * The converter hooks and spec functions of the in-repository module (module-ts.ts), as lines of TypeScript: the `imp`
 * hook (each bid's imp writes, and the media types the partner takes: docs/spec.md#protocols), the `request` hook (the
 * request-level and inventory writes), the `bidResponse` hook (the CPM at the CPM field), `isBidRequestValid` and
 * `buildRequests` (one request, one per endpoint a template makes, or one per bid). Each bid's params are read once
 * (`paramsOf`, which keeps what `readParams` gave for the bid); every value from the record is a literal (`styled`).
 */
import { MAX_AD, NOTICE_URL } from '../../core/rules/prebid-limits.js';
import { INVENTORY_KEYS } from '../../core/rules/inventory.js';
import { ALL_MEDIA_TYPES } from '../../core/rules/media-types.js';
import type { PrebidPlan } from '../prebid-plan.js';
import { styled } from './styled.js';

export const indent = (lines: readonly string[], by: string) => lines.map((line) => (line ? by + line : line));

/** What the hooks need of the module: its writes by place, the keys that write into site/app/dooh, the media types. */
export interface HookParts {
  impWrites: string[];
  inventoryWrites: string[];
  inventoryConstants: string[];
  requestWrites: string[];
  requestConstants: string[];
  /** Keys whose values go into site, app or dooh: a bid with one of them needs one of those objects. */
  inventoryKeys: string[];
  /** The media types the partner takes, in Prebid's order. */
  mediaTypes: readonly string[];
  /**
   * A record that removes or derives (steps-code.ts): the statements of its steps, run in the `request` hook for each
   * imp in turn before that imp's writes (`impWrites` then move there too), and whether they write into the inventory.
   */
  steps?: { given: string[]; each: string[]; inventory: boolean };
  /** requestValues "first" (docs/spec.md#conditions): what each imp's turn notes in `firstSent` after its writes. */
  firstNotes?: string[];
}

/** The declaration of `firstSent` before the loop over the imps, and the notes at the end of each turn (requestValues "first"). */
const firstSent = (parts: HookParts): [before: string[], after: string[]] =>
  parts.firstNotes
    ? [
        [
          '  // requestValues "first": a request-level value is the first bid\'s that sends one; these are the names sent.',
          '  const firstSent = new Set<string>();',
        ],
        parts.firstNotes,
      ]
    : [[], []];

/** The `imp` hook: the bid's imp, with its params written, or nothing when the bid cannot be sent. */
export function impHook(parts: HookParts): string[] {
  const { inventoryKeys, mediaTypes } = parts;
  // With steps, an imp's params are written in the request hook, after the steps.
  const impWrites = parts.steps ? [] : parts.impWrites;
  const left = ALL_MEDIA_TYPES.filter((type) => !mediaTypes.includes(type));
  const usesSent = impWrites.some((line) => line.includes('sent[')) || inventoryKeys.length > 0;
  return [
    'imp(buildImp, bidRequest, context) {',
    '  const imp = buildImp(bidRequest, context);',
    ...(left.length
      ? [
          `  // The partner takes ${mediaTypes.join(' and ')} only: an ad unit's other media types are not sent to it.`,
          ...left.map((type) => `  delete imp.${type};`),
          `  if (!(${mediaTypes.map((type) => `imp.${type}`).join(' || ')})) return;`,
        ]
      : []),
    ...(usesSent ? ['  // isBidRequestValid let only bids with valid params through.', '  const sent = paramsOf(bidRequest);'] : []),
    ...(inventoryKeys.length
      ? [
          '  const { ortb2 } = context.bidderRequest;',
          '  // Site, app or dooh ids need one of those objects to go into: without one, the bid is not sent.',
          `  if ((${inventoryKeys.map((key) => `sent[${styled(key)}] !== undefined`).join(' || ')}) && !(${INVENTORY_KEYS.map((key) => `ortb2?.${key}`).join(' ?? ')})) return;`,
        ]
      : []),
    ...indent(impWrites, '  '),
    '  return imp;',
    '},',
  ];
}

/** The `request` hook, when the module writes anything request-level (none otherwise). */
export function requestHook(parts: HookParts): string[] {
  const { inventoryWrites, inventoryConstants, requestWrites, requestConstants } = parts;
  if (parts.steps) return steppedRequestHook(parts, parts.steps);
  if (!inventoryWrites.length && !inventoryConstants.length && !requestWrites.length && !requestConstants.length) return [];
  return [
    'request(buildRequest, imps, bidderRequest, context) {',
    '  const request = buildRequest(imps, bidderRequest, context);',
    ...(inventoryWrites.length || inventoryConstants.length ? [`  const inventory = ${INVENTORY_KEYS.map((key) => `request.${key}`).join(' ?? ')};`] : []),
    ...indent(requestConstants, '  '),
    ...(inventoryConstants.length ? ['  if (inventory) {', ...indent(inventoryConstants, '    '), '  }'] : []),
    ...(inventoryWrites.length || requestWrites.length
      ? [
          ...(parts.firstNotes
            ? firstSent(parts)[0]
            : ['  // Request-level params come from the bids of the imps, in order: where ad units differ, the last one is sent.']),
          '  for (const imp of imps) {',
          '    const sent = paramsOf(context.impContext[imp.id].bidRequest);',
          ...indent([...inventoryWrites, ...requestWrites, ...firstSent(parts)[1]], '    '),
          '  }',
        ]
      : []),
    '  return request;',
    '},',
  ];
}

/**
 * The `request` hook of a record that removes or derives (docs/spec.md#values-from-the-request): what the copies read
 * from the request as the converter made it and the request's removals (once, before any write), then each imp in
 * turn as the page runtime applies bid after bid (its own removals and the derivations, then its params and constants,
 * request-level ones too), so a later bid's request-level value is the one sent (the first's with requestValues "first").
 */
function steppedRequestHook(parts: HookParts, steps: NonNullable<HookParts['steps']>): string[] {
  const { impWrites, inventoryWrites, inventoryConstants, requestWrites, requestConstants } = parts;
  const body = [
    ...steps.each,
    ...impWrites,
    ...requestConstants,
    ...(inventoryConstants.length ? ['if (inventory) {', ...indent(inventoryConstants, '  '), '}'] : []),
    ...inventoryWrites,
    ...requestWrites,
    ...firstSent(parts)[1],
  ];
  const inventory = steps.inventory || inventoryWrites.length > 0 || inventoryConstants.length > 0;
  return [
    'request(buildRequest, imps, bidderRequest, context) {',
    '  const request = buildRequest(imps, bidderRequest, context);',
    ...(inventory ? [`  const inventory = ${INVENTORY_KEYS.map((key) => `request.${key}`).join(' ?? ')};`] : []),
    ...(steps.given.length
      ? ["  // What the copies take from the request as the converter made it, then the request's removals, once.", ...indent(steps.given, '  ')]
      : []),
    ...firstSent(parts)[0],
    "  // Each bid's imp in turn: what the record removes from it, what it derives, then the bid's params and the constants.",
    '  for (const imp of imps) {',
    ...(body.some((line) => line.includes('sent[')) ? ['    const sent = paramsOf(context.impContext[imp.id].bidRequest);'] : []),
    ...indent(body, '    '),
    '  }',
    '  return request;',
    '},',
  ];
}

/** The `bidResponse` hook: the CPM at the CPM field, the media type of an answer without mtype, the billing notice. */
/**
 * The lines of the generated `bidResponse` hook that pass a bid's `burl` on: Prebid fires the image eventtrackers of a
 * client-side bid when it bills it, not its burl, so an http(s) burl goes on as that tracker, the price in it. One
 * copy for both hooks (this file's and response-ts.ts's).
 */
export const BURL_TRACKER = [
  '  // Prebid fires the image eventtrackers of a client-side bid when it bills it, not its burl: an http(s) burl goes',
  "  // on as that tracker, with the price in it (as Prebid's own Prebid Server adapter passes burl on).",
  '  const { burl } = bid;',
  `  const notice = typeof burl === "string" && burl.length <= ${MAX_AD} && ${NOTICE_URL}.test(burl) && burl.replace(/\\$\\{AUCTION_PRICE\\}/g, String(cpm));`,
  '  delete bidResponse.burl;',
  '  if (notice) bidResponse.eventtrackers = [{ event: 1, method: 1, url: (bidResponse.burl = notice) }];',
];

export const BID_RESPONSE_HOOK = [
  'bidResponse(buildBidResponse, bid, context) {',
  '  // The CPM is read at the CPM field; a bid without a finite CPM there, not negative, is left out.',
  '  const cpm = deepAccess(bid, CPM_FIELD);',
  '  if (!Number.isFinite(cpm) || cpm < 0) return;',
  '  // Without mtype (an OpenRTB 2.5 answer) the bid has the media type of its imp when the imp offers only one.',
  '  const [only, other] = MEDIA_TYPES.filter((type) => context.imp[type]);',
  '  const bidResponse = buildBidResponse(bid, bid.mtype == null && !other ? { ...context, mediaType: only } : context);',
  '  bidResponse.cpm = cpm;',
  '  // OpenRTB makes crid optional, Prebid drops a bid without creativeId: the id of the bid stands in.',
  '  bidResponse.creativeId ??= bid.id;',
  ...BURL_TRACKER,
  '  return bidResponse;',
  '},',
];

/** `buildRequests`: one request for all bids, one per endpoint a template makes, or one per bid (split). */
export function buildRequestsLines(plan: PrebidPlan, split: boolean): string[] {
  // A record's headers (docs/spec.md#headers) as Prebid's ajax options on every request.
  const sent = plan.ajax ? ', options: REQUEST_OPTIONS' : '';
  if (plan.template && split)
    return [
      'buildRequests(bidRequests, bidderRequest) {',
      '  // One request per bid, to the endpoint its params make.',
      '  return bidRequests',
      '    .map((bidRequest) => ({ url: endpointUrl(paramsOf(bidRequest)!) as string, data: converter.toORTB({ bidRequests: [bidRequest], bidderRequest }) }))',
      '    .filter(({ data }) => data.imp.length)',
      `    .map(({ url, data }) => ({ method: "POST", url, data${sent} }));`,
      '},',
    ];
  if (plan.template && plan.firstValues)
    return [
      'buildRequests(bidRequests, bidderRequest) {',
      '  // requestValues "first": every bid goes to the endpoint the first bid\'s params make.',
      '  const data = converter.toORTB({ bidRequests, bidderRequest });',
      `  return data.imp.length ? { method: "POST", url: endpointUrl(paramsOf(bidRequests[0])!) as string, data${sent} } : [];`,
      '},',
    ];
  if (plan.template)
    return [
      'buildRequests(bidRequests, bidderRequest) {',
      '  // One request per endpoint: the bids whose params make the same endpoint go together.',
      '  const byUrl = new Map<string, typeof bidRequests>();',
      '  for (const bidRequest of bidRequests) {',
      '    const url = endpointUrl(paramsOf(bidRequest)!) as string;',
      '    byUrl.set(url, [...(byUrl.get(url) ?? []), bidRequest]);',
      '  }',
      '  return [...byUrl]',
      '    .map(([url, bids]) => ({ url, data: converter.toORTB({ bidRequests: bids, bidderRequest }) }))',
      '    .filter(({ data }) => data.imp.length)',
      `    .map(({ url, data }) => ({ method: "POST", url, data${sent} }));`,
      '},',
    ];
  if (split)
    return [
      'buildRequests(bidRequests, bidderRequest) {',
      '  // One request per bid.',
      '  return bidRequests',
      '    .map((bidRequest) => converter.toORTB({ bidRequests: [bidRequest], bidderRequest }))',
      '    .filter((data) => data.imp.length)',
      `    .map((data) => ({ method: "POST", url: ENDPOINT_URL, data${sent} }));`,
      '},',
    ];
  return [
    'buildRequests(bidRequests, bidderRequest) {',
    '  const data = converter.toORTB({ bidRequests, bidderRequest });',
    `  return data.imp.length ? { method: "POST", url: ENDPOINT_URL, data${sent} } : [];`,
    '},',
  ];
}

/** `isBidRequestValid`: the params read (once per bid), and with a template the URL they make. */
export const isValidLines = (plan: PrebidPlan): string[] =>
  plan.template
    ? ['isBidRequestValid(bid) {', '  const sent = paramsOf(bid);', '  return sent !== undefined && typeof endpointUrl(sent) === "string";', '},']
    : ['isBidRequestValid: (bid) => !!paramsOf(bid),'];
