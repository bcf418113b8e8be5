/**
 * `readAnswers`: the page's reader of a partner's answer for a record with `response` (docs/spec.md#read-bids), on
 * the core's one reader (core/response/read-answer.ts), the one `readBids` runs: the same rules decide each bid's
 * imp, type, price, currency, deal priority, video duration and category, meta, macros and zero prices. What Prebid
 * needs beyond them (markup and its shape, notice URLs, sizes, ttl, bounds) is made as for every other record, by
 * interpret-response.ts's `toBid`, which is handed the bid as the reader read it. A generated adapter imports this
 * module only when its record has `response`, so a record without one carries none of it.
 */
import { readAnswer, type ReadBid, type ReadBidsResult } from '../core/response/read-answer.js';
import { sentImps } from '../core/response/sent-imps.js';
import { readIssues } from '../core/response/read-issues.js';
import type { ResponsePlan } from '../core/plan/response-plan.js';
import { MAX_BIDS, toBid } from './interpret-response.js';
import { isString, obj, type Obj } from './imp.js';
import type { Warn } from './build-requests.js';
import type { BidderPlan, PrebidBid, PrebidRuntimeOptions } from './types.js';

/** A type as OpenRTB's `mtype`, as `toBid` takes it; audio has none here: the page sends no audio imp. */
const MTYPE = { banner: 1, video: 2, native: 4 } as Record<string, number>;

/**
 * What the reader reads of one answer as Prebid hands it to a bidder (docs/spec.md#read-bids): `response.body`
 * (parsed JSON, or its text), read against the imps of `request.data`, the request it answers. Prebid calls a
 * bidder only with an answer that succeeded, so its status is 200 (an empty body is no bids, as a 204).
 * @example readPageAnswer(plan.response, { body }, request).bids[0].type // 'banner'
 */
export function readPageAnswer(plan: ResponsePlan, response: unknown, request: unknown): ReadBidsResult {
  const data = obj(request)?.data;
  const imps = isString(data) ? sentImps(obj(JSON.parse(data))?.imp) : undefined;
  if (!imps) return { bids: [], issues: [readIssues.request()], warnings: [] };
  return readAnswer(plan, imps, 200, obj(response)?.body);
}

/**
 * The Prebid bids of an answer to a record with `response` (the spec's `interpretResponse` then): each bid the
 * reader keeps, made a Prebid bid by `toBid`, with the record's meta, video duration and category and deal priority.
 * The reader's issues (a bid or the answer left out) and warnings (a value left out) are logged; at most `MAX_BIDS`
 * bids are handed to Prebid.
 */
export function readAnswers(plan: BidderPlan, options: PrebidRuntimeOptions, warn: Warn, response: unknown, request: unknown): PrebidBid[] {
  const { bids, issues, warnings } = readPageAnswer(plan.response!, response, request);
  for (const found of issues) warn('bid left out', found);
  for (const found of warnings) warn('bid value left out', found);
  if (bids.length > MAX_BIDS) warn('bids left out', bids.length - MAX_BIDS);
  const sent: Obj[] = JSON.parse((request as { data: string }).data).imp;
  const out: PrebidBid[] = [];
  for (const read of bids.slice(0, MAX_BIDS)) {
    const made = prebidBid(read, options, sent);
    if (isString(made)) warn('bid left out, no valid ' + made, read.bid);
    else out.push(made);
  }
  return out;
}

/** The Prebid bid of one bid the reader read, or what it lacks (as `toBid` says). */
function prebidBid(read: ReadBid, options: PrebidRuntimeOptions, sent: Obj[]): PrebidBid | string {
  const { bid, type, price, currency, meta, video, dealPriority } = read;
  const mtype = MTYPE[type];
  if (!mtype) return 'mtype';
  // The reader's decisions, where toBid looks for them: the price at `price`, the type as `mtype` (an own `__proto__`
  // key of the bid is copied as data by the spread, never set as a prototype).
  let made: PrebidBid;
  try {
    made = toBid('price', options, sent, currency, { ...bid, price, mtype });
  } catch (lacks) {
    // What it lacks, else `bid`: native markup that is not JSON.
    return isString(lacks) ? lacks : 'bid';
  }
  // The record's meta names take the place of the default advertiser domains; categories and DSA stay as toBid reads them.
  const { advertiserDomains: _default, ...rest } = made.meta;
  made.meta = { ...rest, ...meta };
  if (video?.primaryCategory !== undefined) made.meta.primaryCatId = video.primaryCategory;
  if (video?.duration !== undefined) made.duration = video.duration;
  if (dealPriority !== undefined) made.dealPriority = dealPriority;
  return made;
}
