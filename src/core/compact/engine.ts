/**
 * The compact engine: the run-time contract of SPEC §1–3 in a few kB, for the Prebid.js bundle, where every byte
 * ships to every page. The full engine (`compile`) is built for the server's hot path (a plan, an ext tree, bound
 * writes, shape-aware copies) and for authoring (ajv's JSON Schema check, a message that explains each issue);
 * this one walks each value's path instead, and its messages are the issue code in words.
 *
 * It enforces every rule that decides what is written where, whether values and requests are accepted, and every
 * safety rule: name grammar, `unsafe_name`, `unknown_predefined`, `rtb_field_without_prefix`, the field type,
 * select options, numeric bounds, a pattern that compiles, `invalid_default`, `duplicate_name`, `name_conflict`,
 * endpoint (`validateAdapter`'s own rules, see ./endpoint.ts), CPM field and bidder code, then all of SPEC §2–3. Rules that only concern how a
 * record is written are left to `validateAdapter` / `bidfields validate`, run where records are written: unknown
 * keys, `display`, keys of another field type, `duplicate_option`, `min` above `max`. The conformance suite runs
 * every validate and enrich case that is not about those through this engine (same codes, paths, fields,
 * requests), and a property test compares it with the full engine on random adapters, values and requests.
 *
 * Everything it is given is untrusted JSON, so it compares with `===` only: a loose comparison or a property
 * lookup turns an object into a primitive, which throws for `{"toString": 1}`.
 */
import { BidfieldsError, issue, pointer, type Issue } from '../issues.js';
import { isArray as isArrayValue, isPlainObject } from '../apply/plain-object.js';
import { EXT_PREFIX, extSegments, hasUnsafeSegment, isDotPath, isFieldName, predefinedTarget } from '../definition/names.js';
import { extTargets } from '../definition/ext-targets.js';
import { decimalString, isNotEntered, parseDecimal, type RuleResult, type ValueRule, type WrittenValue } from '../compile/value-rule.js';
import { ucs2length } from '../definition/ucs2length.js';
import { checkEndpointCompact } from './endpoint.js';
import type { AdapterInput, CompileOptions, Protocol } from '../types.js';

type Obj = Record<string, any>;

interface CompactField {
  name: string;
  /** Where the value goes: `[root, ...keys]`; root 0 is the imp, 1 the inventory object (app, site or dooh). */
  to: (string | number)[];
  /** The value rule of SPEC §3. */
  rule: ValueRule;
  required: boolean;
  /** The coerced default. */
  fallback: WrittenValue | undefined;
}

export type CompactEnrichResult = { ok: true; request: any; warnings: Issue[] } | { ok: false; issues: Issue[]; warnings: Issue[] };

/** A record compiled by the compact engine: what the Prebid.js bidder module uses. */
export interface CompactAdapter {
  protocol: Protocol;
  /** The checked endpoint (parsed), when the record has one. */
  endpoint: URL | undefined;
  cpmField: string | undefined;
  bidderCode: string | undefined;
  /** The issues of the entered values (SPEC §3); empty when they are valid. */
  validateValues(values: unknown): Issue[];
  /** Applies the values to the request, copy-on-write (SPEC §2); never throws, never changes its inputs. */
  safeEnrich(request: unknown, values: unknown, options?: { allImps?: boolean }): CompactEnrichResult;
}

/** An issue whose message is its code in words. */
export const problem = (code: string, path: string, field?: string): Issue => issue(code, path, code.replace(/_/g, ' '), field);
/** A dot path of `[A-Za-z0-9_$-]+` segments. */
const isPath = (text: unknown): text is string => typeof text === 'string' && isDotPath(text);
const finite = (value: unknown): value is number => typeof value === 'number' && isFinite(value);
/** Own value, `null` counting as absent. */
const present = (object: Obj, key: string | number) => (Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined);
/** The write path of each predefined target (SPEC §2), below the imp (0) or the inventory object (1). */
const PREDEFINED_PATHS = { tagid: [0, 'tagid'], publisher: [1, 'publisher', 'id'], siteId: [1, 'id'] };

/**
 * Writes `value` at `keys` below `node` (an object of this call's result), copying each object on the way once;
 * `null` counts as absent. A non-object value in the way is a `path_conflict`, reported once per place.
 */
