import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { runCase } from '../../src/conformance/run-suite.js';
import { libraryImplementation } from '../../src/conformance/implementations/library.js';

const root = path.resolve(import.meta.dirname, '../../fixtures');

describe('conformance fixtures: library', () => {
  for (const loaded of loadFixtures(root)) {
    describe(loaded.file, () => {
      if (loaded.problems.length > 0) it('is a valid fixture file', () => expect(loaded.problems).toEqual([]));
      for (const testCase of loaded.cases) {
        it(testCase.name, async () => {
          const result = await runCase(libraryImplementation, testCase);
          expect(result.reasons).toEqual(result.status === 'skipped' ? result.reasons : []);
        });
      }
    });
  }
});
