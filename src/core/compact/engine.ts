/**
 * The compact engine: the contract of SPEC §1–3 (record and field rules, value rules, targets, copy-on-write
 * enrichment) in a few kB, for the Prebid.js bundle, where every byte ships to every page. The full engine
 * (`compile`) is built for the server's hot path (a plan, an ext tree, bound writes, shape-aware copies) and for
 * authoring (ajv's JSON Schema check, a message that explains each issue); this one walks each value's path
 * instead, checks only the shapes it reads, and its messages are the issue code in words. Codes, paths, fields and
 * results are the same: the conformance suite runs every validate and enrich case through it (all but the
 * JSON-Schema-only rules, which `validateAdapter` applies where records are authored), and a property test
 * compares it with the full engine on random adapters, values and requests.
 */
import { BidfieldsError, escapePointerToken, issue, type Issue } from '../issues.js';
import { isPlainObject } from '../apply/plain-object.js';
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

const hasOwn = Object.hasOwn;
/** An issue whose message is its code in words. */
const problem = (code: string, path: string, field?: string) => issue(code, path, code.replace(/_/g, ' '), field);
const isPath = (text: unknown): text is string => typeof text == 'string' && text.split('.').every((segment) => /^[\w$-]+$/.test(segment));
const isSafePath = (text: unknown) => isPath(text) && !/(^|\.)(__proto__|prototype|constructor)(\.|$)/.test(text);
const finite = (value: unknown): value is number => typeof value == 'number' && isFinite(value);
/** A finite number, or a string that is a finite decimal number with optional surrounding white space. */
const toNumber = (raw: any) => (finite(raw) ? raw : typeof raw == 'string' && /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test((raw = raw.trim())) && isFinite(+raw) ? +raw : undefined);
const notEntered = (raw: unknown) => raw === undefined || raw === null || raw === '';
/** Own value, `null` counting as absent. */
const present = (object: Obj, key: string | number) => (hasOwn(object, key) ? (object[key] ?? undefined) : undefined);
const PREFIX = 'predefinedImpExt.';
const PREDEFINED: Obj = { 'prd.impTagId': [0, 'tagid'], 'prd.appPublisherId': [1, 'publisher', 'id'], 'prd.appSiteId': [1, 'id'] };
const TYPE_KEYS: Obj = { number: 'min max integer', text: 'minLength maxLength pattern', select: 'options' };
const TYPED_KEYS = 'min max integer minLength maxLength pattern options'.split(' ');
/** Keys whose type the engine relies on, with the test each must pass when present, in the full check's order. */
const KEY_TESTS: Obj = {
  min: finite,
  max: finite,
  minLength: (value: any) => Number.isInteger(value) && value >= 0,
  required: (value: any) => value === !!value,
  pattern: (value: any) => typeof value == 'string',
  default: (value: any) => typeof value == 'string' || finite(value),
};
KEY_TESTS.maxLength = KEY_TESTS.minLength;
KEY_TESTS.integer = KEY_TESTS.required;

