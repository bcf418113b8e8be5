// The record-taking module's record verdict against validateAdapter's, over generated records (hostile, clean, and
// records that remove, derive and guard): wherever no authoring rule decides (leftToValidateAdapter: the library's own
// schema validators, two field rules), `createPrebidBidder` refuses a record with validateAdapter's very issues (code,
// path, field), the module's own verdicts as a bidder said apart (withoutBidderVerdicts), or takes it as the library
// does. It throws nothing but BidfieldsError and never changes the record. 2,000 runs by default, 20,000 in CI
// (CI=true); PROPERTY_RUNS overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAdapter } from '../../src/core/compile/index.js';
import { isPlainObject } from '../../src/core/definition/plain-object.js';
import { BidfieldsError, type Issue } from '../../src/core/issues.js';
import { createPrebidBidder } from '../../src/prebid/index.js';
import { leftToValidateAdapter } from '../../src/conformance/implementations/compact.js';
import { withoutBidderVerdicts } from '../../src/conformance/implementations/prebid-records.js';
import { adapterInput, cleanStepsAdapterInput } from './generators.js';
import { stepRecord } from './step-generators.js';

const runs = Number(process.env.PROPERTY_RUNS ?? (process.env.CI ? 20_000 : 2_000));
const OPTIONS = { knownEndpoints: ['bid.partner.example', 'ssp.example.com'] };
const keys = (issues: readonly Issue[]) => issues.map((found) => `${found.code} ${found.path} ${found.field ?? ''}`).sort();

/** Most records made Prebid JS ones (a bidder code, a CPM field, an endpoint where they have none), for the page. */
const records = fc.tuple(fc.oneof(adapterInput, cleanStepsAdapterInput, stepRecord), fc.nat(3)).map(([record, roll]) =>
  roll > 0 && isPlainObject(record)
    ? {
        bidderCode: 'acme',
        ...((record as Record<string, unknown>).response === undefined && { cpmField: 'price' }),
        endpoint: 'https://bid.partner.example/rtb',
        ...record,
        protocol: 'prebid-js',
      }
    : record,
);

describe('the record-taking module judges records as validateAdapter does', () => {
  it(`wherever no authoring rule decides (${runs} runs)`, () => {
    const counted = { refused: 0, taken: 0, authoring: 0 };
    fc.assert(
      fc.property(records, (record) => {
        const before = structuredClone(record);
        const expected = validateAdapter(record, OPTIONS);
        let page: Issue[] = [];
        try {
          createPrebidBidder(record as never, { ...OPTIONS, log: () => {} });
        } catch (error) {
          if (!(error instanceof BidfieldsError)) throw error;
          page = withoutBidderVerdicts(record, error.issues);
        }
        expect(record).toEqual(before);
        if (leftToValidateAdapter(record, expected) !== undefined) return void counted.authoring++;
        expect(keys(page)).toEqual(keys(expected));
        counted[expected.length ? 'refused' : 'taken']++;
      }),
      { numRuns: runs },
    );
    // Both verdicts compared many times, not only the records an authoring rule decides.
    expect(counted.refused).toBeGreaterThan(runs / 20);
    expect(counted.taken).toBeGreaterThan(runs / 20);
  }, 600_000);
});
