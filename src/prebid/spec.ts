/**
 * The page runtime of every bidfields Prebid.js bidder. It runs no record check: the record-taking
 * `createPrebidBidder` checks the record first (compact engine), and a generated adapter holds constants
 * `validateAdapter` checked when it was built. The spec's functions run inside Prebid's auction, which does not catch
 * every throw (a throw in `getUserSyncs` breaks the auction's end: the spec has none, so Prebid configures no user
 * syncs), so each returns a safe value and logs why.
 */
import { valuesEngine, type Feature } from '../core/compact/values-engine.js';
import type { Issue } from '../core/issues.js';
import { buildRequests, type RequestBuilder, type Warn } from './build-requests.js';
import { interpretResponse, MEDIA_TYPES } from './interpret-response.js';
import type { BidderPlan, PrebidBidderSpec, PrebidRuntimeOptions } from './types.js';

/** What reads a partner's answer into Prebid bids: `interpretResponse`, or `readAnswers` (read-answers.ts). */
export type AnswerReader = typeof interpretResponse;

/**
 * The Prebid.js bidder spec of a checked adapter (`BidderPlan`, JSON constants) with the engine features its record
 * uses (boolean fields, one-of groups, `alsoTo`, constants, a template's URL: see core/compact/values-engine.ts) and
 * the builder of its requests (one request, or `requestsByUrl` for a template or split) and the reader of its answers
 * (`readAnswers` for a record with `response`, docs/spec.md#read-bids; else the CPM field's); each of its functions is
 * wrapped so that, whatever Prebid passes or the partner answers, it returns a safe value and logs why.
 * @example bidderSpec({ code: 'acme', url: 'https://bid.acme.example/rtb', cpm: 'price', fields: [] }, { ttl: 60 })
 */
export function bidderSpec(
  plan: BidderPlan,
  options: PrebidRuntimeOptions = {},
  features?: readonly Feature[],
  requests: RequestBuilder = buildRequests,
  answers: AnswerReader = interpretResponse,
): PrebidBidderSpec {
  const { code, gvlid } = plan;
  const warn: Warn = (message, detail) => {
    try {
      (options.log ?? console.warn)(`bidfields ${code}: ${message}`, detail);
    } catch {
      // A logger that throws (or a page without console) must not take the auction down with it.
    }
  };
  // A bid param the record does not know costs the bid nothing (Prebid adapters ignore unknown params): logged once.
  const ignored = new Set<string>();
  const engine = valuesEngine(plan, features, (key) => ignored.has(key) || (ignored.add(key), warn('bid param ignored', key)));
  /** `run`, returning `false` (or `[]` for the functions that return lists) and logging when it throws. */
  const guard =
    <A extends unknown[], T>(run: (...args: A) => T, list = false) =>
    (...args: A): T => {
      try {
        return run(...args);
      } catch (error) {
        warn('bids left out', error);
        return (list ? [] : false) as T;
      }
    };
  return {
    code,
    ...(gvlid && { gvlid }),
    supportedMediaTypes: plan.mediaTypes ?? MEDIA_TYPES,
    isBidRequestValid: guard((bid) => {
      const found: Issue[] = [];
      engine.bind(bid.params ?? {}, found);
      if (found.length) warn('invalid params', found);
      return !found.length;
    }),
    buildRequests: guard((bids, bidderRequest) => requests(engine, plan, options, warn, bids, bidderRequest), true),
    interpretResponse: guard((response, request) => answers(plan, options, warn, response, request), true),
  };
}
