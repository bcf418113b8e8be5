/**
 * `readBids` (docs/spec.md#read-bids): the RTB and Prebid Server wrappers' reader of a partner's answer, over the
 * core's one reader (core/response/read-answer.ts). An answer is read against the imps of the very request it answers,
 * so the wrappers keep, for each request they build, its imps' ids and media objects (a few numbers, on the request
 * object, which the caller holds as long as it waits for the answer); a request built elsewhere (or copied, or sent
 * across a worker) is read from its body, once per call.
 */
import type { CompiledAdapter } from '../core/compiled-adapter.js';
import { isPlainObject } from '../core/definition/plain-object.js';
import { readAnswer, MAX_ANSWER_LENGTH, type ReadBidsResult } from '../core/response/read-answer.js';
import { readIssues } from '../core/response/read-issues.js';
import type { ResponsePlan } from '../core/plan/response-plan.js';
import { sentImps, type SentImps } from '../core/response/sent-imps.js';
import type { HttpRequest, HttpResponse } from './http-request.js';

/** Returns the object it is given, so a subclass's private field lands on that object (see {@link Sent}). */
class Given {
  constructor(object: object) {
    return object as Given;
  }
}

/**
 * The imps a built request sent, kept on the request object itself in a private field: invisible to JSON, to its
 * keys, to equality checks, to `structuredClone` (a copy has none, and is read from its body) and to `fetch`. Not a
 * WeakMap: one entry per request built, dead within the auction, cost about a microsecond each in V8's garbage
 * collector (ephemerons), as much as building the request; a private field costs what a property does.
 */
class Sent extends Given {
  readonly #imps: SentImps;
  constructor(http: HttpRequest, imps: SentImps) {
    super(http);
    this.#imps = imps;
  }
  static of(request: object): SentImps | undefined {
    return #imps in request ? (request as Sent).#imps : undefined;
  }
}

/** Keeps the imps of `http`, built for `body` (the request it sends), for `readBids`. */
export function noteSent(http: HttpRequest, body: { imp?: unknown }): void {
  const imps = sentImps(body.imp);
  if (imps) new Sent(http, imps);
}

/** The imps of a request: kept when it was built, else read from its body (text) or from the OpenRTB request itself. */
function impsOf(request: unknown): SentImps | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  const kept = Sent.of(request);
  if (kept) return kept;
  if (!isPlainObject(request)) return undefined;
  const { body } = request;
  if (typeof body !== 'string') return sentImps(request.imp);
  if (body.length > MAX_ANSWER_LENGTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isPlainObject(parsed) ? sentImps(parsed.imp) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a partner's answer to one request the wrappers built (docs/spec.md#read-bids), by the adapter's `response`
 * rules (docs/spec.md#response-record). Never throws: an answer it cannot read is `bad_response` (no bids), a bid
 * it cannot take is `invalid_bid` at `/seatbid/<s>/bid/<b>` and only that bid is dropped, a meta, video or deal
 * priority value of the wrong kind is left out with the warning `bid_field_skipped`.
 *
 * @param request one entry of `buildRtbRequests` / `buildPrebidServerRequests` (or the OpenRTB request sent).
 * @param response `{ status, body }` as `sendHttpRequest` returns it (`body` text, or JSON already parsed, which is
 *   never changed).
 * @example
 * for (const http of buildRtbRequests(adapter, request, perImp)) {
 *   const { bids, issues } = readBids(adapter, http, await sendHttpRequest(http, fetch, { timeoutMs: 300 }));
 *   for (const { impId, type, price, currency, bid } of bids) offer(impId, type, price, currency, bid.adm);
 * }
 */
export function readBids(adapter: CompiledAdapter, request: HttpRequest | object, response: HttpResponse | { status: number; body: unknown }): ReadBidsResult {
  let plan: ResponsePlan | undefined;
  let imps: SentImps | undefined;
  let answer: { status?: unknown; body?: unknown } | undefined;
  try {
    plan = (adapter as Partial<CompiledAdapter> | null)?.plan?.response;
    imps = impsOf(request);
    answer = isPlainObject(response) ? { status: response.status, body: response.body } : undefined;
  } catch {
    // A getter or proxy that throws, in what a JavaScript caller passed.
  }
  if (plan === undefined) return { bids: [], issues: [readIssues.adapter()], warnings: [] };
  if (imps === undefined) return { bids: [], issues: [readIssues.request()], warnings: [] };
  if (answer === undefined) return { bids: [], issues: [readIssues.notAResponse()], warnings: [] };
  return readAnswer(plan, imps, answer.status, answer.body);
}
