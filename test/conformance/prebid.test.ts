// The Prebid fixture cases (kinds prebid-js-request / prebid-js-response) against the built bundle
// (dist/prebid.js), which is what `bidfields/prebid` resolves to; the source module runs them in
// library.test.ts. Skipped, with its reason, only when dist/ has not been built and this is not CI.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { runCase } from '../../src/conformance/run-suite.js';
import { prebidImplementation, type PrebidModule } from '../../src/conformance/implementations/prebid.js';

const root = path.resolve(import.meta.dirname, '../../fixtures');
const bundlePath = path.resolve(import.meta.dirname, '../../dist/prebid.js');
const kinds = ['prebid-js-request', 'prebid-js-response'];
const loaded = loadFixtures(root).filter((file) => file.problems.length > 0 || file.cases.some((testCase) => kinds.includes(testCase.kind)));

function suite(name: string, load: () => Promise<PrebidModule>): void {
  for (const file of loaded) {
    describe(file.file, () => {
      if (file.problems.length > 0) it('is a valid fixture file', () => expect(file.problems).toEqual([]));
      for (const testCase of file.cases.filter((entry) => kinds.includes(entry.kind))) {
        it(testCase.name, async () => {
          const result = await runCase(prebidImplementation(await load(), name), testCase);
          expect(result.reasons).toEqual(result.status === 'skipped' ? result.reasons : []);
        });
      }
    });
  }
}

it('has at least 8 cases of each Prebid kind', () => {
  const cases = loaded.flatMap((file) => file.cases);
  for (const kind of kinds) expect(cases.filter((testCase) => testCase.kind === kind).length).toBeGreaterThanOrEqual(8);
});

const built = fs.existsSync(bundlePath);
describe.skipIf(!built && !process.env.CI)('conformance fixtures: Prebid.js module (built dist/prebid.js; skipped when not built outside CI)', () => {
  it('dist/prebid.js exists (run `npm run build`)', () => expect(built).toBe(true));
  suite('prebid-bundle', () => import(pathToFileURL(bundlePath).href) as Promise<PrebidModule>);
});
