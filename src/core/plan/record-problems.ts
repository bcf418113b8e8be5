/**
 * The problems of the record rules (record-rules.ts, the rules of docs/spec.md#beyond-records it calls, and
 * response-rules.ts): codes, pointers and which rule each breaks, worded by messages.ts.
 */
import type { HeaderRule } from '../rules/headers.js';

/** Which rule a `schema` problem of this file breaks, for its wording. */
export enum RecordRule {
  /** A boolean, list or JSON field at a predefined (string) target (docs/spec.md#booleans, docs/spec.md#lists-json-ids). */
  BooleanAtPredefined = 1,
  /** A constant's value is not JSON (or is `null`, or a string-only target gets another kind). */
  NotJson,
  NullValue,
  TooLarge,
  /** Nested deeper than {@link MAX_CONSTANT_DEPTH}. */
  TooDeep,
  NotAString,
  /** A one-of group names a key no field has, or is not a non-empty list of keys. */
  UnknownKey,
  NotAGroup,
  /** `constants` or `requireOneOf` is not a list. */
  NotAList,
  /** `predefinedEndpoint.` takes one segment, no `alsoTo`, and only fields (docs/spec.md#endpoint-templates). */
  EndpointName,
  EndpointAlsoTo,
  EndpointTarget,
  /** An endpoint-only field that no placeholder uses. */
  EndpointUnused,
  /** A field filling a placeholder must be required or have a default. */
  PlaceholderOptional,
  /** A placeholder names no field's key. */
  PlaceholderUnknown,
  /** A list or JSON field cannot fill a placeholder (a URL takes one text value). */
  PlaceholderNotText,
  /** A field type or constant value a typed target cannot take (docs/spec.md#more-openrtb-targets). */
  TargetType,
  /** A `with` entry, removal or derivation that is not one of the shapes docs/spec.md#conditions, #removals, #values-from-the-request list. */
  StepShape,
  /** A removal of a path the list does not hold, or `keep` on a path that is no object. */
  RemovePath,
  /** A copy's `from` is no request path (dot path, decimal indices, no prototype key). */
  CopyFrom,
  /** An endpoint-only field writes nothing into the request: no `when`, no `with`. */
  EndpointWhen,
}

/** Which rule of `response` a problem breaks, for its wording (plan/messages.ts). */
export enum ResponseRule {
  /** `response` (or `video`, `meta`) is no object, `dropZeroPrice` no boolean. */
  Shape = 1,
  /** A path that is no dot path of the name grammar, or has a prototype key. */
  Path,
  /** `response.price` and `cpmField` both given. */
  BothPrices,
  /** `response.price` on a Prebid JS record, whose CPM path is its required `cpmField`. */
  PrebidJsPrice,
  Currency,
  /** `bidType` is no non-empty list, or a rule is none of the four shapes. */
  BidType,
  /** A `map` that is no object of the four types, or an `order` that is no list of them, each once. */
  TypeTable,
  MetaName,
  Macros,
}

/** One broken rule: its issue code and pointer, the field (or constant) name, and what it collides with. */
export interface RecordProblem {
  code:
    | 'schema'
    | 'duplicate_name'
    | 'name_conflict'
    | 'duplicate_param'
    | 'unsafe_name'
    | 'unknown_predefined'
    | 'rtb_field_without_prefix'
    | 'invalid_endpoint'
    | 'invalid_header'
    | 'invalid_cpm_field';
  path: string;
  field?: string;
  /** The name (or key) the problem is about, when it is one. */
  name?: string;
  /** The earlier name or key this one collides with, and the pointer of the definition that has it. */
  other?: { name: string; path: string; place?: true };
  rule?: RecordRule;
  /** Why a header is refused (docs/spec.md#headers). */
  header?: HeaderRule;
  /** Which rule of `response` (docs/spec.md#response-record) is broken. */
  response?: ResponseRule;
}
