/**
 * The record rules across fields (docs/spec.md#fields, docs/spec.md#param, docs/spec.md#records), once, for both record checks (`validateAdapter` and
 * the compact engine of the page): every name a record writes to (field names, `alsoTo` names, constant names) is
 * checked on its own and against the others, keys are unique and safe, constants are JSON without prototype keys,
 * one-of groups name keys. Problems are codes and pointers; `compile` words them (compile/messages.ts).
 * One step per name segment (a map of names, tries of paths), so 10,000 deep names are cheap.
 */
import { isPlainObject } from '../definition/plain-object.js';
import { pointer } from '../issues.js';
import {
  comparedPath,
  ENDPOINT_PREFIX,
  extPath,
  hasUnsafeSegment,
  isFieldName,
  isParamKey,
  isUnsafeSegment,
  nameRefusal,
  predefinedPath,
  typedTarget,
  REQUEST_EXT_PREFIX,
  targetOf,
} from '../definition/names.js';
import { extTargets } from '../definition/ext-targets.js';
import type { ConstantPlan } from './field-plan.js';
import { checkHeaders, HeaderRule, type HeaderPlan } from '../rules/headers.js';
import { checkedJson, JsonFault, MAX_JSON_BYTES, MAX_JSON_DEPTH } from '../rules/json-value.js';
import { takes } from './value-kinds.js';

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
}

/** Field types whose values are no text, so never at a predefined (string) target (docs/spec.md#booleans, docs/spec.md#lists-json-ids). */
const NOT_TEXT: unknown[] = ['boolean', 'list', 'json'];

/**
 * Whether a field's type can give what a typed target takes (docs/spec.md#more-openrtb-targets): numbers for a floor, 0/1 or a
 * position, text for a currency, text or numbers for text, a list of text for bcat, badv and bapp.
 */
function fieldTakes(field: Record<string, unknown>, name: string): boolean {
  const kind = typedTarget(name)?.[1];
  const { type } = field;
  if (kind === 'floor' || kind === 'flag' || kind === 'position') return type === 'number' || type === 'select';
  if (kind === 'currency') return type === 'text';
  if (kind === 'text') return type === 'text' || type === 'number' || type === 'select' || type === 'id';
  if (kind === 'textList') return type === 'list' && field.items === 'text';
  return true;
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
    | 'invalid_header';
  path: string;
  field?: string;
  /** The name (or key) the problem is about, when it is one. */
  name?: string;
  /** The earlier name or key this one collides with, and the pointer of the definition that has it. */
  other?: { name: string; path: string; place?: true };
  rule?: RecordRule;
  /** Why a header is refused (docs/spec.md#headers). */
  header?: HeaderRule;
}

/** A constant's value, as JSON: at most this many bytes (docs/spec.md#constants), nesting at most this deep (rules/json-value.ts says why). */
export const MAX_CONSTANT_BYTES = MAX_JSON_BYTES;
export const MAX_CONSTANT_DEPTH = MAX_JSON_DEPTH;

/** What the record rules read: the fields, and a record's constants and one-of groups. */
export interface RecordParts {
  fields: readonly unknown[];
  constants?: unknown;
  requireOneOf?: unknown;
  /**
   * The keys the endpoint's placeholders name (docs/spec.md#endpoint-templates): `[]` without placeholders, `undefined` when they are
   * unknown (placeholders that do not parse, reported with the endpoint): then no field is said to be unused.
   */
  endpointKeys?: readonly string[];
  /** The record's `headers` (docs/spec.md#headers), as written. */
  headers?: unknown;
}

export interface RecordRulesResult {
  problems: RecordProblem[];
  constants: ConstantPlan[];
  oneOf: string[][];
  headers: HeaderPlan[];
}

/** The record rule of each fault of a constant's value (a prototype key is `unsafe_name`). */
const JSON_RULES: Record<JsonFault, RecordRule | 'unsafe_name'> = {
  [JsonFault.NotJson]: RecordRule.NotJson,
  [JsonFault.Null]: RecordRule.NullValue,
  [JsonFault.TooLarge]: RecordRule.TooLarge,
  [JsonFault.TooDeep]: RecordRule.TooDeep,
  [JsonFault.PrototypeKey]: 'unsafe_name',
};

/** A constant's value as the plan keeps it, or the rule it breaks and where (rules/json-value.ts). */
function constantValue(value: unknown): { value: unknown } | { problem: [RecordRule | 'unsafe_name', string] } {
  const checked = checkedJson(value);
  return 'value' in checked ? checked : { problem: [JSON_RULES[checked.fault[0]], checked.fault[1]] };
}

interface Owner {
  name: string;
  path: string;
}

