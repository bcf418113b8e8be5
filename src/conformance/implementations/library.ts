/**
 * The library as a conformance implementation, in process: `validateAdapter`, `compile` then `safeEnrich` (or
 * `safeEnrichImps` for `enrich-imps` cases), the protocol wrappers for `rtb` / `prebid-server` cases (and their
 * `readBids` for `read-bids` cases), and the Prebid.js bidder module (source) for Prebid cases.
 */
import { refused } from './refused.js';
import { compile, validateAdapter } from '../../core/compile/index.js';
import type { AdapterInput, BidRequest, FieldValues } from '../../core/types.js';
import type { PerImpValues } from '../../core/compiled-adapter.js';
import type { Implementation, Outcome, ResolvedCase } from '../types.js';
import { runProtocolCase } from './protocols.js';
import { runReadBidsCase } from './read-bids.js';
import { prebidImplementation } from './prebid.js';
import { createPrebidBidder } from '../../prebid/index.js';
import type { EngineKind } from '../../core/source/enricher.js';
import { compileOn } from './compile-on.js';

const prebid = prebidImplementation({ createPrebidBidder }, 'library');

/** The library's run of a case, on `engine` when one is asked for (else the default: generated code where it can). */
export function libraryRunner(engine?: EngineKind): (testCase: ResolvedCase) => Promise<Outcome> {
  return async (testCase) => runWithLibrary(testCase, engine);
}

async function runWithLibrary(testCase: ResolvedCase, engine?: EngineKind): Promise<Outcome> {
  if (testCase.kind === 'prebid-js-request' || testCase.kind === 'prebid-js-response') return prebid.run(testCase);
  if (testCase.kind === 'rtb' || testCase.kind === 'prebid-server') return runProtocolCase(testCase, engine);
  if (testCase.kind === 'read-bids') return runReadBidsCase(testCase, engine);
  const options = testCase.compileOptions ?? {};
  if (testCase.kind === 'validate') {
    // The issues are validateAdapter's; the warnings come with compile's adapter, or with its refusal.
    const issues = validateAdapter(testCase.adapter, options);
    let outcome: Outcome;
    try {
      outcome = { ok: true, warnings: [...compile(testCase.adapter as AdapterInput, options).warnings] };
    } catch (error) {
      outcome = refused(error);
    }
    return issues.length > 0 ? { ok: false, issues, warnings: outcome.warnings } : outcome;
  }
  let adapter;
  try {
    adapter = await compileOn(engine, (extra) => compile(testCase.adapter as AdapterInput, { ...options, ...extra }));
  } catch (error) {
    return refused(error);
  }
  const result =
    testCase.kind === 'enrich-imps'
      ? adapter.safeEnrichImps(testCase.request as BidRequest, (testCase.values ?? []) as PerImpValues)
      : adapter.safeEnrich(testCase.request as BidRequest, (testCase.values ?? {}) as FieldValues, testCase.options);
  const warnings = [...adapter.warnings, ...result.warnings];
  return result.ok ? { ok: true, request: result.request, warnings } : { ok: false, issues: result.issues, warnings };
}

export const libraryImplementation: Implementation = {
  name: 'library',
  kinds: ['validate', 'enrich', 'enrich-imps', 'rtb', 'prebid-server', 'prebid-js-request', 'prebid-js-response', 'read-bids'],
  run: libraryRunner(),
};
