/**
 * The public data shapes of bidfields: field definitions and adapter records as users write them (docs/spec.md#fields, docs/spec.md#cli),
 * entered values, and the options of compile and enrich. OpenRTB objects come from `iab-openrtb` (2.6).
 */
import type { BidRequest } from 'iab-openrtb/v26';

export type { BidRequest };

/** The protocol an adapter speaks (docs/spec.md#protocols). A bare field array means `prebid-server`. */
export type Protocol = 'rtb' | 'prebid-server' | 'prebid-js';

/** An option of a `select` field: its label and the number sent. */
export interface SelectOption {
  name: string;
  value: number;
}

interface FieldBase {
  /**
   * Where the value goes: a predefined `prd.*` name, `predefinedImpExt.<path>` (imp ext), `predefinedRequestExt.<path>`
   * (request ext, docs/spec.md#more-targets), or a dot path under `imp[0].ext`.
   */
  name: string;
  /**
   * The key the value is entered under (docs/spec.md#param): `^[A-Za-z_][A-Za-z0-9_]*$`, at most 64 characters. Without it the
   * key is the name. Values objects, bound placements, Prebid.js `bid.params`, params schemas and forms use the key.
   */
  param?: string;
  /** More targets that get the same value (docs/spec.md#more-targets), each a name under the rules of `name`. */
  alsoTo?: string[];
  /** Constants written only when this field has a value, after defaults (docs/spec.md#conditions). */
  with?: ConstantDefinition[];
  /** Written only where the request holds nothing at each target (docs/spec.md#conditions). */
  when?: 'absent';
  /** Title in the UI. */
  display: string;
  description?: string;
  /** A value must be entered (after `default`). Default false. */
  required?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text';
  default?: string | number;
  minLength?: number;
  maxLength?: number;
  /** ECMAScript regular expression (unicode mode) the whole value must match somewhere, as in JSON Schema. */
  pattern?: string;
}

export interface NumberField extends FieldBase {
  type: 'number';
  default?: number | string;
  min?: number;
  max?: number;
  integer?: boolean;
}

export interface SelectField extends FieldBase {
  type: 'select';
  options: SelectOption[];
  default?: number | string;
}

/** A yes/no input (docs/spec.md#booleans): `true`/`false` or `"true"`/`"false"`, written as a JSON boolean; never at a predefined target. */
export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean | 'true' | 'false';
}

/**
 * A list (docs/spec.md#lists-json-ids): a JSON array or a comma-separated string (each item trimmed), each item judged as
 * `items` (text with the text bounds, numbers with the number bounds), no item empty; written as an array. Ext
 * targets only.
 */
export interface ListField extends FieldBase {
  type: 'list';
  items: 'text' | 'number';
  /** At least this many items; at most `maxItems`, and never more than 1,000. */
  minItems?: number;
  maxItems?: number;
  default?: (string | number)[] | string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
  integer?: boolean;
}

/**
 * A JSON value (docs/spec.md#lists-json-ids): any JSON but `null`, at most 4,096 bytes and 32 levels deep, no prototype key
 * at any depth (`unsafe_name`); written as entered (a copy). Ext targets only.
 */
export interface JsonField extends FieldBase {
  type: 'json';
  default?: JsonValue;
}

/**
 * An id (docs/spec.md#lists-json-ids): a non-empty string or an integer, written as entered into ext targets and as its decimal
 * string into predefined ones; `maxLength` and `pattern` hold for its text.
 */
export interface IdField extends FieldBase {
  type: 'id';
  default?: string | number;
  maxLength?: number;
  pattern?: string;
}