/** One field definition → its compiled form, or its issues (SPEC §1–2). */
function compileField(input: unknown, at: string, protocol: Protocol, issues: Issue[]): CompactField | undefined {
  const fail = (code: string, key: string, field?: string) => void issues.push(problem(code, at + key, field));
  if (!isPlainObject(input)) return fail('schema', '');
  const field: Obj = input;
  const { name, type, min, max, minLength = 0, maxLength = Infinity, pattern, options, integer } = field;
  const allowed: string | undefined = hasOwn(TYPE_KEYS, type) ? TYPE_KEYS[type] : undefined;
  const shape =
    !isPath(name) || name.length > 512 ? 'name'
    : !allowed ? 'type'
    : typeof field.display != 'string' ? 'display'
    : (TYPED_KEYS.find((key) => hasOwn(field, key) && !allowed.split(' ').includes(key)) ??
      ['min', 'max', 'minLength', 'maxLength', 'required', 'integer', 'pattern', 'default'].find((key) => hasOwn(field, key) && !KEY_TESTS[key](field[key])) ??
      (type == 'select' && !(Array.isArray(options) && options.length && options.every((o) => isPlainObject(o) && typeof o.name == 'string' && finite(o.value))) ? 'options' : ''));
  if (shape) return fail('schema', '/' + shape, typeof name == 'string' ? name : undefined);
  const count = issues.length;
  const predefined: (string | number)[] | undefined = hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
  if (!isSafePath(name)) fail('unsafe_name', '/name', name);
  else if (!predefined && name.startsWith('prd.')) fail('unknown_predefined', '/name', name);
  else if (!predefined && protocol == 'rtb' && !name.startsWith(PREFIX)) fail('rtb_field_without_prefix', '/name', name);
  const seen = new Set();
  options?.forEach((option: Obj, index: number) => (seen.has(option.value) ? fail('duplicate_option', `/options/${index}/value`, name) : seen.add(option.value)));
  // Only keys of the field's own type are present (checked above), so these tests cannot mix types.
  if (min > max) fail('schema', '/max', name);
  if (minLength > maxLength) fail('schema', '/maxLength', name);
  let regExp: RegExp | undefined;
  try {
    regExp = pattern === undefined ? undefined : new RegExp(pattern, 'u');
  } catch {
    fail('schema', '/pattern', name);
  }
  if (issues.length > count) return;
  // The value rule (SPEC §3); predefined targets are written as strings.
  const rule = (raw: unknown): Value | [string] => {
    let length;
    const value = type == 'text' ? (typeof raw == 'string' ? raw : finite(raw) ? String(raw) : undefined) : toNumber(raw);
    if (type == 'select') return options.some((option: Obj) => option.value === value) ? (predefined ? String(value) : value!) : ['not_an_option'];
    if (value === undefined || (type == 'text' ? (length = [...(value as string)].length) < minLength || length > maxLength || (regExp && !regExp.test(value as string)) : integer && !Number.isInteger(value))) return ['invalid_value'];
    return value < min || value > max ? ['out_of_range'] : predefined ? String(value) : value;
  };
  const fallback = notEntered(field.default) ? undefined : rule(field.default);
  if (typeof fallback == 'object') return fail('invalid_default', '/default', name);
  return { name, to: predefined ?? [0, 'ext', ...name.replace(PREFIX, '').split('.')], rule, required: field.required === true, fallback };
}

/** Unique names, and no ext target inside or equal to another (SPEC §1); linear in the number of fields. */
function checkNames(fields: (CompactField | undefined)[], base: string, issues: Issue[]): void {
  const names = new Set<string>();
  const targets = new Map<string, string>();
  const inner = new Map<string, string>();
  fields.forEach((field, index) => {
    if (!field) return;
    const fail = (code: string) => void issues.push(problem(code, `${base}/${index}/name`, field.name));
    if (names.has(field.name)) return fail('duplicate_name');
    names.add(field.name);
    if (field.to[1] != 'ext') return;
    const keys = field.to.slice(2);
    const prefixes = keys.slice(1).map((_, length) => keys.slice(0, length + 1).join('.'));
    const key = keys.join('.');
    if (targets.has(key) || inner.has(key) || prefixes.some((prefix) => targets.has(prefix))) return fail('name_conflict');
    targets.set(key, field.name);
    for (const prefix of prefixes) inner.set(prefix, field.name);
  });
}

/**
 * Writes `value` at `keys` below `node` (an object of this call's result), copying each object on the way once;
 * `null` counts as absent. A non-object value in the way is a `path_conflict`, reported once per place.
 */
function put(node: Obj, keys: (string | number)[], value: unknown, at: string, field: string, copies: Set<Obj>, issues: Issue[]): void {
  for (let depth = 0; depth < keys.length - 1; depth++) {
    const key = keys[depth]!;
    let next = present(node, key) ?? {};
    at += '/' + key;
    if (!isPlainObject(next)) return void (issues.some((found) => found.path == at) || issues.push(problem('path_conflict', at, field)));
    if (!copies.has(next)) copies.add((next = { ...next }));
    node = node[key] = next;
  }
  node[keys[keys.length - 1]!] = value;
}

