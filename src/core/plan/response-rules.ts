/**
 * The record rules of `response` (docs/spec.md#response-record), once, for both record checks (`validateAdapter` and
 * the page's compact engine, through record-rules.ts): every bid path by the CPM field's rule (rules/cpm-field.ts),
 * meta names from Prebid's list, `bidType` rules of the four shapes, macros of `adm`, `nurl` and `burl` only, and
 * the CPM path given once. Each part is read only as far as it has the right shape (JSON Schema words unknown keys);
 * the result is the compiled plan with every default applied (response-plan.ts), made even when a problem refuses the
 * record, and used only when none does.
 */
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { hasUnsafeSegment, isUnsafeSegment } from '../definition/names.js';
import { isCpmField } from '../rules/cpm-field.js';
import { isCurrency } from '../rules/currency.js';
import { pointer } from '../issues.js';
import { ResponseRule, type RecordProblem } from './record-problems.js';
import {
  BID_TYPES,
  bidPath,
  DEFAULT_CATEGORY,
  DEFAULT_DURATION,
  DEFAULT_META,
  DEFAULT_TYPE_RULES,
  defaultResponsePlan,
  MACROS,
  META_KINDS,
  MTYPE_TABLE,
  NAME_TABLE,
  type BidPath,
  type BidType,
  type Macro,
  type MetaRead,
  type ResponsePlan,
  type TypeRule,
} from './response-plan.js';

const isType = (value: unknown): value is BidType => BID_TYPES.includes(value as BidType);

/**
 * `response` checked into its plan; each problem pushed to `problems` (pointers from the record's root). `cpmField`
 * is the record's, the CPM path when `response.price` is not given (any protocol: it says where the CPM is).
 * @example responseRules({ price: 'ext.cpm', macros: ['adm'] }, undefined, 'rtb', []).price.keys // ['ext', 'cpm']
 */
export function responseRules(response: unknown, cpmField: unknown, protocol: unknown, problems: RecordProblem[]): ResponsePlan {
  const plan = defaultResponsePlan(isCpmField(cpmField) ? cpmField : 'price');
  if (response === undefined) return plan;
  const fail: Fail = (code, at, rule) => void problems.push({ code, path: '/response' + at, response: rule });
  if (!isPlainObject(response)) return (fail('schema', '', ResponseRule.Shape), plan);
  /** A bid path at `at`, or `undefined` with its problem reported. */
  const path = (value: unknown, at: string): BidPath | undefined => {
    if (isCpmField(value)) return bidPath(value);
    return fail(typeof value === 'string' && hasUnsafeSegment(value) ? 'unsafe_name' : 'schema', at, ResponseRule.Path);
  };
  const { price, currency, bidType, video, dealPriority, meta, macros, dropZeroPrice } = response;
  let out = plan;
  const set = (part: Partial<ResponsePlan>) => void (out = { ...out, ...part });

  if (price !== undefined) {
    if (protocol === 'prebid-js') fail('invalid_cpm_field', '/price', ResponseRule.PrebidJsPrice);
    else if (cpmField !== undefined) fail('invalid_cpm_field', '/price', ResponseRule.BothPrices);
    else if (!isCpmField(price)) fail('invalid_cpm_field', '/price', ResponseRule.Path);
    else set({ price: bidPath(price) });
  }
  if (currency !== undefined) {
    const { from, value } = isPlainObject(currency) ? currency : { from: undefined, value: undefined };
    const keys = isPlainObject(currency) ? Object.keys(currency).filter((key) => key === 'from' || key === 'value').length : 0;
    if (keys === 1 && from !== undefined) {
      if (from !== 'cur') fail('schema', '/currency/from', ResponseRule.Currency);
    } else if (keys === 1 && value !== undefined) {
      if (isCurrency(value)) set({ currency: value });
      else fail('schema', '/currency/value', ResponseRule.Currency);
    } else fail('schema', '/currency', ResponseRule.Currency);
  }
  if (bidType !== undefined) {
    if (!(isArray(bidType) && bidType.length)) fail('schema', '/bidType', ResponseRule.BidType);
    else {
      const rules = bidType.map((rule, i) => typeRule(rule, `/bidType/${i}`, path, fail));
      if (rules.every(Boolean)) set({ bidType: rules as TypeRule[] });
    }
  }
  if (video !== undefined) {
    if (!isPlainObject(video)) fail('schema', '/video', ResponseRule.Shape);
    else {
      const { duration, primaryCategory } = video;
      set({
        duration: duration === undefined ? DEFAULT_DURATION : path(duration, '/video/duration'),
        primaryCategory: primaryCategory === undefined ? DEFAULT_CATEGORY : path(primaryCategory, '/video/primaryCategory'),
      });
    }
  }
  if (dealPriority !== undefined) set({ dealPriority: path(dealPriority, '/dealPriority') });
  if (meta !== undefined) {
    if (!isPlainObject(meta)) fail('schema', '/meta', ResponseRule.Shape);
    else {
      // Given names add to the default (advertiserDomains from adomain), or take its place.
      const reads: MetaRead[] = DEFAULT_META.filter((read) => !Object.hasOwn(meta, read.name));
      for (const name of Object.keys(meta)) {
        const at = '/meta' + pointer(name);
        const kind = META_KINDS[name];
        if (kind === undefined) fail('schema', at, ResponseRule.MetaName);
        const read = path(meta[name], at);
        if (kind && read) reads.push({ name, path: read, kind });
      }
      set({ meta: reads });
    }
  }
  if (macros !== undefined) {
    if (!isArray(macros)) fail('schema', '/macros', ResponseRule.Macros);
    else {
      macros.forEach((macro, i) => {
        if (!MACROS.includes(macro as Macro) || macros.indexOf(macro) < i) fail('schema', `/macros/${i}`, ResponseRule.Macros);
      });
      set({ macros: MACROS.filter((macro) => macros.includes(macro)) });
    }
  }
  if (dropZeroPrice !== undefined) {
    if (typeof dropZeroPrice !== 'boolean') fail('schema', '/dropZeroPrice', ResponseRule.Shape);
    else set({ dropZeroPrice });
  }
  return out;
}

