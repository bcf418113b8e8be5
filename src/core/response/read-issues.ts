/**
 * The issues and warnings of reading an answer (docs/spec.md#read-bids), worded once: the reader decides *when*, this
 * table says *what*. Paths are JSON Pointers into the answer's body (`/seatbid/0/bid/1`); a problem of the answer as
 * a whole (its status, its text) is at `""`. No partner text enters a message: a hostile answer cannot make one long.
 */
import { issue, type Issue } from '../issues.js';
import { VALUE_WORDS, type ValueKind } from './bid-values.js';

/** Longest answer body read, in characters (8 MiB; a literal, which a page bundler drops where nothing reads it): over it, `bad_response` without parsing. */
export const MAX_ANSWER_LENGTH = 8_388_608;

/** Why a bid is dropped. */
export enum BidFault {
  NotAnObject = 1,
  /** Its `impid` is no string naming an imp of the request it answers. */
  ImpId,
  Price,
  /** No `bidType` rule gives it a type. */
  Type,
}

const BID_FAULTS: Record<BidFault, string> = {
  [BidFault.NotAnObject]: 'a bid must be a JSON object',
  [BidFault.ImpId]: 'its impid names no imp of the request it answers',
  [BidFault.Price]: 'its price must be a finite JSON number of 0 or more',
  [BidFault.Type]: 'no bidType rule of the record gives it a media type (banner, video, native or audio)',
};

export const readIssues = {
  status: (status: unknown): Issue =>
    issue('bad_response', '', `the answer's status is ${typeof status === 'number' ? status : 'missing'}: only 200 (bids) and 204 (no bid) are read`),
  tooLong: (): Issue => issue('bad_response', '', `the answer is longer than ${MAX_ANSWER_LENGTH} characters`),
  notJson: (): Issue => issue('bad_response', '', 'the answer is not JSON'),
  notAnObject: (): Issue => issue('bad_response', '', 'the answer must be a JSON object (an OpenRTB bid response)'),
  seatbid: (): Issue => issue('bad_response', '/seatbid', 'seatbid must be an array'),
  currency: (): Issue => issue('bad_response', '/cur', 'cur must be a currency code of three capital letters (USD)'),
  unreadable: (): Issue => issue('bad_response', '', 'the answer cannot be read: a getter or proxy in it threw'),
  notAResponse: (): Issue => issue('bad_response', '', 'the response must be { status, body }, as sendHttpRequest returns it'),
  seat: (seat: number): Issue => issue('invalid_bid', `/seatbid/${seat}`, 'a seatbid must be a JSON object; its bids are not read'),
  seatBids: (seat: number): Issue => issue('invalid_bid', `/seatbid/${seat}/bid`, "a seatbid's bid must be an array; its bids are not read"),
  bid: (seat: number, bid: number, fault: BidFault): Issue => issue('invalid_bid', `/seatbid/${seat}/bid/${bid}`, `bid dropped: ${BID_FAULTS[fault]}`),
  /** `what` is a meta name, `video.duration`, `video.primaryCategory` or `dealPriority`; `below`, the value's pointer in the bid. */
  skipped: (seat: number, bid: number, below: string, what: string, kind: ValueKind): Issue =>
    issue(
      'bid_field_skipped',
      `/seatbid/${seat}/bid/${bid}${below}`,
      `${what.includes('.') || what === 'dealPriority' ? what : `meta.${what}`} must be ${VALUE_WORDS[kind]}: left out of the bid`,
    ),
  request: (): Issue =>
    issue(
      'invalid_request',
      '',
      'the request must be one that buildRtbRequests or buildPrebidServerRequests built (or the OpenRTB request sent, with its imps)',
    ),
  adapter: (): Issue => issue('schema', '', 'readBids needs an adapter that compile or compilePrebidServer made'),
};
