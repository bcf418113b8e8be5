/**
 * Turns one Prebid.js bid request into one OpenRTB 2.6 imp, over the ad unit's `ortb2Imp` first-party data. No
 * entered value is written here; the engine applies those to this imp afterwards. Prebid-only settings (`context`,
 * `playerSize`, renderers) never reach the partner. Prebid hands adapters proxies over publisher-written objects, so
 * every read checks shape (hence the small readers below).
 */
import { isPlainObject } from '../core/definition/plain-object.js';

/** An object of untrusted JSON: every value read from it is checked before use. */
export type Obj = Record<string, any>;

/** A plain object, or `undefined` for anything else; lets one expression read optional nested objects. */
export const obj = (value: unknown): Obj | undefined => (isPlainObject(value) ? value : undefined);
/** An array, or `[]` for anything else. */
export const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number';
/** Whether `value` is an array whose every item passes `test`. */
export const every = (value: unknown, test: (item: any) => unknown): value is any[] => Array.isArray(value) && value.every(test);
/** The strings of an array (`[]` for anything else). */
export const strings = (value: unknown): string[] => list(value).filter(isString);

/**
 * Prebid sizes, `[w, h]` or `[[w, h], …]`, as OpenRTB formats; a pair that is not two non-negative integers
 * is left out.
 * @example formats([[300, 250], [728, 90]]) // [{ w: 300, h: 250 }, { w: 728, h: 90 }]
 */
export function formats(sizes: unknown): { w: number; h: number }[] {
  // One pair, or a list of pairs; anything else is a list of one thing that is no pair.
  const pairs: unknown[] = Array.isArray(list(sizes)[0]) ? (sizes as unknown[]) : [sizes];
  return pairs.filter((size) => every(size, (n) => Number.isInteger(n) && n >= 0) && size.length === 2).map(([w, h]: any) => ({ w, h }));
}

/**
 * The imp for one bid request, or `undefined` when the bid asks for none of the media types the partner takes
 * (`types`, the record's `mediaTypes`: docs/spec.md#protocols; all three without): the ad unit's
 * banner sizes, its video player and OpenRTB video params, and Prebid's native OpenRTB request. Prebid 11 keeps the
 * OpenRTB side of an ad unit in `ortb2Imp` (it mirrors and validates `mediaTypes.video`'s OpenRTB keys into
 * `ortb2Imp.video`, `banner.format` into `ortb2Imp.banner`), so the imp starts from it and adds what lives only in
 * `mediaTypes`: banner sizes and the video player size.
 * @example toImp({ bidId: 'b1', mediaTypes: { banner: { sizes: [[300, 250]] } } }) // { secure: 1, id: 'b1', banner: { topframe: 1, format: [{ w: 300, h: 250 }] } }
 * @param currency the bidder's currency, in which a price floor is asked for
 */
export function toImp(bid: Obj, currency = 'USD', types?: readonly string[]): Obj | undefined {
  const media = obj(bid.mediaTypes) ?? {};
  // The ad unit's media objects go out only for the media types it asks for (a video-only unit sends no banner) and
  // the partner takes.
  const asked = (type: string) => (!types || types.includes(type)) && obj(media[type]);
  const { banner: firstPartyBanner, video: firstPartyVideo, native: firstPartyNative, ...firstParty } = obj(bid.ortb2Imp) ?? {};
  // secure: 1 unless the publisher set it (as Prebid's converter does): without it a partner may answer with
  // http creatives, which an https page blocks.
  const imp: Obj = { secure: 1, ...firstParty, id: String(bid.bidId) };
  // The price floors, when Prebid's floors module is on (it gives each bid request a getFloor), as Prebid's converter
  // sets them: the ad unit's as bidfloor and bidfloorcur (asked in the bidder's currency, for any media type and
  // size), then each media type's and each banner size's in that object's ext, where it differs from the ad unit's
  // (asked in the ad unit's floor currency). A floor is taken when the answer has a currency (a string: anything else
  // could not even be sent, and would cost every bid of the request) and a number other than 0; getFloor throws for
  // what its rules cannot price (and calling a getFloor that is no function throws): no floor then. The ad unit's formats are copied before one gets a floor: they are the publisher's objects.
  const floor = (target: Obj, mediaType: string, size: unknown = '*', asked = imp.bidfloorcur || currency) => {
    try {
      const { floor, currency: bidfloorcur } = bid.getFloor({ currency: asked, mediaType, size });
      const bidfloor = parseFloat(floor);
      if (isString(bidfloorcur) && bidfloor && (bidfloor !== imp.bidfloor || bidfloorcur !== imp.bidfloorcur))
        target.ext = { ...obj(target.ext), bidfloor, bidfloorcur };
    } catch {}
    return target;
  };
  Object.assign(imp, floor({}, '*', '*', currency).ext);
  // The ad unit's own OpenRTB formats (flexible sizes included) win over its sizes, as in Prebid's converter, which
  // also says whether the page is the top frame (topframe 0 in an iframe; no window, as in Node, is the top).
  if (asked('banner'))
    imp.banner = floor({ topframe: +(globalThis.top === globalThis.self), format: formats(media.banner.sizes), ...obj(firstPartyBanner) }, 'banner');
  // Prebid 11 has already copied (and validated) the OpenRTB keys of mediaTypes.video into ortb2Imp.video.
  if (asked('video')) imp.video = floor({ ...obj(firstPartyVideo), ...formats(media.video.playerSize)[0] }, 'video');
  // Prebid's native OpenRTB request (one with assets; Prebid's converter skips one without), its own `ver` (Prebid
  // writes 1.2) as given, and the ad unit's ortb2Imp.native keys (battr, …) over them, as the converter merges them.
  const nativeRequest = obj(bid.nativeOrtbRequest);
  if (asked('native') && nativeRequest && list(nativeRequest.assets).length)
    imp.native = floor({ request: JSON.stringify(nativeRequest), ver: nativeRequest.ver, ...obj(firstPartyNative) }, 'native');
  if (Array.isArray(imp.banner?.format))
    imp.banner.format = imp.banner.format.map((format: Obj) =>
      format?.w != null && format.h != null ? floor({ ...format }, 'banner', [format.w, format.h]) : format,
    );
  return imp.banner || imp.video || imp.native ? imp : undefined;
}
