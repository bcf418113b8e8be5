/**
 * The compact engine: the run-time contract of SPEC §1–3 in a few kB, for the Prebid.js bundle, where every byte
 * ships to every page. The full engine (`compile`) is built for the server's hot path (a plan, an ext tree, bound
 * writes, shape-aware copies) and for authoring (ajv's JSON Schema check, a message that explains each issue);
 * this one walks each value's path instead, and its messages are the issue code in words.
 *
 * It enforces every rule that decides what is written where, whether values and requests are accepted, and every
 * safety rule: name grammar, `unsafe_name`, `unknown_predefined`, `rtb_field_without_prefix`, the field type,
 * select options, numeric bounds, a pattern that compiles, `invalid_default`, `duplicate_name`, `name_conflict`,
 * endpoint (see ./endpoint.ts), CPM field and bidder code, then all of SPEC §2–3. Rules that only concern how a
 * record is written are left to `validateAdapter` / `bidfields validate`, run where records are written: unknown
 * keys, `display`, keys of another field type, `duplicate_option`, `min` above `max`. The conformance suite runs
 * every validate and enrich case that is not about those through this engine (same codes, paths, fields,
 * requests), and a property test compares it with the full engine on random adapters, values and requests.
 *
 * Everything it is given is untrusted JSON, so it compares with `===` only: a loose comparison or a property
 * lookup turns an object into a primitive, which throws for `{"toString": 1}`.
 */
import { BidfieldsError, type Issue } from '../issues.js';
import { isPlainObject } from '../apply/plain-object.js';
import { ucs2length } from '../definition/ucs2length.js';
import type { AdapterInput, CompileOptions, Protocol } from '../types.js';
import { checkEndpointCompact } from './endpoint.js';

type Obj = Record<string, any>;
type Value = string | number;

