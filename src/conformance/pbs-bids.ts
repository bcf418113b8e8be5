/**
 * The answers of a Prebid Server adapter test (docs/spec.md#whole-adapters): each call's `mockResponse` read by the
 * record (`readBids`, docs/spec.md#reading-answers) against the request it answers, and the reading compared with
 * `expectedBidResponses` and `expectedMakeBidsErrors` as Prebid Server's own test harness compares its Go code's
 * (`adapters/adapterstest/test_json.go`): one bid response per call that gave bids, in call order (a response
 * without bids, which Go gives as nothing or as an empty response as each adapter chooses, is no difference); the response's
 * currency where the fixture names one; its bids in order, each with its type, the bid itself (JSON values, the
 * macros replaced), and the video where the fixture lists it; and as many errors as the fixture expects. Prebid
 * Server's Go adapters put bid meta into the bid (`ext.prebid.meta`): where an expected bid holds it, the record's
 * `meta` is compared there, and the rest of the bid without it.
 */
import { escapePointerToken } from '../core/issues.js';
import { META_KINDS } from '../core/plan/response-plan.js';
import type { CompiledAdapter } from '../core/compiled-adapter.js';
import type { ReadBid, ReadBidsResult } from '../core/response/read-answer.js';
import type { HttpRequest } from '../protocols/http-request.js';
import { readBids } from '../protocols/read-bids.js';
import { goKey, goStruct } from './go-json.js';
import { firstJsonDifference, type Json, type JsonObject, type PbsDifference } from './pbs-compare.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A mock response as the reader takes it: its status, and its body as the text the partner sent. */
function answer(call: unknown): { status: number; body: string } {
  const mock = goKey(call, 'mockResponse');
  const status = goKey(mock, 'status');
  const body: unknown = goKey(mock, 'body');
  return { status: typeof status === 'number' ? status : 0, body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body) };
}

/** What Go's `ExtBidPrebidVideo` holds of a read bid's video, as JSON. */
const goVideo = (video: ReadBid['video']): Json => ({
  duration: video?.duration ?? 0,
  primary_category: video?.primaryCategory ?? '',
});

/** A read bid as the Go harness compares the adapter's: `json.Marshal` of the `openrtb2.Bid` it was decoded into. */
const goBid = (bid: unknown): Json => goStruct(JSON.parse(JSON.stringify(bid ?? null)) as Json, 'Bid');

/** A bid without the Prebid meta names of `ext.prebid.meta` (and without the objects that held only them). */
function withoutMeta(bid: Json): Json {
  if (!isObject(bid) || !isObject(bid.ext) || !isObject(bid.ext.prebid) || !isObject(bid.ext.prebid.meta)) return bid;
  const meta = Object.fromEntries(Object.entries(bid.ext.prebid.meta).filter(([name]) => !(name in META_KINDS)));
  const { meta: _meta, ...prebid } = bid.ext.prebid;
  if (Object.keys(meta).length) prebid.meta = meta;
  const { prebid: _prebid, ...ext } = bid.ext;
  const rest: JsonObject = Object.keys(prebid).length ? { ...ext, prebid } : ext;
  const { ext: _ext, ...out } = bid;
  return Object.keys(rest).length ? { ...out, ext: rest } : out;
}

/**
 * The first place a read bid parts from an expected one. Go's adapters write bid meta into the bid
 * (`ext.prebid.meta`); where the expected bid holds one, each Prebid meta name it lists (docs/spec.md#response-record)
 * is compared with the record's `meta` (docs/spec.md#whole-adapters: meta where the fixture lists it), and the rest of
 * the bid without those names (other names in it are the partner's, compared with the bid as received).
 */
function bidDifference(expected: Json, read: ReadBid): PbsDifference | undefined {
  const got = goBid(read.bid);
  const meta = isObject(expected) && isObject(expected.ext) && isObject(expected.ext.prebid) ? expected.ext.prebid.meta : undefined;
  if (!isObject(meta)) return firstJsonDifference(got, expected);
  const readMeta = JSON.parse(JSON.stringify(read.meta ?? {})) as JsonObject;
  for (const name of Object.keys(meta).filter((name) => name in META_KINDS)) {
    const found = firstJsonDifference(readMeta[name], meta[name], `/ext/prebid/meta/${escapePointerToken(name)}`);
    if (found) return found;
  }
  return firstJsonDifference(withoutMeta(got), withoutMeta(expected));
}

