// The suite's settings. Limits are set for a busy two-core CI machine, where a test that spawns processes can take
// several times what it takes alone: a test fails on a wrong answer, not on a slow one (a hang still fails). Files
// run two at a time even on two cores (vitest's default there is one): most heavy files wait on child processes.
import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/slowest-files.ts'],
  },
});