/**
 * Compiles an adapter record or bare field array with the compact engine.
 * @throws BidfieldsError with every issue of the record.
 * @example compileCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function compileCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CompactAdapter {
  const issues: Issue[] = [];
  const fail = (code: string, path: string) => issues.push(problem(code, path));
  const isArray = Array.isArray(input);
  if (!isArray && !isPlainObject(input)) throw new BidfieldsError([problem('schema', '')]);
  const record: Obj = isArray ? { protocol: 'prebid-server', fields: input } : input;
  const base = isArray ? '' : '/fields';
  const { protocol, fields, endpoint, cpmField, bidderCode } = record;
  const known = ['rtb', 'prebid-server', 'prebid-js'].includes(protocol);
  let url: URL | undefined;
  if (!known) fail('schema', '/protocol');
  if (!Array.isArray(fields)) fail('schema', base);
  for (const key of ['endpoint', 'cpmField', 'bidderCode']) if (record[key] !== undefined && typeof record[key] != 'string') fail('schema', '/' + key);
  if (!isArray && known) {
    const prebid = protocol == 'prebid-js';
    if ((prebid && cpmField === undefined) || (typeof cpmField == 'string' && !isSafePath(cpmField))) fail('invalid_cpm_field', '/cpmField');
    if ((prebid && bidderCode === undefined) || (typeof bidderCode == 'string' && !(/^[\w-]+$/.test(bidderCode) && isSafePath(bidderCode)))) fail('invalid_bidder_code', '/bidderCode');
    const checked = typeof endpoint == 'string' ? checkEndpointCompact(endpoint, protocol, options) : undefined;
    if (typeof checked == 'string') fail(checked, '/endpoint');
    else url = checked;
  }
  const compiled: (CompactField | undefined)[] = known && Array.isArray(fields) ? fields.map((field, index) => compileField(field, `${base}/${index}`, protocol, issues)) : [];
  checkNames(compiled, base, issues);
  if (issues.length) throw new BidfieldsError(issues);
  const byName = new Map(compiled.map((field) => [field!.name, field!]));

  /** The coerced values by field, in field order; the issues of the values (paths into them) go to `issues`. */
  function bind(values: unknown, issues: Issue[]): Map<CompactField, Value> {
    const bound = new Map<CompactField, Value>();
    if (!isPlainObject(values)) return issues.push(problem('invalid_value', '')), bound;
    let unknown = 0;
    for (const key of Object.keys(values)) if (!byName.has(key) && ++unknown <= 100) issues.push(problem('unknown_field', '/' + escapePointerToken(key), key));
    if (unknown > 100) issues.push(problem('limit_exceeded', ''));
    for (const field of byName.values()) {
      const raw = present(values, field.name);
      const verdict = notEntered(raw) ? field.fallback : field.rule(raw);
      if (typeof verdict == 'object') issues.push(problem(verdict[0], '/' + field.name, field.name));
      else if (verdict !== undefined) bound.set(field, verdict);
      else if (field.required) issues.push(problem('missing_required', '/' + field.name, field.name));
    }
    return bound;
  }

  return {
    protocol,
    endpoint: url,
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
      const bound = bind(values, issues);
      const fail = (code: string, path: string, field?: string) => issues.push(problem(code, path, field));
      if (issues.length) bound.clear();
      const imps = isPlainObject(request) ? present(request, 'imp') : fail('invalid_request', '');
      if (isPlainObject(request)) {
        if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
        else if (!imps?.length) fail('no_imp', '/imp');
      }
      if (issues.length) return { ok: false, issues, warnings };
      const source = request as Obj;
      const out: Obj = { ...source };
      const copies = new Set<Obj>();
      const onImp = [...bound.keys()].filter((field) => !field.to[0]);
      const onInventory = [...bound.keys()].filter((field) => field.to[0]);
      if (onImp.length) out.imp = imps.slice();
      for (let index = 0; index < (options?.allImps ? imps.length : 1); index++) {
        const imp = imps[index];
        if (!isPlainObject(imp)) fail('invalid_request', '/imp/' + index);
        else if (onImp.length) {
          copies.add((out.imp[index] = { ...imp }));
          for (const field of onImp) put(out.imp[index], field.to.slice(1), bound.get(field), '/imp/' + index, field.name, copies, issues);
        }
      }
      const field = onInventory[0]?.name;
      const key = ['app', 'site', 'dooh'].find((name) => present(source, name) !== undefined);
      if (field && !key) fail('no_inventory_object', '', field);
      else if (field) {
        if (key == 'app' && present(source, 'site') !== undefined) warnings.push(problem('both_app_and_site', '/site'));
        if (!isPlainObject(source[key!])) fail('path_conflict', '/' + key, field);
        else for (const target of onInventory) put(out, [key!, ...target.to.slice(1)], bound.get(target), '', field, copies, issues);
      }
      return issues.length ? { ok: false, issues, warnings } : { ok: true, request: out, warnings };
    },
  };
}
