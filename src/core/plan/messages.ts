/**
 * The words of the field and value rules: the rules themselves (plan/, definition/names.ts) return codes and
 * reasons only, so the page carries none of this; `compile`, `validateAdapter` and every issue they return word
 * them here, one sentence per reason.
 */
import type { FieldPlan } from './field-plan.js';
import { ValueReason } from './value-judge.js';
import { MAX_LIST_ITEMS } from './value-kinds.js';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from '../rules/json-value.js';
import { MAX_COUNT, MAX_COUNT_PRODUCT, MAX_PATTERN_LENGTH, PatternReason } from './pattern-safety.js';
import { EXT_PREFIX, MAX_NAME_LENGTH, PREDEFINED, TYPED, typedKind, typedTarget, type NameRefusal, type TypedKind } from '../definition/names.js';
import { MAX_CONSTANT_BYTES, MAX_CONSTANT_DEPTH, RecordRule, type RecordProblem } from './record-rules.js';
import { HeaderRule, MAX_HEADER_PATHS, MAX_HEADER_VALUE, MAX_HEADERS } from '../rules/headers.js';
import { NAME_WORDS, PARAM_WORDS } from '../definition/schema-words.js';
import { ResponseRule } from './record-problems.js';
import { BID_TYPES, MACROS, META_KINDS } from './response-plan.js';

/** Why a number or select value spelt as a string that the double it parses to would not write back is refused. */
const INEXACT = 'has more digits than a number keeps (about 17 significant): it would be written back as a different decimal; use a text field for long ids';

const VALUE_MESSAGES: Record<ValueReason, (field: FieldPlan) => string> = {
  [ValueReason.BelowMin]: (field) => `must be at least ${field.min}`,
  [ValueReason.AboveMax]: (field) => `must be at most ${field.max}`,
  [ValueReason.NotAnOption]: (field) => `must be one of the option values: ${field.options!.join(', ')}`,
  [ValueReason.Unreadable]: (field) =>
    field.type === 'text' || (field.type === 'list' && field.items === 'text')
      ? `must be ${field.type === 'list' ? 'a list (an array, or items separated by commas) of strings or finite numbers' : 'a string or a finite number'}`
      : field.type === 'boolean'
        ? 'must be true or false (or "true" or "false")'
        : field.type === 'id'
          ? 'must be a non-empty string or an integer (at most 2^53 - 1)'
          : field.type === 'list'
            ? 'must be a list (an array, or items separated by commas) of finite numbers'
            : 'must be a finite number',
  [ValueReason.Inexact]: () => INEXACT,
  [ValueReason.NotInteger]: () => 'must be an integer',
  [ValueReason.TooShort]: (field) => `must be at least ${field.minLength} characters long`,
  [ValueReason.TooLong]: (field) => `must be at most ${field.maxLength} characters long`,
  [ValueReason.NoMatch]: (field) => `must match the pattern ${new RegExp(field.pattern!, 'u').source}`,
  [ValueReason.TooFewItems]: (field) => `must have at least ${field.minItems} items`,
  [ValueReason.TooManyItems]: (field) => `must have at most ${Math.min(field.maxItems ?? MAX_LIST_ITEMS, MAX_LIST_ITEMS)} items`,
  [ValueReason.EmptyItem]: () => 'must not have an empty item',
  [ValueReason.NotJson]: () => `must be a JSON value (not null), at most ${MAX_JSON_BYTES} bytes as JSON and ${MAX_JSON_DEPTH} levels deep`,
  [ValueReason.UnsafeKey]: () => 'must not hold a __proto__, prototype or constructor key at any depth',
  [ValueReason.TargetRefuses]: (field) =>
    `must be what its target takes: ${[field.to, ...(field.also ?? [])]
      .map(typedKind)
      .filter(Boolean)
      .map((kind) => KIND_WORDS[kind!])
      .join('; ')}`,
};

/**
 * Why a field refuses an entered value, in words.
 * @example valueMessage(ValueReason.AboveMax, { name: 'zone', to: [0, 'ext', 'zone'], type: 'number', max: 9 }) // 'must be at most 9'
 */
export const valueMessage = (reason: ValueReason, field: FieldPlan): string => VALUE_MESSAGES[reason](field);

const PATTERN_MESSAGES: Record<PatternReason, string> = {
  [PatternReason.TooLong]: `is longer than ${MAX_PATTERN_LENGTH} characters`,
  [PatternReason.BackReference]: 'uses a back-reference (\\1, \\k<name>)',
  [PatternReason.LookAround]: 'uses a look-ahead or look-behind',
  [PatternReason.UnknownGroup]: 'uses a group kind other than (…), (?:…) and (?<name>…)',
  [PatternReason.LargeCount]: `repeats more than ${MAX_COUNT} times (or nested repeats multiply past ${MAX_COUNT_PRODUCT})`,
  [PatternReason.EmptyRepeat]: 'repeats a part that can match nothing, as (a*)* or (a?)+ do',
  [PatternReason.EmptyBranches]: 'has two branches of one choice that match the same text, as (a|a) or (a?|b?) do',
  [PatternReason.Ambiguous]: 'can read the same text in more than one way, as (a+)+, (a|ab)* or \\d*\\d* can',
  [PatternReason.UnanchoredRepeat]: 'is not anchored with ^ and repeats before a match can end, as \\w+@ or \\s*$ do: it is tried from every character',
};

