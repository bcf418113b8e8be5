/**
 * The slice of Prebid.js's shapes the bidder module reads and returns, written out here instead of imported from
 * `prebid.js` so that the module's types stay usable without Prebid's type package, and so that the
 * declarations say what bidfields relies on (nothing else of a bid request is read). Everything Prebid passes in
 * is typed loosely on purpose: the spec functions check what they read and never throw on the rest.
 */
import type { RecordPlan } from '../core/plan/field-plan.js';
import type { Template } from '../core/endpoint/template.js';
import type { CompileOptions } from '../core/types.js';
import type { ResponsePlan } from '../core/plan/response-plan.js';

export type PrebidMediaType = 'banner' | 'video' | 'native';

/** One bid request of Prebid.js for this bidder: one ad unit's slot, with the entered values as `params`. */
export interface PrebidBidRequest {
  bidId?: unknown;
  /** The entered values, keyed by each field's key: its `param`, else its name (docs/spec.md#values, docs/spec.md#param). */
  params?: unknown;
  mediaTypes?: unknown;
  /** Prebid's OpenRTB native request (set from `mediaTypes.native`). */
  nativeOrtbRequest?: unknown;
  /** Imp-level first-party data (`ext.gpid`, `ext.tid`, `instl`, …), merged into the imp. */
  ortb2Imp?: unknown;
  [key: string]: unknown;
}

/** Prebid.js's bidderRequest: the auction ids, its timeout and the request-level first-party data. */
export interface PrebidBidderRequest {
  bidderRequestId?: unknown;
  auctionId?: unknown;
  timeout?: unknown;
  /** site/app/dooh/device/user/regs/source/…, shared into the OpenRTB request as they are. */
  ortb2?: unknown;
  [key: string]: unknown;
}

/** The HTTP request `buildRequests` returns; Prebid sends `data` as the POST body. */
export interface PrebidServerRequest {
  method: 'POST';
  url: string;
  /** The OpenRTB 2.6 request as JSON. */
  data: string;
  /**
   * Prebid's defaults otherwise: `text/plain` (a CORS simple request, no preflight). A record with headers
   * (docs/spec.md#headers) adds them: `contentType` (its `content-type`) and `customHeaders` (the others), as Prebid's ajax takes them.
   */
  options: { withCredentials: boolean } & AjaxHeaders;
}

/** A bid handed back to Prebid.js. */
export interface PrebidBid {
  requestId: string;
  cpm: number;
  currency: string;
  width?: number;
  height?: number;
  creativeId: string;
  /** The partner's bid id (`bid.id`) and creative id (`bid.crid`), as given, as Prebid's converter passes them on. */
  seatBidId?: unknown;
  creative_id?: unknown;
  ttl: number;
  netRevenue: boolean;
  mediaType: PrebidMediaType;
  meta: {
    /** The strings of `bid.adomain`, when the bid has one. */
    advertiserDomains?: string[];
    /** IAB content categories of the ad (`bid.cat`): the first, and the others. */
    primaryCatId?: string;
    secondaryCatIds?: string[];
    /** EU Digital Services Act transparency (`bid.ext.dsa`). */
    dsa?: Record<string, unknown>;
    /** The meta names a record's `response.meta` reads (docs/spec.md#response-record). */
    [name: string]: unknown;
  };
  /** Banner markup (after Prebid's tracking pixel of the win notice URL when the bid has a `nurl`). */
  ad?: string;
  /** Banner markup's address, for a bid with a `nurl` and no `adm`. */
  adUrl?: string;
  vastXml?: string;
  vastUrl?: string;
  /** A video bid's player size: the imp's `video.w` / `video.h`. */
  playerWidth?: number;
  playerHeight?: number;
  native?: { ortb: unknown };
  dealId?: string;
  /** A record's `response.dealPriority` (docs/spec.md#response-record): Prebid.js 11 has no field of its own for it. */
  dealPriority?: number;
  /** A video bid's duration in seconds (a record's `response.video.duration`), where Prebid's converter puts `dur`. */
  duration?: number;
  /** Billing notice URL (`${AUCTION_PRICE}` replaced), and the impression image tracker Prebid fires it through when it bills the bid. */
  burl?: string;
  eventtrackers?: { event: 1; method: 1; url: string }[];
}

/** What Prebid's `registerBidder` / `registerBidAdapter` take. No function of it ever throws. */
export interface PrebidBidderSpec {
  code: string;
  /** The `gvlid` option, when set: Prebid registers it for TCF consent checks. */
  gvlid?: number;
  supportedMediaTypes: PrebidMediaType[];
  isBidRequestValid(bid: PrebidBidRequest): boolean;
  buildRequests(bids: PrebidBidRequest[], bidderRequest?: PrebidBidderRequest): PrebidServerRequest[];
  interpretResponse(response: { body?: unknown }, request: PrebidServerRequest): PrebidBid[];
}

