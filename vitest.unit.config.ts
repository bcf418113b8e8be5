// The fast lane of the development loop (`npm run test:unit`): the library's own tests, no build, no browser, no
// database, no child processes; `npm test` stays the whole suite that CI runs. A test that needs dist/ skips
// itself here when dist/ is not built (it says so), and runs in `npm test`, which builds first.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'test/core/**/*.test.ts',
        'test/endpoint/**/*.test.ts',
        'test/prebid/**/*.test.ts',
        'test/properties/**/*.test.ts',
        'test/protocols/**/*.test.ts',
        'test/limits/**/*.test.ts',
        'test/suite/**/*.test.ts',
        'test/codegen/endpoint-source.test.ts',
        'test/codegen/prebid-adapter.test.ts',
        'test/codegen/prebid-repo-judge.test.ts',
        'test/conformance/{library,compact,engines,coverage,runner,prebid-records}.test.ts',
        'test/console/units.test.ts',
        'test/client/browser-safe.test.ts',
        'test/auth/{password,throttle,token}.test.ts',
        'test/reports/{csv,validate}.test.ts',
        'test/server/api-conformance-evaluate.test.ts',
        'test/cli/{conformance,enrich-per-imp,usage-words}.test.ts',
      ],
      exclude: ['test/prebid/size.test.ts'],
    },
  }),
);
