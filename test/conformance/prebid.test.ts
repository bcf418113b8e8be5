// The Prebid fixture cases (kinds prebid-js-request / prebid-js-response) against the built bundle
// (dist/prebid.js), which is what `bidfields/prebid` resolves to; the source module runs them in
// library.test.ts. Skipped, with its reason, only when dist/ has not been built and this is not CI.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { prebidImplementation, type PrebidModule } from '../../src/conformance/implementations/prebid.js';
import { conformanceSuite, FIXTURES } from './suite.js';

const bundlePath = path.resolve(import.meta.dirname, '../../dist/prebid.js');
const kinds = ['prebid-js-request', 'prebid-js-response'];
const loaded = loadFixtures(FIXTURES).filter((file) => file.problems.length > 0 || file.cases.some((testCase) => kinds.includes(testCase.kind)));

it('has at least 8 cases of each Prebid kind', () => {
  const cases = loaded.flatMap((file) => file.cases);
  for (const kind of kinds) expect(cases.filter((testCase) => testCase.kind === kind).length).toBeGreaterThanOrEqual(8);
});

const built = fs.existsSync(bundlePath);
describe.skipIf(!built && !process.env.CI)('conformance fixtures: Prebid.js module (built dist/prebid.js; skipped when not built outside CI)', () => {
  it('dist/prebid.js exists (run `npm run build`)', () => expect(built).toBe(true));
  conformanceSuite(async () => prebidImplementation((await import(pathToFileURL(bundlePath).href)) as PrebidModule, 'prebid-bundle'), kinds);
});