/** Reports a problem at `at` below `/response`; `undefined`, for what it refuses. */
type Fail = (code: RecordProblem['code'], at: string, rule: ResponseRule) => undefined;

/** One `bidType` rule at `at` (docs/spec.md#response-record), or `undefined` with its problems reported. */
function typeRule(rule: unknown, at: string, path: (value: unknown, at: string) => BidPath | undefined, fail: Fail): TypeRule | undefined {
  if (!isPlainObject(rule)) return fail('schema', at, ResponseRule.BidType);
  const { from, map, order, value } = rule;
  if (value !== undefined) {
    if (from !== undefined || map !== undefined || order !== undefined) return fail('schema', at, ResponseRule.BidType);
    return isType(value) ? { value } : fail('schema', `${at}/value`, ResponseRule.TypeTable);
  }
  if (from === 'imp') {
    if (map !== undefined) return fail('schema', `${at}/map`, ResponseRule.BidType);
    if (order === undefined) return DEFAULT_TYPE_RULES[2];
    const types = isArray(order) && order.length > 0 && order.every((type, i) => isType(type) && order.indexOf(type) === i);
    return types ? { imp: [...(order as BidType[])] } : fail('schema', `${at}/order`, ResponseRule.TypeTable);
  }
  if (order !== undefined) return fail('schema', `${at}/order`, ResponseRule.BidType);
  if (typeof from !== 'string') return fail('schema', from === undefined ? at : `${at}/from`, ResponseRule.BidType);
  const read = path(from, `${at}/from`);
  const table = map === undefined ? (from === 'mtype' ? MTYPE_TABLE : NAME_TABLE) : typeTable(map, `${at}/map`, fail);
  return read && table ? { path: read, table } : undefined;
}

/** A `map` of value texts to types: a non-empty object, no prototype key (the reader looks a partner's text up in it). */
function typeTable(map: unknown, at: string, fail: Fail): Record<string, BidType> | undefined {
  if (!isPlainObject(map) || Object.keys(map).length === 0) return fail('schema', at, ResponseRule.TypeTable);
  const table: Record<string, BidType> = {};
  let ok = true;
  for (const key of Object.keys(map)) {
    const type = map[key];
    if (isUnsafeSegment(key)) ok = (fail('unsafe_name', at + pointer(key), ResponseRule.TypeTable), false);
    else if (!isType(type)) ok = (fail('schema', at + pointer(key), ResponseRule.TypeTable), false);
    else table[key] = type;
  }
  return ok ? table : undefined;
}
