// The Prebid fixture cases (kinds prebid-js-request / prebid-js-response) through the in-repository adapter: each
// case's record generated with the prebid-repo target, run on Prebid 11's own core from the prebid.js package
// (prebid-repo/implementation.ts). Where Prebid's converter and the page runtime answer differently today, one
// entry of prebid-repo/differences.ts says how and what should change; each must still be needed.
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import type { CaseResult, Implementation } from '../../src/conformance/types.js';
import { DIFFERENCES, SKIPPED } from './prebid-repo/differences.js';
import { prebidRepoImplementation } from './prebid-repo/implementation.js';
import { conformanceSuite, FIXTURES } from './suite.js';

const kinds = ['prebid-js-request', 'prebid-js-response'];
const cases = loadFixtures(FIXTURES)
  .flatMap((file) => file.cases)
  .filter((testCase) => kinds.includes(testCase.kind));
const applied = new Set<string>();
const results: CaseResult[] = [];
let prepared: Promise<Implementation> | undefined;

describe('conformance fixtures: the in-repository Prebid.js adapter (prebid-repo target, Prebid 11 core)', () => {
  conformanceSuite(() => (prepared ??= prebidRepoImplementation(cases, applied)), kinds, { onResult: (_case, result) => results.push(result) });

  it('ran every Prebid case; only the cases differences.ts names are skipped', async () => {
    await (prepared ??= prebidRepoImplementation(cases, applied));
    // The cases of this describe run in order, so this test (last) sees every result.
    expect(results).toHaveLength(cases.length);
    expect(results.filter((result) => result.status === 'failed')).toEqual([]);
    expect(
      results
        .filter((result) => result.status === 'skipped')
        .map((result) => result.name)
        .sort(),
    ).toEqual(Object.keys(SKIPPED).sort());
  });

  it('each known difference still changes some answer (delete the ones that closed)', async () => {
    await (prepared ??= prebidRepoImplementation(cases, applied));
    expect(DIFFERENCES.map((difference) => difference.name).filter((name) => !applied.has(name))).toEqual([]);
  });
});
