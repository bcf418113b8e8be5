/**
 * `interpretResponse`: the partner's answer is untrusted, so it is read, never trusted: an OpenRTB response
 * (`seatbid[].bid[]`) whose bids are matched by `impid` to the imps actually sent (read back from the request
 * body, so only what went out can come back), with the CPM taken from the adapter's CPM field by `readCpm`
 * (own plain-object properties only, a finite non-negative number). A bid that does not qualify is dropped with
 * a warning; a body that is not an OpenRTB response (text, empty, `null`, an array) gives no bids. Bounds keep a
 * hostile or broken answer cheap: at most `MAX_BIDS` bids are looked at and ad markup over `MAX_AD` characters
 * is refused, so a huge answer costs one pass and never lands in Prebid's bid cache.
 */
import { readCpm } from '../protocols/prebid-js.js';
import type { CompactAdapter } from '../core/compact/engine.js';
import { obj, type Obj } from './imp.js';
import type { Warn } from './build-requests.js';
import type { PrebidBid, PrebidBidderOptions, PrebidMediaType } from './types.js';

/** Bids looked at per answer; one request carries a page's ad units, so a real answer has far fewer. */
export const MAX_BIDS = 500;
/** Longest ad markup accepted, in characters (display creatives are tens of kB; VAST rarely passes 100 kB). */
export const MAX_AD = 500_000;

export const MEDIA_TYPES: PrebidMediaType[] = ['banner', 'video', 'native'];
/** OpenRTB 2.6 `bid.mtype`: 1 banner, 2 video, (3 audio: not supported), 4 native. */
const BY_MTYPE = [, 'banner', 'video', , 'native'] as (PrebidMediaType | undefined)[];

type Size = { w?: unknown; h?: unknown };

/** The Prebid bid for one partner bid, or why it is dropped. */
function toBid(adapter: CompactAdapter, options: PrebidBidderOptions, sent: Map<unknown, Obj>, currency: string, bid: unknown): PrebidBid | string {
  const b = obj(bid);
  const imp = b && sent.get(b.impid);
  if (!b || !imp) return 'unknown impid';
  const cpm = readCpm(b, adapter.cpmField!);
  if (cpm === undefined) return 'no valid CPM at ' + adapter.cpmField;
  // Without mtype, the imp's first media type (a multi-format imp then counts as banner); audio is not supported.
  const mediaType = b.mtype == null ? MEDIA_TYPES.find((type) => imp[type]) : typeof b.mtype === 'number' ? BY_MTYPE[b.mtype] : undefined;
  if (!mediaType) return 'unsupported mtype';
  let adm = b.adm;
  if (typeof adm === 'string' ? !adm || adm.length > MAX_AD : mediaType !== 'native') return 'no ad markup or too large';
  if (mediaType === 'native') {
    adm = typeof adm === 'string' ? JSON.parse(adm) : adm;
    adm = obj(adm)?.native ?? adm; // OpenRTB Native 1.0 wraps the response in { native: … }
    if (!obj(adm)) return 'no native markup';
  }
  const size = (typeof b.w === 'number' && typeof b.h === 'number' ? b : ((imp.banner as { format: Size[] } | undefined)?.format[0] ?? imp.video)) as Size | undefined;
  const out: PrebidBid = {
    requestId: b.impid as string,
    cpm,
    currency,
    ...(typeof size?.w === 'number' && { width: size.w, height: size.h as number }),
    creativeId: String(b.crid ?? b.id ?? ''),
    ttl: typeof b.exp === 'number' && b.exp > 0 ? b.exp : (options.ttl ?? 300),
    netRevenue: options.netRevenue ?? true,
    mediaType,
    meta: { advertiserDomains: Array.isArray(b.adomain) ? b.adomain.filter((domain) => typeof domain === 'string') : [] },
  };
  if (typeof b.dealid === 'string') out.dealId = b.dealid;
  if (mediaType === 'native') out.native = { ortb: adm };
  else out[mediaType === 'video' ? 'vastXml' : 'ad'] = adm as string;
  return out;
}

export function interpretResponse(adapter: CompactAdapter, options: PrebidBidderOptions, warn: Warn, response: unknown, request: unknown): PrebidBid[] {
  const body = obj(obj(response)?.body);
  const seatbids = body?.seatbid;
  const bids: PrebidBid[] = [];
  if (!body || !Array.isArray(seatbids)) return bids;
  const sent = new Map<unknown, Obj>();
  for (const imp of JSON.parse((request as { data: string }).data).imp as Obj[]) sent.set(imp.id, imp);
  const currency = typeof body.cur === 'string' ? body.cur : (options.currency ?? 'USD');
  let seen = 0;
  for (const seat of seatbids) {
    const list = obj(seat)?.bid;
    for (const bid of Array.isArray(list) ? list : []) {
      if (++seen > MAX_BIDS) {
        warn('too many bids, rest ignored');
        return bids;
      }
      let result: PrebidBid | string;
      try {
        result = toBid(adapter, options, sent, currency, bid);
      } catch {
        result = 'unreadable';
      }
      if (typeof result === 'string') warn('bid dropped: ' + result, bid);
      else bids.push(result);
    }
  }
  return bids;
}