function put(node: Obj, keys: (string | number)[], value: unknown, at: string, field: string, copies: Set<Obj>, conflicts: Map<string, Issue>): void {
  for (let depth = 0; depth < keys.length - 1; depth++) {
    const key = keys[depth]!;
    let next = present(node, key) ?? {};
    at += '/' + key;
    if (!isPlainObject(next)) return void (conflicts.has(at) || conflicts.set(at, problem('path_conflict', at, field)));
    if (!copies.has(next)) copies.add((next = { ...next }));
    node = node[key] = next;
  }
  node[keys[keys.length - 1]!] = value;
}

/**
 * Compiles an adapter record or bare field array with the compact engine.
 * @throws BidfieldsError with the issues of the run-time rules (see the top of this file).
 * @example compileCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function compileCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CompactAdapter {
  const issues: Issue[] = [];
  const fail = (code: string, path: string, field?: string) => void issues.push(problem(code, path, field));
  const isArray = isArrayValue(input);
  const record: Obj = isArray ? { protocol: 'prebid-server', fields: input } : isPlainObject(input) ? input : {};
  const { protocol, fields, endpoint, cpmField, bidderCode } = record;
  const base = isArray ? '' : '/fields';
  const prebid = protocol === 'prebid-js';
  const known = prebid || protocol === 'rtb' || protocol === 'prebid-server';
  const url = endpoint === undefined ? undefined : checkEndpointCompact(endpoint, protocol, options);
  const byName = new Map<string, CompactField>();
  const names = new Set<string>();
  const targets = extTargets<string>();
  if (!known) fail('schema', '/protocol');
  if (typeof url === 'string') fail(url, '/endpoint');
  if ((prebid || cpmField !== undefined) && !(isPath(cpmField) && !hasUnsafeSegment(cpmField))) fail('invalid_cpm_field', '/cpmField');
  if ((prebid || bidderCode !== undefined) && !(isPath(bidderCode) && !hasUnsafeSegment(bidderCode) && /^[\w-]+$/.test(bidderCode))) fail('invalid_bidder_code', '/bidderCode');
  (Array.isArray(fields) ? fields : (fail('schema', base), [])).forEach((field: unknown, index: number) => {
    const definition: Obj = isPlainObject(field) ? field : {};
    const { name, type, options, pattern } = definition;
    const at = (key: string) => `${base}/${index}${key}`;
    const bad = (code: string, key = '/name') => fail(code, at(key), typeof name === 'string' ? name : undefined);
    if (!isFieldName(name)) return bad('schema');
    const target = predefinedTarget(name);
    // The name rules, whatever else is wrong with the field (an unsafe name is refused below): no name twice, none
    // equal to another or inside another as a path (after the prefix is stripped; predefined ones as written).
    const segments = target ? [] : extSegments(name);
    if (!hasUnsafeSegment(name)) {
      if (names.has(name)) bad('duplicate_name');
      else if ((names.add(name), targets.add(target ? name.split('.') : segments, name) !== undefined)) bad('name_conflict');
    }
    if (!['text', 'number', 'select'].includes(type)) return bad('schema', '/type');
    // The shapes the value rule reads: options with a number value, numeric bounds (a string or an object there
    // could not be compared safely), boolean flags.
    if (type === 'select' && !(Array.isArray(options) && options.length && options.every((option) => isPlainObject(option) && finite(option.value)))) return bad('schema', '/options');
    const shape =
      ['min', 'max', 'minLength', 'maxLength'].find((key) => definition[key] !== undefined && !finite(definition[key])) ??
      ['required', 'integer'].find((key) => definition[key] !== undefined && typeof definition[key] !== 'boolean');
    if (shape) return bad('schema', '/' + shape);
    if (hasUnsafeSegment(name)) return bad('unsafe_name');
    if (!target && name.startsWith('prd.')) return bad('unknown_predefined');
    if (!target && protocol === 'rtb' && !name.startsWith(EXT_PREFIX)) return bad('rtb_field_without_prefix');
    let regExp: RegExp | undefined;
    try {
      regExp = pattern === undefined ? undefined : new RegExp(pattern, 'u');
    } catch {
      return bad('schema', '/pattern');
    }
    const { min, max, minLength = 0, maxLength = Infinity, integer } = definition;
    // Lengths are counted (in code points, without copying the text) only when the field bounds them.
    const counted = definition.minLength !== undefined || definition.maxLength !== undefined;
    // The value rule (SPEC §3), the full engine's written for size; predefined targets are written as strings.
    const rule = (raw: unknown): RuleResult => {
      let length;
      // text: a string or a finite number (as its decimal string); number and select: a finite number, or a
      // string that is a finite decimal number, surrounding white space allowed (NaN: one no double holds exactly).
      const value = type === 'text' ? (typeof raw === 'string' ? raw : finite(raw) ? decimalString(raw) : undefined) : typeof raw === 'string' ? parseDecimal(raw) : finite(raw) ? raw : undefined;
      const code =
        value !== value ? 'invalid_value'
        : type === 'select' && !options.some((option: Obj) => option.value === value) ? 'not_an_option'
        : value === undefined || (type === 'text' ? (counted && ((length = ucs2length(value as string)) < minLength || length > maxLength)) || (regExp && !regExp.test(value as string)) : integer && !Number.isInteger(value)) ? 'invalid_value'
        : type === 'number' && (value < min || value > max) ? 'out_of_range'
        : undefined;
      return code ? { ok: false, code, message: code.replace(/_/g, ' ') } : { ok: true, value: target && finite(value) ? decimalString(value) : value! };
    };
    const fallback = isNotEntered(definition.default) ? undefined : rule(definition.default);
    if (fallback && !fallback.ok) return fail('invalid_default', at('/default'), name);
    byName.set(name, { name, to: target ? PREDEFINED_PATHS[target] : [0, 'ext', ...segments], rule, required: definition.required === true, fallback: fallback?.ok ? fallback.value : undefined });
  });
  if (issues.length) throw new BidfieldsError(issues);

  /** The coerced values by field, in field order; the issues of the values (paths into them) go to `issues`. */
  function bind(values: unknown, issues: Issue[]): Map<CompactField, WrittenValue> {
    const bound = new Map<CompactField, WrittenValue>();
    if (!isPlainObject(values)) return issues.push(problem('invalid_value', '')), bound;
    for (const key of Object.keys(values)) if (!byName.has(key)) issues.push(problem('unknown_field', pointer(key), key));
    for (const field of byName.values()) {
      const raw = present(values, field.name);
      const at = pointer(field.name);
      if (isNotEntered(raw)) {
        if (field.fallback !== undefined) bound.set(field, field.fallback);
        else if (field.required) issues.push(problem('missing_required', at, field.name));
        continue;
      }
      const result = field.rule(raw);
      if (result.ok) bound.set(field, result.value);
      else issues.push(issue(result.code, at, result.message, field.name));
    }
    return bound;
  }

  return {
    protocol,
    endpoint: url as URL | undefined,
    cpmField,
    bidderCode,
    validateValues(values) {
      const found: Issue[] = [];
      bind(values, found);
      return found;
    },
    safeEnrich(request, values, options) {
      const issues: Issue[] = [];
      const warnings: Issue[] = [];
      const fail = (code: string, path: string, field?: string) => void issues.push(problem(code, path, field));
      const bound = bind(values, issues);
      const source = request as Obj;
      const imps = isPlainObject(source) ? present(source, 'imp') : undefined;
      const count = options?.allImps === true ? imps?.length : 1;
      if (issues.length) bound.clear();
      const shaped = isPlainObject(source) && Array.isArray(imps) && imps.length > 0;
      if (!isPlainObject(source)) fail('invalid_request', '');
      else if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
      else if (!shaped) fail('no_imp', '/imp');
      if (!shaped) return { ok: false, issues, warnings };
      // Every imp in reach is checked (and skipped when it is not an object); the others are still written.
      const enriched = [];
      for (let index = 0; index < count; index++) isPlainObject(imps[index]) ? enriched.push(index) : fail('invalid_request', '/imp/' + index);
      const out: Obj = { ...source };
      const copies = new Set<Obj>();
      const conflicts = new Map<string, Issue>();
      const inventoryField = [...bound.keys()].find((field) => field.to[0])?.name;
      const key = ['app', 'site', 'dooh'].find((name) => present(source, name) !== undefined);
      if (inventoryField && !key) fail('no_inventory_object', '', inventoryField);
      if (key === 'app' && present(source, 'site') !== undefined) warnings.push(problem('both_app_and_site', '/site'));
      if ([...bound.keys()].some((field) => !field.to[0])) copies.add((out.imp = imps.slice()));
      for (const [field, value] of bound) {
        const [inventory, ...keys] = field.to;
        if (inventory) key && put(out, [key, ...keys], value, '', field.name, copies, conflicts);
        else for (const index of enriched) put(out.imp, [index, ...keys], value, '/imp', field.name, copies, conflicts);
      }
      for (const found of conflicts.values()) issues.push(found);
      return issues.length ? { ok: false, issues, warnings } : { ok: true, request: out, warnings };
    },
  };
}