/** One field definition (docs/spec.md#fields, docs/spec.md#records, docs/spec.md#lists-json-ids). */
export type FieldDefinition = TextField | NumberField | SelectField | BooleanField | ListField | JsonField | IdField;

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A fixed write (docs/spec.md#constants): `value` (any JSON but `null`, at most 4,096 bytes as JSON, no prototype key at any depth)
 * is written at `name` (a name under the rules of a field's name) on every enrichment, to every imp it writes.
 */
export interface ConstantDefinition {
  name: string;
  value: JsonValue;
  /** Written only where the request holds nothing at the target (docs/spec.md#conditions). */
  when?: 'absent';
}

/** An adapter record (docs/spec.md#cli): protocol, optional endpoint and Prebid details, and the fields. */
export interface AdapterRecord {
  protocol: Protocol;
  /** The partner's URL; may hold `{key}` placeholders filled from the entered values (docs/spec.md#endpoint-templates). */
  endpoint?: string;
  /** Prebid JS: dot path of the CPM in the partner's bid, e.g. `price`. */
  cpmField?: string;
  /** Prebid bidder code. */
  bidderCode?: string;
  /** Prebid JS: the media types the partner takes, default all three (docs/spec.md#protocols). */
  mediaTypes?: ('banner' | 'video' | 'native')[];
  fields: FieldDefinition[];
  /** Fixed writes (docs/spec.md#constants). */
  constants?: ConstantDefinition[];
  /** Groups of keys of which at least one must be entered, after defaults (docs/spec.md#one-of). */
  requireOneOf?: string[][];
  /** Groups of keys of which exactly one must be entered, after defaults (docs/spec.md#conditions). */
  exactlyOneOf?: string[][];
  /** Removed from the enrichment's copy of the request before anything is written (docs/spec.md#removals). */
  remove?: (RemovablePath | { path: Exclude<RemovablePath, 'site.domain' | 'app.domain'>; keep: string[] })[];
  /** Values derived from the request, in order, before the fields write (docs/spec.md#values-from-the-request). */
  derive?: (
    | { op: 'bannerSizeFromFormat'; when: 'eitherMissing' | 'bothMissing' | 'missingOrZero' | 'always' }
    | { op: 'copy'; from: string; to: string; when?: 'absent' }
  )[];
  /**
   * `'imp'`: the protocol wrappers send one request per enriched imp (docs/spec.md#split-imp); `'url'`: one per distinct URL the
   * imps' values make (docs/spec.md#split-url). Default `'none'`.
   */
  split?: 'none' | 'imp' | 'url';
  /**
   * With values per imp: `'same'` (default) refuses imps that enter different request-level values; `'first'` takes the
   * first enriched imp's, warning `values_ignored` at each later one's (docs/spec.md#conditions).
   */
  requestValues?: 'same' | 'first';
  /** Headers added to each request (docs/spec.md#headers), by name. */
  headers?: Record<string, HeaderDefinition>;
  /** How the partner's answers are read (docs/spec.md#response-record); every key has a default. */
  response?: ResponseDefinition;
}

/** A media type of a bid, as Prebid names them. */
export type BidMediaType = 'banner' | 'video' | 'native' | 'audio';

/**
 * Where a partner's bids carry what `readBids` reads (docs/spec.md#response-record). Paths are dot paths into a bid
 * (`ext.cpm`, `cat.0`).
 */
export interface ResponseDefinition {
  /** The CPM; default the record's `cpmField`, else `price`. Not with `cpmField`, not on a Prebid JS record. */
  price?: string;
  /** `{ from: 'cur' }` (default: the answer's `cur`, else USD) or a fixed `{ value: 'EUR' }`. */
  currency?: { from: 'cur' } | { value: string };
  /** Ordered rules, the first that gives a type wins; default `mtype`, then `ext.prebid.type`, then the imp. */
  bidType?: ({ from: string; map?: Record<string, BidMediaType> } | { from: 'imp'; order?: BidMediaType[] } | { value: BidMediaType })[];
  /** Read on bids typed video; defaults `dur` and `cat.0`. */
  video?: { duration?: string; primaryCategory?: string };
  dealPriority?: string;
  /** Prebid bid meta name → path; adds to (or replaces) the default `advertiserDomains` from `adomain`. */
  meta?: Record<string, string>;
  /** The keys whose `${AUCTION_PRICE}` is replaced by the price. */
  macros?: ('adm' | 'nurl' | 'burl')[];
  /** A bid priced 0 is dropped. */
  dropZeroPrice?: boolean;
}

/** What a record may remove (docs/spec.md#removals); `imp.ext` from each imp enriched. */
export type RemovablePath =
  'site.publisher' | 'app.publisher' | 'dooh.publisher' | 'site.domain' | 'app.domain' | 'ext' | 'user.ext' | 'source.ext' | 'imp.ext';

/**
 * One header of a record (docs/spec.md#headers): a fixed `value`, or `from` the first of these dot paths into the request as
 * sent that holds a non-empty string or a finite number (a Prebid JS record: `value` only).
 */
export type HeaderDefinition = { value: string } | { from: string | string[] };

/** What `compile` and `validateAdapter` accept: a record or a bare array of field definitions. */
export type AdapterInput = AdapterRecord | FieldDefinition[];

/** Entered values keyed by field key: its `param`, else its name as written (prefix included). */
export type FieldValues = Readonly<Record<string, unknown>>;

/**
 * A module written by `bidfields codegen --target node` (or `adapter.source()` saved as a file), as `compile`'s
 * `enricher` option takes it: `import * as enricher from './acme.enricher.js'`.
 */
export interface EnricherModule {
  /** Identifies the generated source; `compile` refuses a module made from another record or bidfields version. */
  readonly fingerprint: string;
  /** The factory of the enricher (its runtime is bidfields' own, passed by `compile`). */
  readonly enricher: (rt: never) => unknown;
}

/** Options of `compile` and `validateAdapter`. */
export interface CompileOptions {
  /** Unknown keys in definitions are errors (default) or, when false, warnings. */
  strict?: boolean;
  /** Host names an endpoint may point at (exact, or `*.example.com` for sub-domains). */
  knownEndpoints?: readonly string[];
  /** Accept `localhost` and IP-literal endpoints that the known list names exactly (local testing only). */
  allowLocal?: boolean;
  /**
   * Object path under `imp[].ext` where bidder params go (names that are neither predefined nor
   * `predefinedImpExt.<path>`, which always lands at `imp[].ext.<path>`); default `[]` (directly in `imp.ext`).
   * The Prebid Server wrapper uses `['prebid', 'bidder', bidderCode]`.
   */
  extBase?: readonly string[];
  /**
   * Generate the adapter's enricher as code (`new Function`) where the platform allows it (default `true`); `false`
   * applies the plan with the interpreter, as on a page whose CSP forbids `eval`. Results are the same either way.
   */
  codegen?: boolean;
  /**
   * An enricher module written beforehand by `bidfields codegen --target node` from this record (with the same
   * compile options), for services that forbid `new Function`: `import * as enricher from './acme.enricher.js'`.
   * A module generated from another record, options or bidfields version is refused (a `TypeError`).
   */
  enricher?: EnricherModule;
}

/** Options of `enrich`. */
export interface EnrichOptions {
  /** Enrich every imp, not only `imp[0]`. */
  allImps?: boolean;
  /** Write into the given request instead of copying the touched paths (for callers that own it). */
  mutate?: boolean;
}