/**
 * The record rules over a record's parts (any input: each part is read only as far as it has the right shape;
 * JSON Schema reports the rest in `validateAdapter`, the compact engine reports shapes itself). `fieldsPath` is
 * `/fields` for a record, `''` for a bare field array; names land below `extBase` (see names.ts).
 */
export function recordRules(parts: RecordParts, fieldsPath: string, protocol: unknown, extBase: readonly string[]): RecordRulesResult {
  const problems: RecordProblem[] = [];
  const names = new Map<string, number>();
  const keys = new Map<string, string>();
  const paths = extTargets<Owner>();
  const places = extTargets<Owner>();
  const out: RecordRulesResult = { problems, constants: [], oneOf: [], headers: [] };

  /** Registers a name written to; reports a collision with an earlier one. `owner.path` is its definition's pointer. */
  const register = (name: string, at: string, owner: Owner, field: string | undefined): boolean => {
    const other = paths.add(comparedPath(name), owner);
    if (other) return (problems.push({ code: 'name_conflict', path: at, field, name, other }), false);
    // Only bidder params land below the ext base: predefined, request-ext and endpoint-only names never do.
    const predefined =
      predefinedPath(name) !== undefined || typedTarget(name) !== undefined || name.startsWith(REQUEST_EXT_PREFIX) || name.startsWith(ENDPOINT_PREFIX);
    const overlap = extBase.length > 0 && !predefined ? places.add(extPath(name, extBase), owner) : undefined;
    if (overlap) problems.push({ code: 'name_conflict', path: at, field, name, other: { ...overlap, place: true } });
    return !overlap;
  };
  /** The rules of one more name a record writes to (an `alsoTo` or a constant name) on its own and against the others. */
  const checkName = (name: unknown, at: string, owner: Owner, field: string | undefined): name is string => {
    if (!isFieldName(name)) return false;
    // Only a field of its own may fill the endpoint: no alsoTo, no constant there.
    if (name.startsWith(ENDPOINT_PREFIX)) return (problems.push({ code: 'schema', path: at, field, rule: RecordRule.EndpointTarget }), false);
    const refusal = nameRefusal(name, protocol);
    if (refusal) problems.push({ code: refusal, path: at, field, name });
    return !hasUnsafeSegment(name) && register(name, at, owner, field) && !refusal;
  };

  parts.fields.forEach((field, index) => {
    if (!isPlainObject(field)) return;
    const { name, param, alsoTo, type } = field;
    const at = `${fieldsPath}/${index}`;
    const fieldName = typeof name === 'string' ? name : undefined;
    const usableName = isFieldName(name) && !hasUnsafeSegment(name);
    let repeated = false;
    if (usableName) {
      const first = names.get(name);
      if (first !== undefined)
        repeated = problems.push({ code: 'duplicate_name', path: `${at}/name`, field: name, name, other: { name, path: `${fieldsPath}/${first}` } }) > 0;
      else {
        names.set(name, index);
        register(name, `${at}/name`, { name, path: at }, name);
      }
      if (NOT_TEXT.includes(type) && predefinedPath(name))
        problems.push({ code: 'schema', path: `${at}/type`, field: name, rule: RecordRule.BooleanAtPredefined });
      if (!fieldTakes(field, name)) problems.push({ code: 'schema', path: `${at}/type`, field: name, rule: RecordRule.TargetType, name });
    }
    if (Array.isArray(alsoTo)) {
      alsoTo.forEach((other: unknown, j) => {
        const otherAt = `${at}/alsoTo/${j}`;
        if (isFieldName(other) && !fieldTakes(field, other))
          problems.push({ code: 'schema', path: otherAt, field: fieldName, rule: RecordRule.TargetType, name: other });
        if (checkName(other, otherAt, { name: other as string, path: at }, fieldName) && NOT_TEXT.includes(type) && predefinedPath(other)) {
          problems.push({ code: 'schema', path: otherAt, field: fieldName, rule: RecordRule.BooleanAtPredefined });
        }
      });
    }
    if (typeof name === 'string' && name.startsWith(ENDPOINT_PREFIX)) {
      if (name.split('.').length !== 2) problems.push({ code: 'schema', path: `${at}/name`, field: name, rule: RecordRule.EndpointName });
      if (alsoTo !== undefined) problems.push({ code: 'schema', path: `${at}/alsoTo`, field: name, rule: RecordRule.EndpointAlsoTo });
      const key = param === undefined ? name : param;
      if (parts.endpointKeys && !parts.endpointKeys.includes(key as string))
        problems.push({ code: 'schema', path: `${at}/name`, field: name, rule: RecordRule.EndpointUnused });
    }
    // The key: the param, else the name (docs/spec.md#param); unique, and never a prototype key.
    // A name that is no key (unusable, or already reported as repeated) takes no part.
    const keyAt = param === undefined ? `${at}/name` : `${at}/param`;
    const key = param === undefined ? (usableName && !repeated ? name : undefined) : isParamKey(param) ? param : undefined;
    if (param !== undefined && key !== undefined && isUnsafeSegment(key)) problems.push({ code: 'unsafe_name', path: keyAt, field: fieldName, name: key });
    else if (key !== undefined) {
      const first = keys.get(key);
      if (first !== undefined) problems.push({ code: 'duplicate_param', path: keyAt, field: fieldName, name: key, other: { name: key, path: first } });
      else keys.set(key, at);
    }
  });

  // Placeholders (docs/spec.md#endpoint-templates): each names a field's key, and that field always has a value (required, or a default).
  const filled = new Set<string>();
  for (const key of parts.endpointKeys ?? []) {
    const at = keys.get(key);
    if (at === undefined) problems.push({ code: 'invalid_endpoint', path: '/endpoint', name: key, rule: RecordRule.PlaceholderUnknown });
    else if (!filled.has(key)) {
      filled.add(key);
      const field = parts.fields[Number(at.slice(at.lastIndexOf('/') + 1))] as Record<string, unknown>;
      const { required, default: fallback, type } = field;
      if (type === 'list' || type === 'json')
        problems.push({ code: 'schema', path: `${at}/type`, field: field.name as string, rule: RecordRule.PlaceholderNotText });
      else if (required !== true && (fallback === undefined || fallback === null || fallback === ''))
        problems.push({ code: 'schema', path: `${at}/required`, field: field.name as string, rule: RecordRule.PlaceholderOptional });
    }
  }
  const { constants, requireOneOf } = parts;
  if (constants !== undefined) {
    if (!Array.isArray(constants)) problems.push({ code: 'schema', path: '/constants', rule: RecordRule.NotAList });
    else {
      constants.forEach((constant: unknown, j) => {
        const at = `/constants/${j}`;
        if (!isPlainObject(constant)) return problems.push({ code: 'schema', path: at, rule: RecordRule.NotJson });
        const { name } = constant;
        const field = typeof name === 'string' ? name : undefined;
        const usable = checkName(name, `${at}/name`, { name: name as string, path: at }, field);
        if (!isFieldName(name)) problems.push({ code: 'schema', path: `${at}/name`, field });
        const checked = constantValue(constant.value);
        if ('problem' in checked) {
          const [rule, below] = checked.problem;
          return problems.push(
            rule === 'unsafe_name' ? { code: rule, path: `${at}/value${below}`, field } : { code: 'schema', path: `${at}/value${below}`, field, rule },
          );
        }
        // Predefined targets are strings (docs/spec.md#targets).
        if (usable && predefinedPath(name) && typeof checked.value !== 'string')
          return problems.push({ code: 'schema', path: `${at}/value`, field, rule: RecordRule.NotAString });
        const kind = usable ? typedTarget(name)?.[1] : undefined;
        if (kind && !takes(kind, checked.value))
          return problems.push({ code: 'schema', path: `${at}/value`, field, rule: RecordRule.TargetType, name: name as string });
        if (usable) out.constants.push({ name, to: targetOf(name, extBase), value: checked.value });
      });
    }
  }
  if (requireOneOf !== undefined) {
    if (!Array.isArray(requireOneOf)) problems.push({ code: 'schema', path: '/requireOneOf', rule: RecordRule.NotAList });
    else {
      requireOneOf.forEach((group: unknown, i) => {
        if (!(Array.isArray(group) && group.length)) return problems.push({ code: 'schema', path: `/requireOneOf/${i}`, rule: RecordRule.NotAGroup });
        group.forEach((key: unknown, j) => {
          if (typeof key !== 'string' || !keys.has(key)) problems.push({ code: 'schema', path: `/requireOneOf/${i}/${j}`, rule: RecordRule.UnknownKey });
        });
        // A copy: changing the record after it was checked changes nothing of its plan.
        out.oneOf.push([...(group as string[])]);
      });
    }
  }
  if (parts.headers !== undefined) {
    const checked = checkHeaders(parts.headers, protocol);
    for (const [rule, name, part] of checked.problems) {
      const path = '/headers' + (name === undefined ? '' : pointer(name)) + (part ? '/' + part : '');
      problems.push({ code: rule === HeaderRule.Shape ? 'schema' : rule === HeaderRule.Unsafe ? 'unsafe_name' : 'invalid_header', path, name, header: rule });
    }
    out.headers = checked.plan;
  }
  return out;
}