/** Why a record's pattern is refused as `unsafe_pattern`, in words. */
export const patternMessage = (reason: PatternReason): string =>
  `could take more than linear time on an entered value: the pattern ${PATTERN_MESSAGES[reason]}`;

/** Why a name is refused on its own (see `nameRefusal`), in words. */
export function nameMessage(code: NameRefusal, name: string): string {
  if (code === 'unsafe_name') return 'a segment is __proto__, prototype or constructor';
  if (code === 'unknown_predefined') return `not a predefined name (${[...Object.keys(PREDEFINED), ...Object.keys(TYPED)].join(', ')})`;
  return `an RTB ext param must be named '${EXT_PREFIX}${name}'`;
}

/** What each typed target takes (docs/spec.md#more-openrtb-targets), in words. */
export const KIND_WORDS: Record<TypedKind, string> = {
  floor: 'a number of 0 or more (a floor)',
  currency: 'a currency code of three capital letters (USD)',
  flag: '0 or 1',
  position: 'an integer from 0 to 7 (a banner position)',
  text: 'text (a number is written as its decimal string)',
  textList: 'a list of text',
  any: 'any value',
};

const RULE_MESSAGES: Record<RecordRule, string> = {
  [RecordRule.BooleanAtPredefined]: 'a boolean, list or JSON value cannot go to a predefined target (those are strings)',
  [RecordRule.NotJson]: 'must be a JSON value (strings, finite numbers, booleans, null inside objects and arrays)',
  [RecordRule.NullValue]: 'must not be null',
  [RecordRule.TooLarge]: `must be at most ${MAX_CONSTANT_BYTES} bytes as JSON`,
  [RecordRule.TooDeep]: `must nest at most ${MAX_CONSTANT_DEPTH} levels of arrays and objects`,
  [RecordRule.NotAString]: 'a predefined target takes a string',
  [RecordRule.UnknownKey]: 'must be the key (param, else name) of a field of this record',
  [RecordRule.NotAGroup]: 'must be a non-empty list of field keys',
  [RecordRule.NotAList]: 'must be a list',
  [RecordRule.EndpointName]: 'an endpoint-only field is named predefinedEndpoint.<segment>, one segment',
  [RecordRule.EndpointAlsoTo]: 'an endpoint-only field writes nothing into the request, so it has no alsoTo',
  [RecordRule.EndpointTarget]: 'only a field named predefinedEndpoint.<segment> fills the endpoint (not an alsoTo, not a constant)',
  [RecordRule.EndpointUnused]: "an endpoint-only field must be used by a placeholder of the record's endpoint",
  [RecordRule.PlaceholderOptional]: 'a field that fills an endpoint placeholder must be required or have a default',
  [RecordRule.PlaceholderUnknown]: 'the placeholder names no field key of this record',
  [RecordRule.TargetType]: 'the target cannot take this field type or value',
  [RecordRule.PlaceholderNotText]: 'a list or JSON field cannot fill an endpoint placeholder (a URL takes one text value)',
  [RecordRule.StepShape]:
    'must be as the record format says: with [{ name, value }], remove [path | { path, keep: [key, …] }], derive [{ op: "bannerSizeFromFormat", when: "eitherMissing" | "bothMissing" | "missingOrZero" | "always" } | { op: "copy", from, to, when?: "absent" }]',
  [RecordRule.RemovePath]:
    'a removal is one of site.publisher, app.publisher, dooh.publisher, site.domain, app.domain, ext, user.ext, source.ext, imp.ext (keep: an object path of these)',
  [RecordRule.EndpointWhen]: 'an endpoint-only field writes nothing into the request, so it has no when and no with',
  [RecordRule.CopyFrom]: `a copy reads a request path: dot-separated keys or decimal indices of [A-Za-z0-9_$-], at most ${MAX_NAME_LENGTH} characters, none __proto__, prototype or constructor`,
};

