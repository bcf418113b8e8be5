/**
 * The record rules across fields (docs/spec.md#fields, docs/spec.md#param, docs/spec.md#records), once, for both record checks (`validateAdapter` and
 * the compact engine of the page): every name a record writes to (field names, `alsoTo` names, constant names) is
 * checked on its own and against the others, keys are unique and safe; constants, one-of groups, `with` entries,
 * removals and derivations are step-rules.ts'. Problems are codes and pointers; `compile` words them (compile/messages.ts).
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
} from '../definition/names.js';
import { extTargets } from '../definition/ext-targets.js';
import { checkHeaders, HeaderRule, type HeaderPlan } from '../rules/headers.js';
import { RecordRule, type RecordProblem } from './record-problems.js';
import type { FieldPlan, RecordPlan } from './field-plan.js';
import { writeRules, type WriteParts, type WritesPlan } from './step-rules.js';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from '../rules/json-value.js';
import { responseRules } from './response-rules.js';
import type { ResponsePlan } from './response-plan.js';

export { RecordRule, type RecordProblem };

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

/** A constant's value, as JSON: at most this many bytes (docs/spec.md#constants), nesting at most this deep (rules/json-value.ts says why). */
export const MAX_CONSTANT_BYTES = MAX_JSON_BYTES;
export const MAX_CONSTANT_DEPTH = MAX_JSON_DEPTH;

/** What the record rules read: the fields, and a record's constants, one-of groups, removals and derivations. */
export interface RecordParts extends WriteParts {
  /**
   * The keys the endpoint's placeholders name (docs/spec.md#endpoint-templates): `[]` without placeholders, `undefined` when they are
   * unknown (placeholders that do not parse, reported with the endpoint): then no field is said to be unused.
   */
  endpointKeys?: readonly string[];
  /** The keys of each `{a|b}` placeholder of the endpoint (docs/spec.md#conditions). */
  endpointChoices?: readonly (readonly string[])[];
  /** The record's `headers` (docs/spec.md#headers), as written. */
  headers?: unknown;
  /** The record's `response` and `cpmField` (docs/spec.md#response-record), as written. */
  response?: unknown;
  cpmField?: unknown;
}

export interface RecordRulesResult extends WritesPlan {
  problems: RecordProblem[];
  headers: HeaderPlan[];
  /** How the partner's answers are read (docs/spec.md#response-record), every default applied. */
  response: ResponsePlan;
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
  // Made first, reported last (after the fields' problems, as the record reads).
  const answerProblems: RecordProblem[] = [];
  const response = responseRules(parts.response, parts.cpmField, protocol, answerProblems);
  const out: RecordRulesResult = { problems, constants: [], with: [], oneOf: [], exactlyOneOf: [], remove: [], derive: [], headers: [], response };

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
  const checkName = (name: unknown, at: string, owner: Owner, field: string | undefined, shared = false): name is string => {
    if (!isFieldName(name)) return false;
    // Only a field of its own may fill the endpoint: no alsoTo, no constant there.
    if (name.startsWith(ENDPOINT_PREFIX)) return (problems.push({ code: 'schema', path: at, field, rule: RecordRule.EndpointTarget }), false);
    const refusal = nameRefusal(name, protocol);
    if (refusal) problems.push({ code: refusal, path: at, field, name });
    return !hasUnsafeSegment(name) && (shared || register(name, at, owner, field)) && !refusal;
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
      for (const key of ['when', 'with'] as const)
        if (field[key] !== undefined) problems.push({ code: 'schema', path: `${at}/${key}`, field: name, rule: RecordRule.EndpointWhen });
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

  const writes = writeRules(parts, fieldsPath, { problems, keys, checkName, extBase });
  Object.assign(out, writes);
  // A `{a|b}` placeholder's keys (docs/spec.md#conditions) may be optional when one one-of group holds them all.
  const grouped = (key: string) =>
    (parts.endpointChoices ?? []).some(
      (choice) => choice.includes(key) && [...out.oneOf, ...out.exactlyOneOf].some((group) => choice.every((other) => group.includes(other))),
    );
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
      else if (required !== true && (fallback === undefined || fallback === null || fallback === '') && !grouped(key))
        problems.push({ code: 'schema', path: `${at}/required`, field: field.name as string, rule: RecordRule.PlaceholderOptional });
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
  for (const problem of answerProblems) problems.push(problem);
  return out;
}

/** The record plan of checked field plans and the record rules' result: only the parts the record has. */
export function recordPlanOf(fields: FieldPlan[], rules: WritesPlan): RecordPlan {
  const plan: RecordPlan = { fields };
  if (rules.firstValues) plan.firstValues = true;
  for (const key of ['constants', 'with', 'oneOf', 'exactlyOneOf', 'remove', 'derive'] as const)
    if (rules[key].length) (plan as unknown as Record<string, unknown>)[key] = rules[key];
  return plan;
}
