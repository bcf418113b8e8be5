/**
 * What a record says about its partner's answers (docs/spec.md#response-record), as the reader takes it: every path
 * split into keys with the JSON Pointer a warning names, every default applied, so reading a bid decides nothing
 * but what the bid holds. The record rules (response-rules.ts) make it once per record; the reader
 * (core/response/read-answer.ts) walks it per bid. Data only: no functions, no classes, so any engine can carry it as a literal.
 */
import { pointer } from '../issues.js';

/** A bid's media type, as Prebid names them. */
export type BidType = 'banner' | 'video' | 'native' | 'audio';

/** The four types, in the default order of a `{ "from": "imp" }` rule (docs/spec.md#response-record). */
export const BID_TYPES: readonly BidType[] = ['banner', 'video', 'native', 'audio'];

/** A dot path into a bid: its keys, and the JSON Pointer of what it reads, below the bid's own. */
export interface BidPath {
  readonly keys: readonly string[];
  readonly pointer: string;
}

/**
 * One `bidType` rule: a bid path whose value's text the table lists (`mtype` and `ext.prebid.type` are such rules
 * too), the first media object of the imp answered in `imp`'s order, or a fixed type.
 */
export type TypeRule =
  { readonly path: BidPath; readonly table: Readonly<Record<string, BidType>> } | { readonly imp: readonly BidType[] } | { readonly value: BidType };

/**
 * What a meta value must be: text (a non-empty string), texts (a list of strings), id (a non-empty string or an
 * integer), url (an http(s) URL), object (a JSON object, as a `dchain`).
 */
export type MetaKind = 'text' | 'texts' | 'id' | 'url' | 'object';

/** Prebid's bid meta names a record may read (docs/spec.md#response-record), and the kind each takes. */
export const META_KINDS: Readonly<Record<string, MetaKind>> = {
  __proto__: null,
  advertiserDomains: 'texts',
  advertiserId: 'id',
  advertiserName: 'text',
  agencyId: 'id',
  agencyName: 'text',
  brandId: 'id',
  brandName: 'text',
  networkId: 'id',
  networkName: 'text',
  primaryCatId: 'text',
  secondaryCatIds: 'texts',
  demandSource: 'text',
  dchain: 'object',
  rendererName: 'text',
  rendererVersion: 'text',
  rendererUrl: 'url',
} as object as Readonly<Record<string, MetaKind>>;

/** One meta value read: its name in the bid's `meta`, where it is read, what it must be. */
export interface MetaRead {
  readonly name: string;
  readonly path: BidPath;
  readonly kind: MetaKind;
}

/** The bid keys whose `${AUCTION_PRICE}` a record may have replaced by the price. */
export type Macro = 'adm' | 'nurl' | 'burl';
export const MACROS: readonly Macro[] = ['adm', 'nurl', 'burl'];

/** A record's answer rules, compiled. */
export interface ResponsePlan {
  readonly price: BidPath;
  /** A fixed currency (`{ "value": "EUR" }`); `undefined`: the answer's `cur`, else `USD`. */
  readonly currency: string | undefined;
  readonly bidType: readonly TypeRule[];
  /** Read on bids typed video only. */
  readonly duration: BidPath | undefined;
  readonly primaryCategory: BidPath | undefined;
  readonly dealPriority: BidPath | undefined;
  readonly meta: readonly MetaRead[];
  readonly macros: readonly Macro[];
  readonly dropZeroPrice: boolean;
}

/** A checked dot path as the plan keeps it. */
export const bidPath = /* @__NO_SIDE_EFFECTS__ */ (path: string): BidPath => {
  const keys = path.split('.');
  return { keys, pointer: pointer(...keys) };
};

/** OpenRTB 2.6 `mtype`'s table (docs/spec.md#response-record). */
export const MTYPE_TABLE: Readonly<Record<string, BidType>> = { 1: 'banner', 2: 'video', 3: 'audio', 4: 'native' };

/** The table of a path rule without `map`: the value must be a type's own name. */
export const NAME_TABLE: Readonly<Record<string, BidType>> = { banner: 'banner', video: 'video', native: 'native', audio: 'audio' };

/** The default `bidType` rules: `mtype`, then `ext.prebid.type`, then the imp's media objects. */
export const DEFAULT_TYPE_RULES: readonly TypeRule[] = [
  { path: bidPath('mtype'), table: MTYPE_TABLE },
  { path: bidPath('ext.prebid.type'), table: NAME_TABLE },
  { imp: BID_TYPES },
];

/** The default video reads: `dur` and `cat.0`. */
export const DEFAULT_DURATION = bidPath('dur');
export const DEFAULT_CATEGORY = bidPath('cat.0');

/** The default meta read: `advertiserDomains` from `adomain`. */
export const DEFAULT_META: readonly MetaRead[] = [{ name: 'advertiserDomains', path: bidPath('adomain'), kind: 'texts' }];

/**
 * The plan of a record without `response`: every default, the CPM at `price` (or at the record's `cpmField`).
 * @example defaultResponsePlan('price').bidType.length // 3
 */
export const defaultResponsePlan = (price: string): ResponsePlan => ({
  price: bidPath(price),
  currency: undefined,
  bidType: DEFAULT_TYPE_RULES,
  duration: DEFAULT_DURATION,
  primaryCategory: DEFAULT_CATEGORY,
  dealPriority: undefined,
  meta: DEFAULT_META,
  macros: [],
  dropZeroPrice: false,
});
