/**
 * The public data shapes of bidfields: field definitions and adapter records as users write them (SPEC §1, §6),
 * entered values, and the options of compile and enrich. OpenRTB objects come from `iab-openrtb` (2.6).
 */
import type { BidRequest } from 'iab-openrtb/v26';

export type { BidRequest };

/** The protocol an adapter speaks (SPEC §4). A bare field array means `prebid-server`. */
export type Protocol = 'rtb' | 'prebid-server' | 'prebid-js';

/** An option of a `select` field: its label and the number sent. */
export interface SelectOption {
  name: string;
  value: number;
}

interface FieldBase {
  /** Where the value goes: a predefined `prd.*` name, `predefinedImpExt.<path>`, or a dot path under `imp[0].ext`. */
  name: string;
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

/** One field definition (SPEC §1). */
export type FieldDefinition = TextField | NumberField | SelectField;

/** An adapter record (SPEC §6): protocol, optional endpoint and Prebid details, and the fields. */
export interface AdapterRecord {
  protocol: Protocol;
  endpoint?: string;
  /** Prebid JS: dot path of the CPM in the partner's bid, e.g. `price`. */
  cpmField?: string;
  /** Prebid bidder code. */
  bidderCode?: string;
  fields: FieldDefinition[];
}

/** What `compile` and `validateAdapter` accept: a record or a bare array of field definitions. */
export type AdapterInput = AdapterRecord | FieldDefinition[];

/** Entered values keyed by field name (the name as written in the definition, prefix included). */
export type FieldValues = Readonly<Record<string, unknown>>;

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
}

/** Options of `enrich`. */
export interface EnrichOptions {
  /** Enrich every imp, not only `imp[0]`. */
  allImps?: boolean;
  /** Write into the given request instead of copying the touched paths (for callers that own it). */
  mutate?: boolean;
}
