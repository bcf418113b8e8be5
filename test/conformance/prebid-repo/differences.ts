// Where the in-repository adapter (Prebid's ortbConverter) and the standalone page runtime (src/prebid) differ
// today, one entry each. The Prebid fixtures still hold the runtime's answers; each entry turns the converter's
// answer into the runtime's for exactly its own difference, so every other part of every case is still compared,
// and test/conformance/prebid-repo.test.ts fails when an entry no longer changes anything (the difference closed:
// delete the entry). `pending` entries are Prebid's behaviour, which the runtime should take (the fixtures then
// change with it, and the entry goes); `kept` entries are where the runtime is right, or the difference cannot be
// closed (a random id), and say why.
import type { Outcome, ResolvedCase } from '../../../src/conformance/types.js';

type Json = Record<string, any>;

export interface Difference {
  name: string;
  /** What Prebid's converter does, and what the runtime does. */
  what: string;
  status: 'pending' | 'kept';
  /** The proposal (pending) or the reason (kept). */
  why: string;
  /** Changes the sent request body to the runtime's; returns whether it changed anything. */
  request?(body: Json, testCase: ResolvedCase): boolean;
  /** Changes one Prebid bid (with the partner's bid it came from) to the runtime's; returns whether it changed anything. */
  bid?(bid: Json, answer: Json, testCase: ResolvedCase): boolean | 'drop';
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const httpUrl = (value: unknown) => isString(value) && /^https?:\/\/\S+$/i.test(value);

export const DIFFERENCES: Difference[] = [
  {
    name: 'request id',
    what: 'Prebid\'s converter gives each request a random UUID (ortb2 has no id); the runtime uses bidderRequestId, else auctionId',
    status: 'kept',
    why: 'a random id cannot be written in a fixture; the converter\'s is compared as a UUID',
    request(body, testCase) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(body.id)) return false;
      body.id = String(testCase.bidderRequest?.bidderRequestId ?? testCase.bidderRequest?.auctionId);
      return true;
    },
  },
  {
    name: 'banner.topframe',
    what: 'Prebid sends imp.banner.topframe (1 on a top-level page, 0 in an iframe); the runtime leaves it out',
    status: 'pending',
    why: 'the runtime should send topframe as Prebid does (window.top === window ? 1 : 0); fixtures add topframe: 1',
    request: (body) => body.imp.reduce((changed: boolean, imp: Json) => (isObject(imp.banner) && 'topframe' in imp.banner ? (delete imp.banner.topframe, true) : changed), false),
  },
  {
    name: 'test: 0',
    what: 'Prebid sends test: 0 unless ortb2 says otherwise; the runtime leaves test out',
    status: 'pending',
    why: 'the runtime should send test: ortb2.test || 0; fixtures add test: 0',
    request: (body) => (body.test === 0 ? (delete body.test, true) : false),
  },
  {
    name: 'cur',
    what: 'Prebid sends cur only with its currency module (the ad server currency); the runtime always sends ortb2.cur or [currency]',
    status: 'pending',
    why: 'the runtime should leave cur to ortb2 and Prebid\'s currency module; fixtures without the module drop cur',
    request(body, testCase) {
      if (body.cur !== undefined) return false;
      const cur = (testCase.bidderRequest?.ortb2 as Json | undefined)?.cur;
      body.cur = Array.isArray(cur) && cur.length && cur.every(isString) ? cur : ['USD'];
      return true;
    },
  },
  {
    name: 'ortb2Imp.banner on a unit without banner',
    what: 'Prebid merges ortb2Imp whole, so a video-only ad unit whose ortb2Imp has a banner object sends it; the runtime sends only the media types the ad unit asks for',
    status: 'kept',
    why: 'a banner object for a slot that takes no banner invites banner bids for it: the runtime is right; the generated adapter keeps Prebid\'s converter as it is (Prebid\'s own issue)',
    request(body, testCase) {
      let changed = false;
      for (const imp of body.imp as Json[]) {
        const bid = testCase.bids?.find((candidate) => candidate.bidId === imp.id) as Json | undefined;
        if (imp.banner && bid && !isObject(bid.mediaTypes?.banner)) changed = delete imp.banner;
      }
      return changed;
    },
  },
  {
    name: 'seatBidId, creative_id',
    what: 'Prebid\'s bids carry seatBidId (the partner\'s bid id) and the legacy creative_id; the runtime\'s do not',
    status: 'pending',
    why: 'the runtime should add seatBidId: bid.id and creative_id: bid.crid when set; fixtures add them',
    bid(bid) {
      const changed = 'seatBidId' in bid || 'creative_id' in bid;
      delete bid.seatBidId;
      delete bid.creative_id;
      return changed;
    },
  },
  {
    name: 'meta.advertiserDomains',
    what: 'Prebid sets meta.advertiserDomains only when the bid has adomain, as given; the runtime always sets it, to adomain\'s strings',
    status: 'pending',
    why: 'the runtime should leave advertiserDomains out without adomain (keeping only strings, which Prebid does not: an entry that is no string is the partner\'s error); fixtures change for bids without adomain',
    bid(bid, answer) {
      const domains = Array.isArray(answer.adomain) ? answer.adomain.filter(isString) : [];
      const before = JSON.stringify(bid.meta?.advertiserDomains);
      bid.meta = { ...bid.meta, advertiserDomains: domains };
      return before !== JSON.stringify(domains);
    },
  },
  {
    name: 'IAB categories and DSA',
    what: 'Prebid takes cat and ext.dsa as given (a cat that is a string gives its first letter); the runtime takes cat\'s strings and an ext.dsa object only',
    status: 'kept',
    why: 'the runtime reads an untrusted answer by shape; Prebid\'s converter does not (its own issue)',
    bid(bid, answer) {
      const before = JSON.stringify(bid.meta);
      const { primaryCatId: _primary, secondaryCatIds: _secondary, dsa: _dsa, ...meta } = bid.meta ?? {};
      const categories = Array.isArray(answer.cat) ? answer.cat.filter(isString) : [];
      if (categories.length) Object.assign(meta, { primaryCatId: categories[0], secondaryCatIds: categories.slice(1) });
      if (isObject(answer.ext?.dsa)) meta.dsa = answer.ext.dsa;
      bid.meta = meta;
      return before !== JSON.stringify(meta);
    },
  },
  {
    name: 'burl',
    what: 'Prebid passes burl as given and fires it itself when the bid is billed (price macro filled in by Prebid); the runtime fills the price in and adds burl as an impression tracker too',
    status: 'pending',
    why: 'the runtime should pass burl as given and add no tracker (Prebid fires burl; the tracker can make it fire twice); fixtures change',
    bid(bid) {
      if (!isString(bid.burl)) return false;
      if (!httpUrl(bid.burl)) return delete bid.burl;
      bid.burl = bid.burl.replace(/\$\{AUCTION_PRICE\}/g, String(bid.cpm));
      bid.eventtrackers = [{ event: 1, method: 1, url: bid.burl }];
      return true;
    },
  },
  {
    name: 'win notice markup',
    what: 'Prebid puts its own tracking pixel (createTrackPixelHtml of the decoded nurl) before a banner\'s markup; the runtime a hidden div with the nurl escaped as given',
    status: 'pending',
    why: 'the runtime should write Prebid\'s pixel markup, so creatives look the same from either adapter; fixtures change',
    bid(bid, answer) {
      if (!isString(bid.ad) || !isString(answer.nurl) || !isString(answer.adm) || bid.ad === answer.adm) return false;
      // The runtime takes an http(s) nurl only.
      bid.ad = (httpUrl(answer.nurl) ? `<div style="position:absolute;left:0;top:0;visibility:hidden"><img src="${answer.nurl.replace(/[&"<>]/g, (c: string) => `&#${c.charCodeAt(0)};`)}"></div>` : '') + answer.adm;
      return true;
    },
  },
  {
    name: 'adUrl that is no http(s) URL',
    what: 'Prebid passes any nurl as the address of markup it has not got (a javascript: URL too); the runtime takes only http(s) URLs, and drops a bid with neither markup nor one',
    status: 'kept',
    why: 'a javascript: address is no creative: the runtime is right (Prebid\'s converter\'s own issue)',
    bid: (bid) => (isString(bid.adUrl) && !httpUrl(bid.adUrl) ? 'drop' : false),
  },
  {
    name: 'video player size',
    what: 'Prebid sets playerWidth/playerHeight of a video bid from the imp\'s player, and width/height only from the bid; the runtime sets width/height from the player when the bid has none',
    status: 'pending',
    why: 'the runtime should set playerWidth/playerHeight and leave width/height to the bid; fixtures change for video bids',
    bid(bid) {
      if (bid.playerWidth === undefined) return false;
      if (bid.width === undefined) Object.assign(bid, { width: bid.playerWidth, height: bid.playerHeight });
      delete bid.playerWidth;
      delete bid.playerHeight;
      return true;
    },
  },
];

