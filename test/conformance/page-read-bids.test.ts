// The read-bids fixtures (docs/spec.md#read-bids) through the Prebid.js page's reader (src/prebid/read-answers.ts),
// on the plan the compact engine makes, as the page carries it: the same bids, issues and warnings as readBids.
import { describe, expect, it } from 'vitest';
import { pageReaderImplementation } from '../../src/conformance/implementations/page-read-bids.js';
import type { CaseResult } from '../../src/conformance/types.js';
import { conformanceSuite } from './suite.js';

const results: CaseResult['status'][] = [];
describe('conformance fixtures: read-bids through the Prebid.js page reader', () => {
  conformanceSuite(pageReaderImplementation, pageReaderImplementation.kinds, { onResult: (_, result) => void results.push(result.status) });
  it('ran most read-bids cases (skips only those Prebid never hands a bidder)', () => {
    expect(results.filter((status) => status === 'passed').length).toBeGreaterThanOrEqual(60);
  });
});
