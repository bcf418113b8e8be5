// The suite's settings. Limits are set for a busy two-core CI machine, where a test that spawns processes can take
// several times what it takes alone: a test fails on a wrong answer, not on a slow one (a hang still fails).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/slowest-files.ts'],
  },
});