/** Cases the converter cannot answer as the runtime does at all (a whole answer lost), by name, with why. */
export const SKIPPED: Record<string, string> = {
  'malformed seatbid entries and bids are skipped, the rest is read':
    'kept difference: Prebid\'s converter throws on a seatbid entry or bid that is not an object, and the whole answer gives no bids (Prebid\'s own issue); the runtime skips the bad entries',
  'a native bid: adm (a JSON string, or wrapped in {native}) is parsed into native.ortb':
    'pending difference: Prebid\'s converter reads native adm as JSON text only (as OpenRTB has it) and drops an object; the runtime should drop an adm that is no string too',
  'native markup Prebid 11 cannot read without throwing (no link.url, assets not an array of objects, eventtrackers or imptrackers of the wrong shape) is dropped; __proto__ and object-valued constructor keys are removed from parsed markup':
    'kept difference: Prebid 11 throws validating native markup whose assets hold null (nativeBidIsValid), which stalls the auction; the runtime drops such markup first. Prebid\'s own issue, to raise there',
};

/** The outcome with each difference applied; `applied` collects the names of those that changed something. */
export function normalise(outcome: Outcome, testCase: ResolvedCase, applied: Set<string>): Outcome {
  if (!outcome.ok) return outcome;
  const out = structuredClone(outcome);
  // Every body sent: the one request (`request`) and each of `requests`, which lists it again.
  const bodies = [...(out.request !== undefined ? [out.request] : []), ...(out.requests ?? []).map((sent) => sent.request)];
  for (const body of bodies) for (const difference of DIFFERENCES) if (difference.request?.(body as Json, testCase)) applied.add(difference.name);
  if (out.bids !== undefined) {
    // The partner's bids of every answer (one per request sent).
    const answers: Json[] = (testCase.responses ?? [testCase.response]).flatMap((response) => {
      const seats = (response as Json | undefined)?.seatbid;
      return (Array.isArray(seats) ? seats : []).flatMap((seat: Json) => (Array.isArray(seat?.bid) ? seat.bid : []));
    });
    // The partner's bid a Prebid bid came from: same imp, and its crid (else its id) is the bid's creativeId.
    out.bids = (out.bids as Json[]).filter((bid) => {
      const answer = answers.find((candidate) => candidate?.impid === bid.requestId && String(candidate.crid ?? candidate.id) === String(bid.creativeId)) ?? {};
      for (const difference of DIFFERENCES) {
        const changed = difference.bid?.(bid, answer, testCase);
        if (changed) applied.add(difference.name);
        if (changed === 'drop') return false;
      }
      return true;
    });
  }
  return out;
}