const HEADER_MESSAGES: Record<HeaderRule, string> = {
  [HeaderRule.Name]: "a header name must be an HTTP token (letters, digits and !#$%&'*+.^_`|~-), at most 64 characters",
  [HeaderRule.Forbidden]:
    'a record may not set host, cookie, authorization, content-length, connection, keep-alive, transfer-encoding, te, trailer, upgrade, expect, proxy-* or sec-*',
  [HeaderRule.ForbiddenOnPage]:
    'a browser drops this header (accept-charset, accept-encoding, access-control-request-*, cookie2, date, dnt, origin, referer, set-cookie, via, user-agent), so a Prebid JS record may not set it',
  [HeaderRule.Repeated]: 'the same header name as an earlier one (names compare without case)',
  [HeaderRule.ContentType]: 'content-type may only be the value application/json, optionally followed by ;charset=utf-8',
  [HeaderRule.Value]: `a header value must be 1 to ${MAX_HEADER_VALUE} characters, without control characters or characters above U+00FF`,
  [HeaderRule.Unsafe]: 'a header name or request path segment must not be __proto__, prototype or constructor',
  [HeaderRule.Shape]: `headers must be an object of at most ${MAX_HEADERS} headers, each { "value": text } or { "from": a request path or a list of at most ${MAX_HEADER_PATHS} } (a Prebid JS record: value only, the browser sends its own)`,
};

const RESPONSE_MESSAGES: Record<ResponseRule, string> = {
  [ResponseRule.Shape]: 'must be as the record format says: response, its video and meta are objects, dropZeroPrice a boolean',
  [ResponseRule.Path]: `must be a bid path: dot-separated keys or decimal indices of [A-Za-z0-9_$-], none __proto__, prototype or constructor`,
  [ResponseRule.BothPrices]: 'the record gives its CPM path as cpmField already: give it once, as cpmField or as response.price',
  [ResponseRule.PrebidJsPrice]: 'a Prebid JS record gives its CPM path as cpmField (required), not as response.price',
  [ResponseRule.Currency]: 'must be { "from": "cur" } (the answer\'s, else USD) or { "value": a currency code of three capital letters }',
  [ResponseRule.BidType]:
    'bidType is a non-empty list of rules, each { "from": "mtype" | a bid path, "map"?: { value: type } }, { "from": "imp", "order"?: [type, …] } or { "value": type }',
  [ResponseRule.TypeTable]: `must name media types (${BID_TYPES.join(', ')}): a map from value texts (no __proto__, prototype or constructor) to types, an order of types each once`,
  [ResponseRule.MetaName]: `is not a Prebid bid meta name (${Object.keys(META_KINDS).join(', ')})`,
  [ResponseRule.Macros]: `macros is a list of ${MACROS.join(', ')}, each once`,
};

/** A record rule's problem (plan/record-rules.ts), in words; `extBase` is where bidder params go under imp.ext. */
export function recordMessage(problem: RecordProblem, extBase: readonly string[]): string {
  const { code, other, name = '' } = problem;
  if (problem.response !== undefined) return RESPONSE_MESSAGES[problem.response];
  if (code === 'invalid_header' || problem.header) return HEADER_MESSAGES[problem.header!];
  if (problem.rule === RecordRule.TargetType) return `${name} takes ${KIND_WORDS[typedTarget(name)![1]]}`;
  if (code === 'schema') return RULE_MESSAGES[problem.rule!];
  if (code === 'invalid_endpoint') return `placeholder {${name}}: ${RULE_MESSAGES[problem.rule!]}`;
  if (code === 'duplicate_name') return `'${name}' is already defined at ${other!.path}`;
  if (code === 'duplicate_param') return `key '${name}' is already the key of ${other!.path} (keys are unique in a record)`;
  if (code === 'name_conflict') {
    const where = other!.place
      ? `land in the same place or one inside the other (bidder params go under imp.ext.${extBase.join('.')})`
      : 'are the same path or one is inside the other';
    return `'${name}' and '${other!.name}' (${other!.path}) ${where}`;
  }
  // What is left is a name's own refusal (an invalid_cpm_field problem is a response rule's, worded above).
  return code === 'unsafe_name' && problem.path.endsWith('/param')
    ? 'a key must not be __proto__, prototype or constructor'
    : nameMessage(code as NameRefusal, name);
}

/** What each key of a definition must be, for a `schema` issue at that key. */
export const SHAPE_MESSAGES: Readonly<Record<string, string>> = {
  name: NAME_WORDS,
  type: 'must be text, number, select, boolean, list, json or id',
  items: "a list field's items must be 'text' or 'number'",
  minItems: 'must be a non-negative integer',
  maxItems: 'must be a non-negative integer, at most 1,000',
  param: PARAM_WORDS,
  alsoTo: `must be a non-empty list of names (dot paths of [A-Za-z0-9_$-] segments, at most ${MAX_NAME_LENGTH} characters)`,
  display: 'must be a string',
  options: 'must be a non-empty array of {name, value: number}',
  min: 'must be a number',
  max: 'must be a number',
  minLength: 'must be a non-negative integer',
  maxLength: 'must be a non-negative integer',
  required: 'must be a boolean',
  integer: 'must be a boolean',
  pattern: 'must be a string',
  when: 'must be "absent" (written only where the request holds nothing at the target)',
  default: 'must be a string, a number or a boolean',
};
