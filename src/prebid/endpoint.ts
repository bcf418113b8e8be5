/**
 * Endpoint templates (docs/spec.md#endpoint-templates) and one request per bid (docs/spec.md#split-imp) in the page runtime, imported by a generated adapter
 * only when its record uses them (so a page without them pays for neither):
 * - `urlFrom(endpointUrl)` builds each bid's URL when its params are bound: a generated adapter passes the function
 *   its template compiles to (codegen/endpoint-source.ts), the record-taking bidder the `template` feature, which
 *   runs the library's own `buildUrl` (core/endpoint/template.ts: a host value one DNS label, path and query values
 *   percent-encoded, the finished URL judged again). A value the template refuses is an issue of the params at its
 *   key, with the library's code (`invalid_value`, `unknown_endpoint`), so the bid is left out
 *   with a warning as for any invalid param.
 * - `requestsByUrl` sends the bids that make one URL in one request (each bid alone with split), each request made
 *   as `buildRequests` makes a record's one request; `requestPerBid` sends each bid alone to the record's endpoint,
 *   for a record that splits without a template.
 */
import { buildUrl } from '../core/endpoint/template.js';
import { pointer, codeIssue, type Feature } from '../core/compact/values-engine.js';
import { buildRequests, type RequestBuilder } from './build-requests.js';
import { isString, list, obj } from './imp.js';
import type { BidderPlan } from './types.js';

/** What makes a bid's URL from its values (read by key): the URL, or the key and code that refuse them. */
export type UrlBuilder = (value: (key: string) => unknown) => string | [key: string, code: string];

/** The feature that builds the bid's URL into its bound values (`bound.url`) once its params have no other issue. */
export const urlFrom =
  (endpointUrl: UrlBuilder): Feature =>
  (_plan, judges) =>
  (bound, issues) => {
    // A field a placeholder names is required or has a default (a record rule), so it is bound when params are valid.
    if (issues.length) return;
    const built = endpointUrl((key) => bound.get(judges.get(key)![0]));
    if (isString(built)) bound.url = built;
    else issues.push(codeIssue(built[1], pointer(built[0]), judges.get(built[0])![0].name));
  };

/** The record-taking bidder's: `buildUrl` over the plan's template and the hosts it may have. */
export const template: Feature = (plan, judges) => {
  const { template: parts, hosts } = plan as BidderPlan;
  return urlFrom((value) => {
    const built = buildUrl(parts!, hosts!, value);
    return built instanceof URL ? built.href : built;
  })(plan, judges);
};

/**
 * The requests of a record that splits (docs/spec.md#split-imp) and has no template: each bid in a request of its own,
 * made as `buildRequests` makes a record's one request, to the record's endpoint (a bid it leaves out sends
 * nothing). What `requestsByUrl` sends for such a record, without binding each bid's params a second time to find
 * a URL that is always the endpoint, and a fraction of its bytes on the page.
 */
export const requestPerBid: RequestBuilder = (engine, plan, options, warn, bids, bidderRequest) =>
  list(bids).flatMap((bid) => buildRequests(engine, plan, options, warn, [bid], bidderRequest));

/**
 * The requests of a record whose endpoint is a template: the bids grouped by the URL their params make (the
 * `template` or `urlFrom` feature's), in the order of each URL's first bid, or with `split: "imp"` each bid alone;
 * each group is sent as `buildRequests` sends a record's bids (request-level values from its own bids, the later one
 * winning), to its URL. So bids whose params make different URLs never share a request, and each request's answer is
 * read against its own imps (interpret-response.ts). A bid whose params make no URL is grouped with the others that
 * make none, and `buildRequests` leaves each out with its issues. (A record that splits without a template takes
 * `requestPerBid`.)
 */
export const requestsByUrl: RequestBuilder = (engine, plan, options, warn, bids, bidderRequest) => {
  // The bids by request key: the URL (none for params that make none), or with split the URL in a list of one, a key
  // no other bid's equals.
  const groups = new Map<string | [string] | undefined, unknown[]>();
  for (const bid of list(bids)) {
    let url: string | undefined;
    try {
      url = engine.bind(obj(bid)?.params ?? {}, []).url;
    } catch {
      // Params that cannot even be read: buildRequests leaves the bid out, with why.
    }
    const key: string | [string] | undefined = plan.split ? [url!] : url;
    groups.set(key, [...(groups.get(key) ?? []), bid]);
  }
  return [...groups].flatMap(([key, group]) => buildRequests(engine, { ...plan, url: key && '' + key }, options, warn, group, bidderRequest));
};
