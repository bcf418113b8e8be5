/**
 * `readBids` (docs/spec.md#read-bids): the RTB and Prebid Server wrappers' reader of a partner's answer, over the
 * core's one reader (core/response/read-answer.ts). An answer is read against the imps of the very request it answers,
 * so the wrappers keep, for each request they build, its imps' ids and media objects (a few numbers, by the request
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

/** The imps of each request the wrappers built, by the request object they returned. */
const built = new WeakMap<object, SentImps>();

/** Keeps the imps of `http`, built for `body` (the request it sends), for `readBids`. */
export function noteSent(http: HttpRequest, body: { imp?: unknown }): void {
  const imps = sentImps(body.imp);
  if (imps) built.set(http, imps);
}

/** The imps of a request: kept when it was built, else read from its body (text) or from the OpenRTB request itself. */
function impsOf(request: unknown): SentImps | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  const kept = built.get(request);
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