interface CompactField {
  name: string;
  /** Where the value goes: `[root, ...keys]`; root 0 is the imp, 1 the inventory object (app, site or dooh). */
  to: (string | number)[];
  /** The value to write, or `[code]` when the entered value breaks the field's rule. */
  rule: (raw: unknown) => Value | [string];
  required: boolean;
  fallback: Value | undefined;
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
export const problem = (code: string, path: string, field?: string): Issue => ({ code, path, message: code.replace(/_/g, ' '), ...(field !== undefined && { field }) });
/** A dot path of `[A-Za-z0-9_$-]+` segments, none of them `__proto__`, `prototype` or `constructor` (`safe`). */
const isPath = (text: unknown, safe?: 1): text is string => typeof text === 'string' && /^[\w$-]+(\.[\w$-]+)*$/.test(text) && !(safe && /(^|\.)(__proto__|prototype|constructor)(\.|$)/.test(text));
const finite = (value: unknown): value is number => typeof value === 'number' && isFinite(value);
/** Own value, `null` counting as absent. */
const present = (object: Obj, key: string | number) => (Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined);
const PREDEFINED: Obj = { 'prd.impTagId': [0, 'tagid'], 'prd.appPublisherId': [1, 'publisher', 'id'], 'prd.appSiteId': [1, 'id'] };

/**
 * Writes `value` at `keys` below `node` (an object of this call's result), copying each object on the way once;
 * `null` counts as absent. A non-object value in the way is a `path_conflict`, reported once per place.
 */
function put(node: Obj, keys: (string | number)[], value: unknown, at: string, field: string, copies: Set<Obj>, issues: Issue[]): void {
  for (let depth = 0; depth < keys.length - 1; depth++) {
    const key = keys[depth]!;
    let next = present(node, key) ?? {};
    at += '/' + key;
    if (!isPlainObject(next)) return void (issues.some((found) => found.path === at) || issues.push(problem('path_conflict', at, field)));
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
  const isArray = Array.isArray(input);
  const record: Obj = isArray ? { protocol: 'prebid-server', fields: input } : isPlainObject(input) ? input : {};
  const { protocol, fields, endpoint, cpmField, bidderCode } = record;
  const base = isArray ? '' : '/fields';
  const prebid = protocol === 'prebid-js';
  const known = prebid || protocol === 'rtb' || protocol === 'prebid-server';
  const url = endpoint === undefined ? undefined : checkEndpointCompact(endpoint, protocol, options);
  const byName = new Map<string, CompactField>();
  const names = new Set<string>();
  const targets = new Set<string>();
  const inner = new Set<string>();
  if (!known) fail('schema', '/protocol');
  if (typeof url === 'string') fail(url, '/endpoint');
  if ((prebid || cpmField !== undefined) && !isPath(cpmField, 1)) fail('invalid_cpm_field', '/cpmField');
  if ((prebid || bidderCode !== undefined) && !(isPath(bidderCode, 1) && /^[\w-]+$/.test(bidderCode))) fail('invalid_bidder_code', '/bidderCode');
  (Array.isArray(fields) ? fields : (fail('schema', base), [])).forEach((field: unknown, index: number) => {
    const definition: Obj = isPlainObject(field) ? field : {};
    const { name, type, options, pattern, min, max, minLength = 0, maxLength = Infinity, integer, required, default: fallback } = definition;
    const bad = (code: string, key = '/name') => fail(code, `${base}/${index}${key}`, typeof name === 'string' ? name : undefined);
    if (!isPath(name) || name.length > 512) return bad('schema');
    const predefined: (string | number)[] | undefined = Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
    if (!['text', 'number', 'select'].includes(type)) return bad('schema', '/type');
    if (type === 'select' && !(Array.isArray(options) && options.every(isPlainObject))) return bad('schema', '/options');
    // Bounds the value rule compares with: numbers (a string or an object there could not be compared safely).
    const bound = ['min', 'max', 'minLength', 'maxLength'].find((key) => definition[key] !== undefined && !finite(definition[key]));
    if (bound) return bad('schema', '/' + bound);
    if (!isPath(name, 1)) return bad('unsafe_name');
    const ext = name.replace(/^predefinedImpExt\./, '');
    if (!predefined && name.startsWith('prd.')) return bad('unknown_predefined');
    if (!predefined && protocol === 'rtb' && ext === name) return bad('rtb_field_without_prefix');
    let regExp: RegExp | undefined;
    try {
      regExp = pattern === undefined ? undefined : new RegExp(pattern, 'u');
    } catch {
      return bad('schema', '/pattern');
    }
    // Lengths are counted (in code points, without copying the text) only when the field bounds them.
    const counted = definition.minLength !== undefined || definition.maxLength !== undefined;
    // The value rule (SPEC §3); predefined targets are written as strings.
    const rule = (raw: unknown): Value | [string] => {
      let length;
      // text: a string or a finite number (as its decimal string); number and select: a finite number, or a
      // string that is a finite decimal number, surrounding white space allowed.
      const value =
        type === 'text' ? (typeof raw === 'string' ? raw : finite(raw) ? String(raw) : undefined)
        : finite(raw) ? raw
        : typeof raw === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw) && isFinite(+raw) ? +raw
        : undefined;
      return type === 'select' && !options.some((option: Obj) => option.value === value) ? ['not_an_option']
        : value === undefined || (type === 'text' ? (counted && ((length = ucs2length(value as string)) < minLength || length > maxLength)) || (regExp && !regExp.test(value as string)) : integer && !Number.isInteger(value)) ? ['invalid_value']
        : type === 'number' && (value < min || value > max) ? ['out_of_range']
        : predefined ? String(value) : value;
    };
    const compiled = { name, to: predefined ?? [0, 'ext', ...ext.split('.')], rule, required: required === true, fallback: fallback == null || fallback === '' ? undefined : rule(fallback) };
    if (typeof compiled.fallback === 'object') return bad('invalid_default', '/default');
    if (names.has(name)) return bad('duplicate_name');
    names.add(name);
    // No ext target equal to another or inside another (after the prefix is stripped).
    const prefixes = predefined ? [] : ext.split('.').map((_: string, depth: number, keys: string[]) => keys.slice(0, depth + 1).join('.'));
    const key = prefixes.pop();
    if (key && (targets.has(key) || inner.has(key) || prefixes.some((prefix: string) => targets.has(prefix)))) return bad('name_conflict');
    if (key) targets.add(key);
    prefixes.forEach((prefix: string) => inner.add(prefix));
    byName.set(name, compiled as CompactField);
  });
  if (issues.length) throw new BidfieldsError(issues);

  /** The coerced values by field, in field order; the issues of the values (paths into them) go to `issues`. */
  function bind(values: unknown, issues: Issue[]): Map<CompactField, Value> {
    const bound = new Map<CompactField, Value>();
    let unknown = 0;
    if (!isPlainObject(values)) return issues.push(problem('invalid_value', '')), bound;
    for (const key of Object.keys(values)) if (!byName.has(key) && ++unknown <= 100) issues.push(problem('unknown_field', '/' + key.replace(/~/g, '~0').replace(/\//g, '~1'), key));
    if (unknown > 100) issues.push(problem('limit_exceeded', ''));
    for (const field of byName.values()) {
      const raw = present(values, field.name);
      const verdict = raw === undefined || raw === '' ? field.fallback : field.rule(raw);
      if (typeof verdict === 'object') issues.push(problem(verdict[0], '/' + field.name, field.name));
      else if (verdict !== undefined) bound.set(field, verdict);
      else if (field.required) issues.push(problem('missing_required', '/' + field.name, field.name));
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
      const inventoryField = [...bound.keys()].find((field) => field.to[0])?.name;
      const key = ['app', 'site', 'dooh'].find((name) => present(source, name) !== undefined);
      if (inventoryField && !key) fail('no_inventory_object', '', inventoryField);
      if (inventoryField && key === 'app' && present(source, 'site') !== undefined) warnings.push(problem('both_app_and_site', '/site'));
      if ([...bound.keys()].some((field) => !field.to[0])) copies.add((out.imp = imps.slice()));
      for (const [field, value] of bound) {
        const [inventory, ...keys] = field.to;
        if (inventory) key && put(out, [key, ...keys], value, '', inventoryField!, copies, issues);
        else for (const index of enriched) put(out.imp, [index, ...keys], value, '/imp', field.name, copies, issues);
      }
      return issues.length ? { ok: false, issues, warnings } : { ok: true, request: out, warnings };
    },
  };
}
