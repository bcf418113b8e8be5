/**
 * Reading a partner's answer (docs/spec.md#read-bids) by a record's compiled `response` (docs/spec.md#response-record):
 * the one reader every engine calls. Pure (no Node API, no code made at run time) and never throwing: an answer it
 * cannot take is `bad_response` with nothing read, a bid it cannot take is `invalid_bid` and only that bid is dropped.
 * It runs once per answer in a bidder service, so it is written for that: plain loops, the plan's paths split ahead of
 * time, no closure or copy per bid, and the body parsed once. The answer is untrusted: only own properties of plain
 * objects (and array elements by decimal index) are read, no partner key is ever written anywhere, and nothing
 * recurses into it, so neither its size (bounded, {@link MAX_ANSWER_LENGTH}) nor its depth costs a stack.
 */
import type { Issue } from '../issues.js';
import { isArray, isPlainObject } from '../definition/plain-object.js';
import { readPath } from '../apply/step-ops.js';
import { cpmOf } from '../rules/cpm-field.js';
import { isCurrency } from '../rules/currency.js';
import { decimalString, finite } from '../rules/decimal.js';
import type { BidPath, BidType, ResponsePlan, TypeRule } from '../plan/response-plan.js';
import { impFinder, MEDIA_BITS, type SentImps } from './sent-imps.js';
import { judgeValue, KEPT, WRONG, type ValueKind } from './bid-values.js';
import { BidFault, MAX_ANSWER_LENGTH, readIssues } from './read-issues.js';

export { MAX_ANSWER_LENGTH };

/** One bid read: the partner's bid (its macros replaced), the imp it answers, and what the record reads from it. */
export interface ReadBid {
  bid: Record<string, unknown>;
  impId: string;
  type: BidType;
  price: number;
  currency: string;
  dealPriority?: number;
  /** On bids typed video only, when the bid has either. */
  video?: { duration?: number; primaryCategory?: string };
  /** Prebid bid meta, when the bid has any of the names read. */
  meta?: Record<string, unknown>;
}

/** What reading an answer gives; `issues` and `warnings` are `{ code, path, message }` as everywhere. */
export interface ReadBidsResult {
  bids: ReadBid[];
  issues: Issue[];
  warnings: Issue[];
}

/** The macro a record may have replaced by the price (docs/spec.md#response-record). */
const AUCTION_PRICE = '${AUCTION_PRICE}';

/** A body of white space only, as an empty one. */
const BLANK = /^\s*$/;

/**
 * Reads `body` (text, or JSON already parsed) answering a request whose imps are `imps`, with status `status`.
 * A body given parsed is never changed: a bid whose macros are replaced is then a shallow copy.
 * @example readAnswer(compile(record).plan.response, sentImps(request.imp)!, 200, '{"seatbid":[{"bid":[{"impid":"1","price":1.5,"mtype":1}]}]}')
 */
export function readAnswer(plan: ResponsePlan, imps: SentImps, status: unknown, body: unknown): ReadBidsResult {
  const out: ReadBidsResult = { bids: [], issues: [], warnings: [] };
  try {
    read(plan, imps, status, body, out);
  } catch {
    // A getter or proxy of a body given parsed threw (JSON text cannot): nothing read.
    return { bids: [], issues: [readIssues.unreadable()], warnings: [] };
  }
  return out;
}

function read(plan: ResponsePlan, imps: SentImps, status: unknown, body: unknown, out: ReadBidsResult): void {
  if (status === 204) return;
  if (status !== 200) return void out.issues.push(readIssues.status(status));
  let answer = body;
  const ours = typeof body === 'string';
  if (typeof body === 'string') {
    if (body.length > MAX_ANSWER_LENGTH) return void out.issues.push(readIssues.tooLong());
    if (BLANK.test(body)) return;
    try {
      answer = JSON.parse(body);
    } catch {
      return void out.issues.push(readIssues.notJson());
    }
  } else if (body === undefined) return;
  if (!isPlainObject(answer)) return void out.issues.push(readIssues.notAnObject());
  let currency = plan.currency;
  if (currency === undefined) {
    const cur = Object.hasOwn(answer, 'cur') ? answer.cur : undefined;
    if (cur === undefined || cur === null || cur === '') currency = 'USD';
    else if (isCurrency(cur)) currency = cur;
    else out.issues.push(readIssues.currency());
  }
  const seatbid = Object.hasOwn(answer, 'seatbid') ? answer.seatbid : undefined;
  if (seatbid !== undefined && seatbid !== null && !isArray(seatbid)) out.issues.push(readIssues.seatbid());
  if (out.issues.length || !isArray(seatbid)) return;
  const reading: Reading = { plan, media: imps.media, find: impFinder(imps), currency: currency!, ours, out };
  for (let s = 0; s < seatbid.length; s++) {
    const seat: unknown = seatbid[s];
    if (!isPlainObject(seat)) {
      out.issues.push(readIssues.seat(s));
      continue;
    }
    const list = Object.hasOwn(seat, 'bid') ? seat.bid : undefined;
    if (list === undefined || list === null) continue;
    if (!isArray(list)) {
      out.issues.push(readIssues.seatBids(s));
      continue;
    }
    for (let b = 0; b < list.length; b++) readBid(reading, list[b], s, b);
  }
}

