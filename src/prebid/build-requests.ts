/**
 * `buildRequests`: every valid bid of the auction becomes an imp of ONE OpenRTB 2.6 request, POSTed as
 * `text/plain` (Prebid's default, a CORS "simple" request: no preflight round trip inside the auction budget).
 * The request-level objects are the very ones Prebid holds in `bidderRequest.ortb2`, as Prebid's own OpenRTB
 * converter does. How bids share them, and which bid wins, is on {@link buildRequests}.
 */
import type { ValuesEngine } from '../core/compact/values-engine.js';
import type { Issue } from '../core/issues.js';
import { isString, list, obj, toImp, type Obj } from './imp.js';
import type { BidderPlan, PrebidRuntimeOptions, PrebidServerRequest } from './types.js';

export type Warn = (message: string, detail?: unknown) => void;

/**
 * What makes a bidder's requests from the bids of an auction: {@link buildRequests} (one request, to the record's
 * endpoint), or `requestsByUrl` (endpoint.ts: one per URL a template makes, or per bid with split).
 */
export type RequestBuilder = (
  engine: ValuesEngine,
  plan: BidderPlan,
  options: PrebidRuntimeOptions,
  warn: Warn,
  bids: unknown,
  bidderRequest: unknown,
) => PrebidServerRequest[];

/**
 * The request-level objects come from `bidderRequest.ortb2` as they are (site, app, dooh, device, user, regs,
 * source, bcat, …, not copies). Each bid's entered values are applied by the engine to a one-imp request made of
 * the shared objects and that bid's imp, so tag id and ext params land on the bid's own imp.
 * `prd.appPublisherId` / `prd.appSiteId` write the shared site/app/dooh: bids are applied in order and each sees
 * the result of the ones before, so when ad units disagree the last one's value wins (publishers enter the same ids
 * on every ad unit of a page). A bid whose values or imp cannot be applied is left out with a warning; with no bid
 * left nothing is sent. The request goes to `plan.url`, the record's endpoint (`requestsByUrl` gives each group of
 * bids its own).
 */
export function buildRequests(
  engine: ValuesEngine,
  plan: BidderPlan,
  options: PrebidRuntimeOptions,
  warn: Warn,
  bids: unknown,
  bidderRequest: unknown,
): PrebidServerRequest[] {
  const auction = obj(bidderRequest) ?? {};
  // tmax: the auction's timeout read as an integer (a number or its text), as Prebid's converter reads it; else none.
  const tmax = parseInt(auction.timeout, 10);
  // `test` 0 unless ortb2 says otherwise, and `cur` as Prebid's converter sends them: ortb2's, else with the currency
  // module on (it puts the publisher's currency in ortb2.ext.prebid.adServerCurrency) the bidder's currency option,
  // else the publisher's currency; without the module, none.
  const ortb2 = obj(auction.ortb2) ?? {};
  const publisher = ortb2.ext?.prebid?.adServerCurrency;
  let shared: Obj = { ...ortb2, id: String(auction.bidderRequestId ?? auction.auctionId), test: ortb2.test || 0 };
  if (!ortb2.cur && isString(publisher)) shared.cur = [options.currency || publisher];
  if (tmax === tmax) shared.tmax = tmax; // not NaN
  const imps: unknown[] = [];
  for (const bid of list(bids)) {
    try {
      const imp = toImp(bid, options.currency, plan.mediaTypes);
      const issues: Issue[] = [];
      // apply gives no request when the values have issues (bind's) or cannot be written (its own); else the request
      // made here for it, written into.
      const request = imp && engine.apply(engine.bind(bid.params ?? {}, issues), { ...shared, imp: [imp] }, [0], issues);
      // Left out, with why: the issues of its values, else the bid (it asks for no media type Prebid offers).
      if (!request) throw issues.length ? issues : bid;
      // An imp JSON cannot write (a BigInt or a cycle in the ad unit's first-party data) would cost the request all
      // its bids when it is sent: it costs this bid alone.
      JSON.stringify(request.imp[0]);
      // The next bid's request starts from this one (its imp array aside), so a later bid's request-level value wins.
      imps.push(request.imp[0]);
      shared = request;
    } catch (error) {
      warn('bid left out', error);
    }
  }
  return imps.length
    ? [
        {
          method: 'POST',
          url: plan.url!,
          data: JSON.stringify({ id: shared.id, ...shared, imp: imps }),
          options: { withCredentials: options.withCredentials !== false },
        },
      ]
    : [];
}
