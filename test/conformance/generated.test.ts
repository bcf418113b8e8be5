// The Prebid fixture cases (kinds prebid-js-request / prebid-js-response) through adapters generated at build
// time: each case's record is generated into a module that imports the built page runtime
// (dist/prebid-runtime.js), imported and run. Same verdicts as the record-taking module (prebid.test.ts).
// Skipped, with its reason, only when dist/ has not been built and this is not CI.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedPrebidImplementation } from '../../src/conformance/implementations/generated-prebid.js';
import type { CaseResult } from '../../src/conformance/types.js';
import { conformanceSuite } from './suite.js';

const runtime = path.resolve(import.meta.dirname, '../../dist/prebid-runtime.js');
const built = fs.existsSync(runtime);
const results: CaseResult[] = [];

describe.skipIf(!built && !process.env.CI)(
  'conformance fixtures: generated Prebid.js adapters (built dist/prebid-runtime.js; skipped when not built outside CI)',
  () => {
    it('dist/prebid-runtime.js exists (run `npm run build`)', () => expect(built).toBe(true));
    conformanceSuite(generatedPrebidImplementation(pathToFileURL(runtime).href), ['prebid-js-request', 'prebid-js-response'], {
      onResult: (_case, result) => results.push(result),
    });
    it('ran every Prebid case, none skipped', () => {
      expect(results.length).toBeGreaterThanOrEqual(16);
      expect(results.filter((result) => result.status !== 'passed')).toEqual([]);
    });
  },
);
