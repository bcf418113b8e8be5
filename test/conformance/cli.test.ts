// The whole fixture suite through the built CLI (`node dist/cli.js`), a few cases at a time in parallel.
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/conformance/load-fixtures.js';
import { runCase } from '../../src/conformance/run-suite.js';
import { cliImplementation } from '../../src/conformance/implementations/cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const implementation = cliImplementation([process.execPath, cli]);

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('conformance fixtures: CLI (dist/cli.js)', () => {
  for (const loaded of loadFixtures(path.join(root, 'fixtures'))) {
    describe.concurrent(loaded.file, () => {
      for (const testCase of loaded.cases) {
        it(testCase.name, async () => {
          const result = await runCase(implementation, testCase);
          expect(result.reasons).toEqual(result.status === 'skipped' ? result.reasons : []);
        });
      }
    });
  }
});