/**
 * A checked adapter as the page runs it: JSON constants only, made from a record that passed the checks (by the
 * compact engine in the page, or by `validateAdapter` when an adapter is generated at build time): its fields,
 * constants and one-of groups (`RecordPlan`), which the page runtime runs with the engine features the record uses
 * (`booleans`, `oneOf`, `alsoTo`, `constants` of `bidfields/prebid-runtime`). A generated adapter's plan leaves out
 * what the page does not read: the `type` of number and select fields, and a template and its hosts, which it carries
 * compiled (codegen/emit.ts, `pagePlan`).
 */
export interface BidderPlan extends RecordPlan {
  /** The bidder code (the record's `bidderCode`). */
  code: string;
  /** The checked endpoint, as the parsed URL's `href`; absent when the endpoint is a template (`template`). */
  url?: string;
  /**
   * The endpoint template (docs/spec.md#endpoint-templates), parsed and checked: each bid's URL is built from its params by the runtime's
   * `template` feature (`buildUrl`, judged again against `hosts`). The record-taking bidder's plan only: a generated
   * adapter carries its template compiled (`urlFrom(endpointUrl)`), and its plan neither this nor `hosts`.
   */
  template?: Template;
  /** With `template`: the hosts its URLs may have (`templateHosts`: `.` and a covering `*.` entry's base, or the one host). */
  hosts?: string[];
  /**
   * `'imp'`: one request per valid bid (docs/spec.md#split-imp); else one request per URL. A generated adapter's plan
   * carries it only with a template (`requestsByUrl` reads it); split alone is its request builder, `requestPerBid`.
   */
  split?: 'imp';
  /** The CPM field: a dot path into each bid of the partner's answer. */
  cpm: string;
  /** The media types the partner takes (docs/spec.md#protocols), when the record names them: all three without. */
  mediaTypes?: PrebidMediaType[];
  /** The partner's IAB Global Vendor List ID, checked. */
  gvlid?: number;
  /** The record's headers (docs/spec.md#headers) as Prebid's ajax options, when it has any: sent by the runtime's `withHeaders`. */
  ajax?: AjaxHeaders;
  /**
   * How the partner's answers are read (docs/spec.md#response-record), when the record has `response`: read by the
   * runtime's `readAnswers` (the core's one reader), else by the CPM field alone (interpret-response.ts).
   */
  response?: ResponsePlan;
}

/** A record's headers as Prebid's ajax takes them: `content-type` as `contentType`, the others as `customHeaders`. */
export interface AjaxHeaders {
  contentType?: string;
  customHeaders?: Record<string, string>;
}

/** Options of the bidder at auction time, for both the record-taking and the generated bidders. */
export interface PrebidRuntimeOptions {
  /** Seconds a bid stays valid when the partner's bid has no `exp`. Default 300. */
  ttl?: number;
  /**
   * The currency of an answer without `cur` (as in Prebid's converter), and the one price floors are asked in. The
   * request's `cur` is the publisher's `ortb2.cur`, as given; without it, with Prebid's currency module on, this
   * currency when set, else the publisher's (`adServerCurrency`), as Prebid's converter sends it; else none.
   * Default `'USD'`.
   */
  currency?: string;
  /** Whether CPMs are net of the partner's fees. Default true. */
  netRevenue?: boolean;
  /**
   * Send the partner's cookies (CORS with credentials). Default true, as Prebid sends every bidder's requests (the
   * partner's user matching relies on it); false sends none.
   */
  withCredentials?: boolean;
  /** Where warnings go (invalid params, dropped bids). Default `console.warn`. */
  log?: (message: string, detail?: unknown) => void;
}

export interface PrebidBidderOptions extends PrebidRuntimeOptions, Pick<CompileOptions, 'allowLocal'> {
  /** Host names the record's endpoint may use (exact, or `*.example.com`); without it every endpoint is refused. */
  knownEndpoints: readonly string[];
  /**
   * The partner's ID in the IAB Global Vendor List. With Prebid's TCF enforcement (`tcfControl`) a bidder without
   * one gets no requests from users under GDPR, whatever they consented to; set it, or name the bidder in the
   * publisher's `gvlMapping` or `vendorExceptions`.
   */
  gvlid?: number;
}

/** The part of the `pbjs` global that `registerPrebidBidder` uses. */
export interface PrebidGlobal {
  libLoaded?: boolean;
  que?: Array<() => void>;
  registerBidAdapter?: (adapter: undefined, code: string, spec: PrebidBidderSpec) => void;
  [key: string]: unknown;
}
