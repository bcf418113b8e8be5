// Every record case (kind `validate`) through the record-taking Prebid.js module, `createPrebidBidder`, as a page gives
// it a record: the source module, and the built bundle (dist/prebid.js, what `bidfields/prebid` resolves to; skipped,
// with its reason, only when dist/ has not been built and this is not CI). The module must refuse each record with
// validateAdapter's issues (code, path, field) or take it; it skips only the authoring-rule cases it leaves to
// validateAdapter (src/conformance/implementations/prebid-records.ts says which, and how another protocol's record runs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as source from '../../src/prebid/index.js';
import { prebidRecordImplementation, withoutBidderVerdicts } from '../../src/conformance/implementations/prebid-records.js';
import type { PrebidModule } from '../../src/conformance/implementations/prebid.js';
import type { CaseResult, ResolvedCase } from '../../src/conformance/types.js';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { conformanceSuite, FIXTURES } from './suite.js';

const bundlePath = path.resolve(import.meta.dirname, '../../dist/prebid.js');
const built = fs.existsSync(bundlePath);
const records = loadFixtures(FIXTURES).flatMap((file) => file.cases.filter((testCase) => testCase.kind === 'validate'));
const isPrebidRecord = (testCase: ResolvedCase) => (testCase.adapter as { protocol?: unknown } | null)?.protocol === 'prebid-js';

/** The suite, and what its results must show once every case has run. */
function recordSuite(module: () => Promise<PrebidModule>, name: string): void {
  const results = new Map<ResolvedCase, CaseResult>();
  conformanceSuite(async () => prebidRecordImplementation(await module(), name), ['validate'], {
    onResult: (testCase, result) => results.set(testCase, result),
  });
  it('ran every record case, skipped only the authoring-rule ones, and refused and took Prebid JS records as the library does', () => {
    expect(results.size).toBe(records.length);
    const statuses = [...results.values()];
    expect(statuses.filter((result) => result.status === 'failed')).toEqual([]);
    for (const result of statuses.filter((entry) => entry.status === 'skipped')) expect(result.reasons[0]).toMatch(/authoring rules/);
    // Of Prebid JS records, both verdicts ran: records taken and records refused, each by the library's issues.
    const prebid = [...results].filter(([testCase, result]) => isPrebidRecord(testCase) && result.status === 'passed');
    expect(prebid.filter(([testCase]) => testCase.expect.ok).length).toBeGreaterThanOrEqual(5);
    expect(prebid.filter(([testCase]) => !testCase.expect.ok).length).toBeGreaterThanOrEqual(15);
    expect(statuses.filter((result) => result.status === 'passed').length).toBeGreaterThanOrEqual(260);
  });
}

describe('record cases: the record-taking module (source)', () => recordSuite(async () => source, 'prebid-records'));

describe.skipIf(!built && !process.env.CI)('record cases: the record-taking module (built dist/prebid.js; skipped when not built outside CI)', () => {
  it('dist/prebid.js exists (run `npm run build`)', () => expect(built).toBe(true));
  recordSuite(async () => (await import(pathToFileURL(bundlePath).href)) as PrebidModule, 'prebid-records-bundle');
});

describe("the module's own verdicts said apart (withoutBidderVerdicts)", () => {
  const issue = (code: string, path: string) => ({ code, path, message: code });
  const record = { protocol: 'rtb', endpoint: 'https://bid.example.com' };
  it('drops wrong_protocol and the invalid_endpoint that comes with it, and nothing else', () => {
    expect(withoutBidderVerdicts({}, [issue('wrong_protocol', '/protocol'), issue('invalid_endpoint', '/endpoint')])).toEqual([]);
    expect(withoutBidderVerdicts(record, [issue('wrong_protocol', '/protocol'), issue('schema', '/endpoint')])).toEqual([issue('schema', '/endpoint')]);
  });
  it('drops invalid_endpoint of a record without an endpoint, and keeps it for a record that has one', () => {
    expect(withoutBidderVerdicts({ protocol: 'prebid-js' }, [issue('invalid_endpoint', '/endpoint')])).toEqual([]);
    expect(withoutBidderVerdicts({ ...record, protocol: 'prebid-js' }, [issue('invalid_endpoint', '/endpoint')])).toEqual([
      issue('invalid_endpoint', '/endpoint'),
    ]);
  });
});
