/**
 * `buildRequests`: every valid bid of the auction becomes an imp of one OpenRTB 2.6 request (one per URL, or per
 * bid with split), POSTed as `text/plain` (Prebid's default, a CORS "simple" request: no preflight round trip inside the auction budget).
 * The request-level objects are the very ones Prebid holds in `bidderRequest.ortb2`, as Prebid's own OpenRTB
 * converter does. How bids share them, and which bid wins, is on {@link buildRequests}.
 */
import type { ValuesEngine } from '../core/compact/values-engine.js';
import type { Issue } from '../core/issues.js';
import { every, isNumber, isString, list, obj, toImp, type Obj } from './imp.js';
import type { BidderPlan, PrebidRuntimeOptions, PrebidServerRequest } from './types.js';

export type Warn = (message: string, detail?: unknown) => void;

/**
 * The request-level objects come from `bidderRequest.ortb2` as they are (site, app, dooh, device, user, regs,
 * source, bcat, …, not copies). Each bid's entered values are applied by the engine to a one-imp request made of
 * the request-level objects of the request it joins and that bid's imp, so tag id and ext params land on the bid's
 * own imp. Bids join one request per URL (a record's endpoint template may make a URL per bid: SPEC §8.7), or, with
 * the record's `split: "imp"` (SPEC §8.8), each bid its own request. Within a request, `prd.appPublisherId` /
 * `prd.appSiteId` (and every request-level value) write the shared site/app/dooh: bids are applied in order and each
 * sees the result of the ones before, so when ad units disagree the last one's value wins (publishers enter the same
 * ids on every ad unit of a page). A bid whose values or imp cannot be applied is left out with a warning; with no
 * bid left nothing is sent. Requests go in the order of their first bid.
 */
export function buildRequests(engine: ValuesEngine, plan: BidderPlan, options: PrebidRuntimeOptions, warn: Warn, bids: unknown, bidderRequest: unknown): PrebidServerRequest[] {
  const auction = obj(bidderRequest) ?? {};
  const timeout = auction.timeout;
  // `cur`: the publisher's ortb2.cur when it is a list of currencies, else the bidder's currency, as Prebid's
  // currency module does.
  const ortb2 = obj(auction.ortb2) ?? {};
  const cur = every(ortb2.cur, isString) && ortb2.cur.length ? ortb2.cur : [options.currency ?? 'USD'];
  const shared: Obj = { ...ortb2, id: String(auction.bidderRequestId ?? auction.auctionId), cur };
  if (isNumber(timeout) && timeout > 0 && timeout < 1e7) shared.tmax = Math.round(timeout);
  // The requests so far, each with the imps of its bids, by URL; with split, each bid's by a key of its own (its URL
  // in a list of one, which no other key equals).
  const requests = new Map<string | [string], Obj>();
  for (const bid of list(bids)) {
    try {
      const imp = toImp(bid, options.currency);
      const issues: Issue[] = [];
      const bound = engine.bind(bid.params ?? {}, issues);
      // The URL the bid's values make (the template feature's), else the record's endpoint.
      const url = bound.url ?? plan.url!;
      const key: string | [string] = plan.split ? [url] : url;
      const joined = requests.get(key) ?? shared;
      // apply gives no request when the values have issues (bind's) or cannot be written (its own); else the request
      // made here for it (the request-level objects of the request it joins, and its imp), written into.
      const request = imp && engine.apply(bound, { ...joined, imp: [imp] }, [0], issues);
      // Left out, with why: the issues of its values, else the bid (it asks for no media type Prebid offers).
      if (!request) throw issues.length ? issues : bid;
      // It is the request now, with the imps before its own: the next bid joining it starts from its request-level
      // objects, so a later bid's request-level value wins.
      request.imp = [...(joined.imp ?? []), ...request.imp];
      requests.set(key, request);
    } catch (error) {
      warn('bid left out', error);
    }
  }
  return [...requests].map(([key, request]) => ({
    method: 'POST',
    url: String(key),
    data: JSON.stringify({ id: request.id, ...request }),
    options: { contentType: 'text/plain', withCredentials: options.withCredentials === true },
  }));
}