/** What reading one answer's bids takes, made once per answer. `ours`: the reader parsed the body itself. */
interface Reading {
  plan: ResponsePlan;
  media: readonly number[];
  find: (id: string) => number;
  currency: string;
  ours: boolean;
  out: ReadBidsResult;
}

/** One bid (at `/seatbid/<s>/bid/<b>`): read into `out.bids`, or dropped as `invalid_bid`. */
function readBid({ plan, media, find, currency, ours, out }: Reading, bid: unknown, s: number, b: number): void {
  if (!isPlainObject(bid)) return void out.issues.push(readIssues.bid(s, b, BidFault.NotAnObject));
  const impId = Object.hasOwn(bid, 'impid') ? bid.impid : undefined;
  const imp = typeof impId === 'string' ? find(impId) : -1;
  if (imp < 0) return void out.issues.push(readIssues.bid(s, b, BidFault.ImpId));
  const price = cpmOf(readPath(bid, plan.price.keys));
  if (price === undefined) return void out.issues.push(readIssues.bid(s, b, BidFault.Price));
  if (price === 0 && plan.dropZeroPrice) return;
  const type = typeOf(plan.bidType, bid, media[imp]!);
  if (type === undefined) return void out.issues.push(readIssues.bid(s, b, BidFault.Type));
  const read: ReadBid = { bid, impId: impId as string, type, price, currency };
  if (plan.dealPriority) {
    const value = valueOf(bid, plan.dealPriority, 'integer', s, b, 'dealPriority', out);
    if (value !== undefined) read.dealPriority = value as number;
  }
  if (type === 'video') {
    const duration = plan.duration && valueOf(bid, plan.duration, 'count', s, b, 'video.duration', out);
    const category = plan.primaryCategory && valueOf(bid, plan.primaryCategory, 'text', s, b, 'video.primaryCategory', out);
    if (duration !== undefined || category !== undefined) {
      read.video = {};
      if (duration !== undefined) read.video.duration = duration as number;
      if (category !== undefined) read.video.primaryCategory = category as string;
    }
  }
  const metas = plan.meta;
  for (let i = 0; i < metas.length; i++) {
    const { name, path, kind } = metas[i]!;
    const value = valueOf(bid, path, kind, s, b, name, out);
    // Names come from the record's checked list, never from the answer: no key here can reach a prototype.
    if (value !== undefined) (read.meta ??= {})[name] = value;
  }
  if (plan.macros.length) read.bid = withPrice(bid, plan.macros, price, ours);
  out.bids.push(read);
}

/**
 * The value at `path` of bid `b` of seat `s` when it is of `kind`; a value of another kind is left out, with the
 * warning `bid_field_skipped` at its pointer (`what` names it there: a meta name, `video.duration`, `dealPriority`).
 */
function valueOf(bid: Record<string, unknown>, path: BidPath, kind: ValueKind, s: number, b: number, what: string, out: ReadBidsResult): unknown {
  const value = readPath(bid, path.keys);
  const verdict = judgeValue(kind, value);
  if (verdict === KEPT) return value;
  if (verdict === WRONG) out.warnings.push(readIssues.skipped(s, b, path.pointer, what, kind));
  return undefined;
}

/** The type the first rule that gives one gives (docs/spec.md#response-record); `media`: the imp's media objects, as bits. */
function typeOf(rules: readonly TypeRule[], bid: Record<string, unknown>, media: number): BidType | undefined {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if ('value' in rule) return rule.value;
    if ('imp' in rule) {
      for (const type of rule.imp) if (media & MEDIA_BITS[type]) return type;
      continue;
    }
    const value = readPath(bid, rule.path.keys);
    // A table key matches a value's text: "2" matches 2.
    const text = typeof value === 'string' ? value : finite(value) ? String(value) : undefined;
    if (text !== undefined && Object.hasOwn(rule.table, text)) return rule.table[text];
  }
  return undefined;
}

/**
 * The bid with `${AUCTION_PRICE}` in each of `macros` (string values) replaced by `price`: in place when the reader
 * parsed the body itself (nobody else holds those objects), else in a shallow copy made only when something changes.
 */
function withPrice(bid: Record<string, unknown>, macros: readonly string[], price: number, ours: boolean): Record<string, unknown> {
  let target = bid;
  let text: string | undefined;
  for (const key of macros) {
    const value = Object.hasOwn(bid, key) ? bid[key] : undefined;
    const at = typeof value === 'string' ? value.indexOf(AUCTION_PRICE) : -1;
    if (at < 0) continue;
    // An own `__proto__` key of the bid is copied as data by the spread, never set as a prototype.
    if (target === bid && !ours) target = { ...bid };
    target[key] = replaced(value as string, at, (text ??= priceText(price)));
  }
  return target;
}

/** The price as the macro's text: its plain decimal (docs/spec.md#values), `String` at once when it has no exponent. */
function priceText(price: number): string {
  const text = String(price);
  return text.includes('e') ? decimalString(price) : text;
}

/** `text` with every `${AUCTION_PRICE}` from `at` on replaced by `price`, as text (no `$` pattern of `replace` applies). */
function replaced(text: string, at: number, price: string): string {
  let out = '';
  let from = 0;
  for (let i = at; i >= 0; i = text.indexOf(AUCTION_PRICE, from)) {
    out += text.slice(from, i) + price;
    from = i + AUCTION_PRICE.length;
  }
  return out + text.slice(from);
}
