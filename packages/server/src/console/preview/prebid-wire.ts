// What goes on the wire for the placement preview of a Prebid JS record with an endpoint template, a split or headers
// (docs/spec.md#records, docs/spec.md#headers): the requests the record-taking Prebid.js bidder (`createPrebidBidder`, the page runtime every
// bidfields Prebid.js adapter runs) sends for one ad unit per imp given values, with the `bids` entry params the
// preview shows. Its grouping is Prebid's: bids whose params make one URL share a request (each bid alone with
// split), where the library's `enrichImps` would call imps that disagree on a placeholder `conflicting_values`.
// A bid the bidder refuses is refused by the page runtime, which reports codes alone (the page carries no words): each
// of its issues takes the library's words for the same value (a template value's "cannot fill the endpoint: …").
// Each imp becomes the ad unit a publisher would write for it (its sizes, player size, native request, first-party
// imp data and floor), and the request's other objects become Prebid's `ortb2`. Each request's headers are those its
// ajax options ask for: `contentType` (Prebid's default `text/plain`) and `customHeaders` (a record's headers).
import { BidfieldsError, compile, type BidRequest, type CompiledAdapter, type Issue } from 'bidfields';
import type { FormField } from 'bidfields';
import type { AdapterRecord } from 'bidfields';
import { createPrebidBidder, type PrebidServerRequest } from 'bidfields/prebid';
import { bidsEntry } from './bids-entry.js';
import type { Wire, WireRequest } from './wire.js';

type Obj = Record<string, any>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const sizeOf = (format: unknown) => (isObject(format) && typeof format.w === 'number' && typeof format.h === 'number' ? [format.w, format.h] : undefined);

/** The headers Prebid's ajax sends for a request's options: its content type, then the custom headers in their order. */
export const ajaxHeadersOf = ({ contentType, customHeaders }: PrebidServerRequest['options']): Record<string, string> => ({
  'content-type': contentType ?? 'text/plain',
  ...customHeaders,
});

/** The Prebid bid (an ad unit's bid for the bidder) an OpenRTB imp stands for, with the given params. */
export function bidOf(bidder: string, imp: unknown, params: Obj): Obj {
  const { id, banner, video, native, bidfloor, bidfloorcur, ...firstParty } = isObject(imp) ? imp : ({} as Obj);
  // A banner's formats, else its own w and h.
  const sizes = isObject(banner)
    ? (Array.isArray(banner.format) && banner.format.length ? banner.format : [banner]).map(sizeOf).filter((size) => size !== undefined)
    : [];
  let nativeRequest: unknown;
  try {
    nativeRequest = isObject(native) && typeof native.request === 'string' ? JSON.parse(native.request) : undefined;
  } catch {
    nativeRequest = undefined;
  }
  return {
    bidder,
    bidId: String(id),
    adUnitCode: String(id),
    params,
    mediaTypes: {
      ...(isObject(banner) && { banner: { sizes } }),
      ...(isObject(video) && { video: { playerSize: sizeOf(video) ? [sizeOf(video)] : [] } }),
      ...(isObject(native) && { native: {} }),
    },
    ...(isObject(nativeRequest) && { nativeOrtbRequest: nativeRequest }),
    ortb2Imp: firstParty,
    ...(typeof bidfloor === 'number' && { getFloor: () => ({ floor: bidfloor, currency: typeof bidfloorcur === 'string' ? bidfloorcur : 'USD' }) }),
  };
}

/**
 * The page runtime's issues of one bid, worded as the library words the same values: the issue of the library's own
 * verdict on the imp's values (the enrichment and the endpoint its template makes) at the same key with the same
 * code, else a sentence that says who refused it.
 */
function worded(found: readonly Issue[], library: () => CompiledAdapter | undefined, request: BidRequest, entry: Record<string, unknown>): Issue[] {
  const verdict = library()?.sendable(request, entry);
  const words = verdict && !verdict.ok ? verdict.issues : [];
  return found.map((one) => {
    const same = words.find((candidate) => candidate.path === one.path && candidate.code === one.code);
    return { ...one, message: same?.message ?? 'the Prebid.js bidder refuses this value' };
  });
}

/**
 * The requests the Prebid.js bidder sends for values per imp (`null`: that imp's ad unit does not bid), or the issues
 * of the bids it leaves out (at `/<imp>/<key>`, in the page runtime's codes) and of the record.
 */
export function prebidWire(
  record: AdapterRecord,
  request: BidRequest,
  entries: readonly (Record<string, unknown> | null)[],
  form: readonly FormField[],
  options: { knownEndpoints: readonly string[]; allowLocal?: boolean },
): Wire {
  const logged: unknown[] = [];
  let spec;
  try {
    spec = createPrebidBidder(record, {
      knownEndpoints: options.knownEndpoints,
      allowLocal: options.allowLocal === true,
      log: (_message, detail) => logged.push(detail),
    });
  } catch (error) {
    if (error instanceof BidfieldsError) return { ok: false, issues: [...error.issues], warnings: [] };
    throw error;
  }
  // A pasted request may be any JSON: what is no object has no imps and no ortb2 objects.
  const { imp, ...ortb2 } = isObject(request) ? request : ({} as Obj);
  const imps: unknown[] = Array.isArray(imp) ? imp : [];
  const issues: Issue[] = [];
  const bids: Obj[] = [];
  let compiled: CompiledAdapter | undefined | null = null;
  const library = () => {
    if (compiled === null) {
      try {
        compiled = compile(record, { knownEndpoints: options.knownEndpoints, allowLocal: options.allowLocal === true, codegen: false });
      } catch {
        compiled = undefined;
      }
    }
    return compiled;
  };
  entries.forEach((entry, i) => {
    if (entry === null) return;
    const bid = bidOf(record.bidderCode!, imps[i], bidsEntry(record.bidderCode!, form, entry).params);
    logged.length = 0;
    if (spec.isBidRequestValid(bid)) return void bids.push(bid);
    const refused = logged.filter(Array.isArray).flat() as Issue[];
    issues.push(...worded(refused, library, request, entry).map((found) => ({ ...found, path: `/${i}${found.path}` })));
  });
  if (issues.length) return { ok: false, issues, warnings: [] };
  const bidderRequest = {
    bidderRequestId: String(ortb2.id),
    auctionId: String(ortb2.id),
    ortb2,
    ...(typeof ortb2.tmax === 'number' && { timeout: ortb2.tmax }),
  };
  const split = record.split === 'imp';
  const requests = spec.buildRequests(bids, bidderRequest).map((sent): WireRequest => {
    const body = JSON.parse(sent.data) as Obj;
    const imp = split ? imps.findIndex((candidate) => isObject(candidate) && String(candidate.id) === body.imp?.[0]?.id) : -1;
    const http = { method: 'POST' as const, url: sent.url, headers: ajaxHeadersOf(sent.options), body: sent.data, redirect: 'error' as const };
    return { ...(imp >= 0 && { imp }), http, body, before: imp >= 0 ? { ...request, imp: [imps[imp]] } : request };
  });
  return { ok: true, requests, warnings: [] };
}