/**
 * Reads each call's answer against the request built for it (`built[k]` ↔ `httpCalls[k]`) and gives the first place
 * the reading parts from the fixture's expectations, as a JSON Pointer into the fixture, or `undefined` when equal.
 */
export function bidsDifference(adapter: CompiledAdapter, fixture: unknown, built: readonly HttpRequest[]): PbsDifference | undefined {
  const calls: unknown = goKey(fixture, 'httpCalls');
  const list = Array.isArray(calls) ? calls : [];
  const responses: { result: ReadBidsResult }[] = [];
  let errors = 0;
  for (let k = 0; k < Math.min(built.length, list.length); k++) {
    const result = readBids(adapter, built[k]!, answer(list[k]));
    errors += result.issues.length;
    // A response without bids says nothing about bids: Go's MakeBids gives none (nil) or an empty one, as each adapter
    // chooses, for a 204 or an answer without seatbid; both sides are compared without them.
    if (result.bids.length) responses.push({ result });
  }
  const expectedErrors: unknown = goKey(fixture, 'expectedMakeBidsErrors');
  const wantErrors = Array.isArray(expectedErrors) ? expectedErrors.length : 0;
  if (errors !== wantErrors) return { pointer: '/expectedMakeBidsErrors', detail: `expected ${wantErrors} errors, the record read ${errors}` };
  const expectedResponses: unknown = goKey(fixture, 'expectedBidResponses');
  const want = (Array.isArray(expectedResponses) ? expectedResponses : []).filter((response) => {
    const bids: unknown = goKey(response, 'bids');
    return Array.isArray(bids) && bids.length > 0;
  });
  if (want.length !== responses.length)
    return { pointer: '/expectedBidResponses', detail: `expected ${want.length} bid responses, the record read ${responses.length}` };
  for (let r = 0; r < want.length; r++) {
    const at = `/expectedBidResponses/${(Array.isArray(expectedResponses) ? expectedResponses : []).indexOf(want[r])}`;
    const { result } = responses[r]!;
    const currency = goKey(want[r], 'currency');
    const bids: unknown = goKey(want[r], 'bids');
    const expectedBids = Array.isArray(bids) ? bids : [];
    if (typeof currency === 'string' && currency !== '' && result.bids.some((bid) => bid.currency !== currency))
      return { pointer: `${at}/currency`, detail: `expected ${currency}, read ${result.bids.find((bid) => bid.currency !== currency)!.currency}` };
    if (expectedBids.length !== result.bids.length)
      return { pointer: `${at}/bids`, detail: `expected ${expectedBids.length} bids, the record read ${result.bids.length}` };
    for (let b = 0; b < expectedBids.length; b++) {
      const expected = expectedBids[b];
      const readBid = result.bids[b]!;
      const seat = goKey(expected, 'seat');
      if (typeof seat === 'string' && seat !== '')
        return { pointer: `${at}/bids/${b}/seat`, detail: `expected seat ${JSON.stringify(seat)}, which no record names` };
      const type = goKey(expected, 'type');
      if (type !== readBid.type) return { pointer: `${at}/bids/${b}/type`, detail: `expected ${JSON.stringify(type)}, read ${JSON.stringify(readBid.type)}` };
      const wanted = (goKey(expected, 'bid') ?? null) as Json;
      const bid = bidDifference(wanted, readBid);
      if (bid) return { pointer: `${at}/bids/${b}/bid${bid.pointer}`, detail: bid.detail };
      const video = goKey(expected, 'video');
      const videoAt = video !== undefined && firstJsonDifference(goVideo(readBid.video), video as Json);
      if (videoAt) return { pointer: `${at}/bids/${b}/video${videoAt.pointer}`, detail: videoAt.detail };
    }
  }
  return undefined;
}
