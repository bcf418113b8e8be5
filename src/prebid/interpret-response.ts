/**
 * `interpretResponse`: the partner's answer is untrusted, so it is read, never trusted: only bids for imps that
 * actually went out come back, each checked for what Prebid needs, and bounds keep a hostile or broken answer cheap
 * (one pass, nothing huge in Prebid's bid cache). A bid that does not qualify is dropped with a warning naming what
 * it lacks. The rules are on {@link interpretResponse}.
 */
import { readCheckedCpm } from '../protocols/prebid-js.js';
import { every, isNumber, isString, list, obj, strings, type Obj } from './imp.js';
import type { Warn } from './build-requests.js';
import type { BidderPlan, PrebidBid, PrebidMediaType, PrebidRuntimeOptions } from './types.js';
import { MAX_AD, MAX_BIDS, NOTICE_URL } from '../core/rules/prebid-limits.js';

export { MAX_AD, MAX_BIDS };

export const MEDIA_TYPES: PrebidMediaType[] = ['banner', 'video', 'native'];

/** An http(s) URL of the answer (a notice URL), else `undefined`. */
const url = (value: unknown): string | undefined => (isString(value) && value.length <= MAX_AD && NOTICE_URL.test(value) ? value : undefined);

/**
 * Whether native markup has the shape Prebid 11 reads without checking: a `link` with a `url`, `assets` (an array
 * of objects), and, when present, `eventtrackers` (objects) and `imptrackers` (strings). Prebid's native code
 * throws inside its response callback on anything else, which stalls the auction until its timeout.
 */
const isNativeResponse = (native: unknown): boolean => {
  const { link, assets, eventtrackers = [], imptrackers = [] } = obj(native) ?? {};
  return isString(obj(link)?.url) && every(assets, obj) && every(eventtrackers, obj) && every(imptrackers, isString);
};

/**
 * The Prebid bid for one partner bid; else throws what it lacks (`impid`, `cpm`, `mtype`, `adm`), or anything when it
 * is unreadable. A record's `response` rules (read-answers.ts) hand it a bid the core's reader has read, its price at
 * `price` and its type as `mtype`, so that both ways make the Prebid bid alike.
 */
