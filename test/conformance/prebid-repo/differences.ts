// Where the in-repository adapter (Prebid's ortbConverter) and the standalone page runtime (src/prebid) still differ,
// one entry each. The page runtime takes Prebid's behaviour wherever it is not clearly wrong for the partner (issue
// 22: topframe, test, cur, cookies, seatBidId, advertiserDomains, the win pixel, the player size, native markup), so
// the Prebid fixtures hold one answer for both targets; each entry turns the converter's answer into the runtime's
// for exactly its own difference, so every other part of every case is still compared, and
// test/conformance/prebid-repo.test.ts fails when an entry no longer changes anything (the difference closed: delete
// the entry). `pending` entries are Prebid's behaviour, which the runtime should take (the fixtures then change with
// it, and the entry goes); `kept` entries are where the runtime is right, or the difference cannot be closed (a
// random id), and say why.
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
    what: "Prebid's converter gives each request a random UUID (ortb2 has no id); the runtime uses bidderRequestId, else auctionId",
    status: 'kept',
    why: "a random id cannot be written in a fixture; the converter's is compared as a UUID",
    request(body, testCase) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(body.id)) return false;
      body.id = String(testCase.bidderRequest?.bidderRequestId ?? testCase.bidderRequest?.auctionId);
      return true;
    },
  },
  {
    name: 'ortb2Imp.banner on a unit without banner',
    what: 'Prebid merges ortb2Imp whole, so a video-only ad unit whose ortb2Imp has a banner object sends it; the runtime sends only the media types the ad unit asks for',
    status: 'kept',
    why: "a banner object for a slot that takes no banner invites banner bids for it: the runtime is right; the generated adapter keeps Prebid's converter as it is (Prebid's own issue)",
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
    name: 'adomain entries that are no string',
    what: "Prebid sets meta.advertiserDomains to the bid's adomain as given (entries that are no string, or adomain that is no list); the runtime to its strings",
    status: 'kept',
    why: "the runtime reads an untrusted answer by shape: an entry that is no string is the partner's error, no advertiser domain (Prebid's converter's own issue)",
    bid(bid) {
      const domains = bid.meta?.advertiserDomains;
      if (domains === undefined) return false;
      const kept = Array.isArray(domains) ? domains.filter(isString) : [];
      if (JSON.stringify(kept) === JSON.stringify(domains)) return false;
      bid.meta.advertiserDomains = kept;
      return true;
    },
  },
  {
    name: 'IAB categories and DSA',
    what: "Prebid takes cat and ext.dsa as given (a cat that is a string gives its first letter); the runtime takes cat's strings and an ext.dsa object only",
    status: 'kept',
    why: "the runtime reads an untrusted answer by shape; Prebid's converter does not (its own issue)",
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
    name: 'win pixel of a nurl with encoded characters',
    what: 'Prebid decodes the nurl before it encodes it for its tracking pixel (createTrackPixelHtml(decodeURIComponent(nurl), encodeMacroURI)), so an encoded %2F, %26 or %3D in a parameter becomes the character itself; the runtime writes the same pixel with the nurl as given, only the characters that cannot stand in the attribute (" < > `) encoded',
    status: 'kept',
    why: "decoding changes the partner's win notice URL (an encoded URL in a parameter breaks at its & and =): the runtime is right (Prebid's own issue, to raise there). For a nurl without such escapes the markup is the same",
    bid(bid, answer) {
      const start = '<div style="position:absolute;left:0px;top:0px;visibility:hidden;"><img src="';
      if (!isString(bid.ad) || !httpUrl(answer.nurl) || !isString(answer.adm) || !bid.ad.startsWith(start) || !bid.ad.endsWith(answer.adm)) return false;
      const ad = `${start}${answer.nurl.replace(/["<>`]/g, encodeURIComponent)}"></div>${answer.adm}`;
      if (bid.ad === ad) return false;
      bid.ad = ad;
      return true;
    },
  },
  {
    name: 'nurl that is no http(s) URL',
    what: "Prebid passes any nurl on: as the address of markup it has not got (a javascript: URL too), and in its win pixel before a banner's markup; the runtime takes only http(s) URLs, drops a bid with neither markup nor one, and writes no pixel for another",
    status: 'kept',
    why: "a javascript: address is no creative, and no win notice: the runtime is right (Prebid's converter's own issue)",
    bid(bid, answer) {
      if (isString(bid.adUrl) && !httpUrl(bid.adUrl)) return 'drop';
      if (!isString(bid.ad) || !isString(answer.nurl) || httpUrl(answer.nurl) || bid.ad === answer.adm) return false;
      bid.ad = answer.adm;
      return true;
    },
  },
];

/** Cases the converter cannot answer as the runtime does at all (a whole answer lost), by name, with why. */
export const SKIPPED: Record<string, string> = {
  'malformed seatbid entries and bids are skipped, the rest is read':
    "kept difference: Prebid's converter throws on a seatbid entry or bid that is not an object, and the whole answer gives no bids (Prebid's own issue); the runtime skips the bad entries",
  'native markup Prebid 11 cannot read without throwing (no link.url, assets not an array of objects, eventtrackers or imptrackers of the wrong shape) is dropped; __proto__ and object-valued constructor keys are removed from parsed markup':
    "kept difference: Prebid 11 throws validating native markup whose assets hold null (nativeBidIsValid), which stalls the auction; the runtime drops such markup first. Prebid's own issue, to raise there",
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
