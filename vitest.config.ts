// The suite's settings. Limits are set for a busy two-core CI machine, where a test that spawns processes can take
// several times what it takes alone: a test fails on a wrong answer, not on a slow one (a hang still fails). Files
// run two at a time even on two cores (vitest's default there is one): most heavy files wait on child processes.
//
// The server package imports the library by its public names (`bidfields`, `bidfields/api`, …); in the suite they
// are the library's sources, as tsconfig.json's paths have them, so a test and the server share one copy of each
// module. The pack test (test/packages/pack-install.test.ts) runs the built packages as npm installs them.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^bidfields$/, replacement: source('./src/index.ts') },
      { find: /^bidfields\/api$/, replacement: source('./src/api-contract/index.ts') },
      { find: /^bidfields\/client$/, replacement: source('./src/client/index.ts') },
      { find: /^bidfields\/cli-commands$/, replacement: source('./src/cli/kit.ts') },
      { find: /^bidfields\/prebid$/, replacement: source('./src/prebid/index.ts') },
      { find: /^@bidfields\/server$/, replacement: source('./packages/server/src/index.ts') },
      { find: /^@bidfields\/server\/cli$/, replacement: source('./packages/server/src/cli/index.ts') },
    ],
  },
  test: {
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/slowest-files.ts'],
  },
});
