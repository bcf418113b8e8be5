/**
 * What a bid from a partner may carry into Prebid.js, for the page runtime's reader (prebid/interpret-response.ts)
 * and the in-repository module, which writes these out (it may import nothing of bidfields).
 */

/** Longest ad markup accepted, in characters (display creatives are tens of kB; VAST rarely passes 100 kB); a notice URL is held to it too. */
export const MAX_AD = 500_000;

/** A notice URL (`nurl`, `burl`): http(s), no white space. */
export const NOTICE_URL = /^https?:\/\/\S+$/i;

/** Bids looked at per answer; one request carries a page's ad units, so a real answer has far fewer. */
export const MAX_BIDS = 500;