export function toBid(cpmField: string, options: PrebidRuntimeOptions, sent: Obj[], currency: string, bid: Obj): PrebidBid {
  // The imp of this request the bid answers (imp ids are Prebid's bid ids, a string each, unique in a request).
  const imp = sent.find((one) => one.id === bid.impid);
  if (!imp) throw 'impid';
  const cpm = readCheckedCpm(bid, cpmField);
  const { mtype, w, h, exp, adomain, dealid, id, crid } = bid;
  // OpenRTB 2.6 `mtype`: 1 banner, 2 video, 4 native (3, audio, is not supported); without it, the imp's media
  // type when it has only one. A multi-format imp needs `mtype`, as in Prebid's converter: guessing would serve
  // VAST as banner HTML.
  const offered = MEDIA_TYPES.filter((type) => imp[type]);
  const mediaType = mtype == null ? (offered[1] ? undefined : offered[0]) : ([, 'banner', 'video', , 'native'] as const)[isNumber(mtype) ? mtype : 0];
  if (cpm === undefined) throw 'cpm';
  if (!mediaType) throw 'mtype';
  // Markup over MAX_AD characters (or a list that long) is refused (not replaced by the nurl). Native markup is
  // OpenRTB Native's response object or its JSON text (parsed without `__proto__` / object-valued `constructor` keys,
  // as Prebid parses untrusted JSON), as Prebid's converter reads it (not OpenRTB Native 1.0's { native: … }
  // wrapper); banner and video markup is text.
  let adm = bid.adm;
  if (adm?.length > MAX_AD) throw 'adm';
  const native = mediaType === 'native';
  if (native)
    adm = obj(adm) ?? JSON.parse(adm || 0, (key, value) => (key === '__proto__' || (key === 'constructor' && typeof value === 'object') ? undefined : value));
  // Text markup, else falsy (only ever tested for truth).
  const markup = isString(adm) && adm;
  // The win notice URL: fired by Prebid's tracking pixel before banner markup, or the markup's (banner) / VAST's
  // (video) address when there is no adm, as Prebid's converter does; only an http(s) URL.
  const nurl = url(bid.nurl);
  if (!(native ? isNativeResponse(adm) : markup || nurl)) throw 'adm';
  // The size is the bid's (w and h), as in Prebid's converter; a banner bid without one is Prebid's core to judge, as
  // for every adapter: it takes the ad unit's size when the ad unit has only one, else leaves the bid out. A video
  // bid takes its player's size (playerWidth, playerHeight) from the imp.
  const sized = isNumber(w) && isNumber(h);
  const player = imp.video;
  // The billing notice URL, with the price in it: Prebid 11 fires a bid's impression image trackers when it bills
  // the bid (on render, unless billing is deferred), which is how its own Prebid Server adapter passes burl on.
  // Categories (IAB) and the EU DSA transparency object go to meta, as Prebid's converter puts them.
  const burl = url(bid.burl)?.replace(/\$\{AUCTION_PRICE\}/g, String(cpm));
  const [primaryCatId, ...secondaryCatIds] = strings(bid.cat);
  const dsa = obj(obj(bid.ext)?.dsa);
  return {
    requestId: bid.impid,
    cpm,
    currency,
    ...(sized && { width: w, height: h }),
    creativeId: String(crid ?? id ?? ''),
    // The partner's bid id and creative id as given, as Prebid's converter passes them on (undefined: none).
    seatBidId: id,
    creative_id: crid,
    ttl: isNumber(exp) && exp > 0 ? exp : (options.ttl ?? 300),
    netRevenue: options.netRevenue ?? true,
    mediaType,
    meta: {
      ...(adomain && { advertiserDomains: strings(adomain) }),
      ...(primaryCatId !== undefined && { primaryCatId, secondaryCatIds }),
      ...(dsa && { dsa }),
    },
    ...(isString(dealid) && { dealId: dealid }),
    ...(burl && { burl, eventtrackers: [{ event: 1, method: 1, url: burl }] }),
    ...(native
      ? { native: { ortb: adm } }
      : mediaType === 'video'
        ? {
            ...(markup && { vastXml: markup }),
            ...(nurl && { vastUrl: nurl }),
            ...(player?.w && player.h && { playerWidth: player.w, playerHeight: player.h }),
          }
        : markup
          ? // Prebid's tracking pixel (createTrackPixelHtml) of the nurl, which Prebid fills the price in when it renders
            // the ad; the characters that cannot stand in the attribute encoded, as Prebid's encodeURI encodes them.
            // (Prebid decodes the nurl first, which turns an encoded %2F, %26 or %3D in a parameter into the
            // character itself and so changes the URL: not here.)
            {
              ad:
                (nurl
                  ? `<div style="position:absolute;left:0px;top:0px;visibility:hidden;"><img src="${nurl.replace(/["<>`]/g, encodeURIComponent)}"></div>`
                  : '') + markup,
            }
          : { adUrl: nurl }),
  };
}

/**
 * Reads an OpenRTB response (`seatbid[].bid[]`) whose bids are matched by `impid` to the imps actually sent (read
 * back from the request body, so only what went out can come back), with the CPM taken from the adapter's CPM field
 * by `readCheckedCpm` (own plain-object properties only, a finite non-negative number). A body that is not an
 * OpenRTB response (text, empty, `null`, an array) gives no bids. At most `MAX_BIDS` bids are looked at and ad markup
 * over `MAX_AD` characters is refused, so a huge answer costs one pass and never lands in Prebid's bid cache.
 */
export function interpretResponse({ cpm: cpmField }: BidderPlan, options: PrebidRuntimeOptions, warn: Warn, response: unknown, request: unknown): PrebidBid[] {
  const body = obj(obj(response)?.body);
  // The imps of this request, as it went out: a bid for an imp of another request (or none) is not this request's.
  const sent: Obj[] = JSON.parse((request as { data: string }).data).imp;
  // The answer's currency when it is a currency code, else the bidder's: an empty cur falls back, as in Prebid's converter.
  const currency = isString(body?.cur) && /^[A-Z]{3}$/.test(body.cur) ? body.cur : (options.currency ?? 'USD');
  const bids: PrebidBid[] = [];
  const all = list(body?.seatbid).flatMap((seat) => list(obj(seat)?.bid));
  if (all.length > MAX_BIDS) warn('bids left out', all.length - MAX_BIDS);
  for (const bid of all.slice(0, MAX_BIDS))
    try {
      bids.push(toBid(cpmField, options, sent, currency, obj(bid)!));
    } catch (lacks) {
      // What it lacks, else `bid`: not an object, or native markup that is not JSON.
      warn('bid left out, no valid ' + (isString(lacks) ? lacks : 'bid'), bid);
    }
  return bids;
}
