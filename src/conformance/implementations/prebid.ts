/**
 * The Prebid.js bidder module as a conformance implementation, run the way Prebid's bidderFactory runs a spec:
 * bids filtered through `isBidRequestValid`, then `buildRequests`, then (for response cases) `interpretResponse`
 * with `{ body }` as Prebid passes it (a parsed JSON value, or the raw text when the body is not JSON). It takes
 * the module as an argument so that the same cases run against the source and against the built bundle
 * (`dist/prebid.js`), whose `BidfieldsError` is its own class: errors are recognised by name and shape.
 */
import type { Issue } from '../../core/issues.js';
import type { AdapterRecord } from '../../core/types.js';
import type { createPrebidBidder } from '../../prebid/bidder.js';
import type { PrebidBid, PrebidBidderSpec } from '../../prebid/types.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';
import { withGetFloor } from '../prebid-bids.js';

export interface PrebidModule {
  createPrebidBidder: typeof createPrebidBidder;
}

function issuesOf(error: unknown): Issue[] | undefined {
  const candidate = error as { name?: unknown; issues?: unknown } | null;
  return candidate?.name === 'BidfieldsError' && Array.isArray(candidate.issues) ? [...(candidate.issues as Issue[])] : undefined;
}

/**
 * @param module the module under test: `await import('bidfields/prebid')`, the source, or the built bundle.
 * @param name the name fixture `skip` entries use.
 * @example const outcome = await runCase(prebidImplementation(await import('../../dist/prebid.js'), 'prebid-bundle'), testCase);
 */
export function prebidImplementation(module: PrebidModule, name: string): Implementation {
  return {
    name,
    kinds: ['prebid-js-request', 'prebid-js-response'],
    run(testCase: ResolvedCase): Outcome {
      let spec;
      try {
        spec = module.createPrebidBidder(testCase.adapter as AdapterRecord, { knownEndpoints: [], ...testCase.compileOptions, log: () => {} });
      } catch (error) {
        const issues = issuesOf(error);
        if (issues) return { ok: false, issues, warnings: [] };
        throw error;
      }
      return runSpec(spec, testCase);
    },
  };
}

/**
 * Runs a case's bids (and answers) through a bidder spec as Prebid's bidderFactory would: every request
 * `buildRequests` returns is listed as `requests` (and, when there is at most one, as `http` / `request` too);
 * for response cases each request sent gets its own answer (`responses[i]`, or `response` for the first), read
 * against that request alone, and the bids are listed in request order. A request's content type is Prebid's
 * default, `text/plain`, unless its options name one, and its options' `customHeaders` go with it. A bid's `getFloor` table becomes the function Prebid's floors
 * module gives it ({@link withGetFloor}), and the bids are those Prebid's core takes into the auction
 * ({@link sizedByPrebid}).
 */
export function runSpec(spec: PrebidBidderSpec, testCase: ResolvedCase): Outcome {
  const bids = withGetFloor(testCase.bids ?? []).filter((bid) => spec.isBidRequestValid(bid));
  const sent = spec.buildRequests(bids, testCase.bidderRequest ?? {});
  if (testCase.kind === 'prebid-js-request') {
    const requests = sent.map((request) => ({
      http: {
        method: request.method,
        url: request.url,
        // Prebid's ajax sends the custom headers, then the content type (docs/spec.md#headers).
        headers: { ...request.options.customHeaders, 'content-type': request.options.contentType ?? 'text/plain' },
      },
      request: JSON.parse(request.data) as unknown,
    }));
    if (requests.length > 1) return { ok: true, requests, warnings: [] };
    const [first] = requests;
    return first ? { ok: true, http: first.http, request: first.request, requests, warnings: [] } : { ok: true, http: null, requests, warnings: [] };
  }
  const answers = testCase.responses ?? [testCase.response];
  const given = sent.flatMap((request, index) => (index < answers.length ? spec.interpretResponse({ body: answers[index] }, request) : []));
  // The bids as JSON, as the in-repository adapter's run lists them: a key whose value is undefined (the runtime's
  // seatBidId of a partner's bid without `id`) is left out.
  return { ok: true, bids: JSON.parse(JSON.stringify(sizedByPrebid(given, bids))) as unknown[], warnings: [] };
}

/**
 * The bids as Prebid's core takes a banner bid without a size into the auction, for every adapter (bidderFactory's
 * `validBidSize`): a bid with `width` and `height` keeps them; one without takes the size of its bid request when that
 * has exactly one (`sizes`, else `mediaTypes.banner.sizes`), else is left out. Adapters leave this to Prebid, as
 * its ortbConverter does; the in-repository run uses Prebid's own `isValid`.
 */
export function sizedByPrebid(given: readonly PrebidBid[], bidRequests: readonly Record<string, unknown>[]): PrebidBid[] {
  const has = (value: unknown) => Boolean(value) || parseInt(String(value), 10) === 0;
  return given.flatMap((bid) => {
    if (bid.mediaType !== 'banner' || (has(bid.width) && has(bid.height))) return [bid];
    const request = bidRequests.find((candidate) => candidate.bidId === bid.requestId) as
      { sizes?: unknown; mediaTypes?: { banner?: { sizes?: unknown } } } | undefined;
    const sizes = request?.sizes ?? request?.mediaTypes?.banner?.sizes;
    const pairs = (Array.isArray(sizes) && Array.isArray(sizes[0]) ? sizes : [sizes]).filter(
      (size): size is unknown[] => Array.isArray(size) && size.length === 2 && !isNaN(size[0]) && !isNaN(size[1]),
    );
    return pairs.length === 1 ? [{ ...bid, width: parseInt(String(pairs[0]![0]), 10), height: parseInt(String(pairs[0]![1]), 10) }] : [];
  });
}
