// The whole fixture suite through the built CLI (`node dist/cli.js`), a few cases at a time in parallel.
import path from 'node:path';
import fs from 'node:fs';
import { describe } from 'vitest';
import { cliImplementation } from '../../src/conformance/implementations/cli.js';
import { conformanceSuite } from './suite.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');
const implementation = cliImplementation([process.execPath, cli]);

describe.skipIf(!fs.existsSync(cli) && !process.env.CI)('conformance fixtures: CLI (dist/cli.js)', () => {
  conformanceSuite(implementation, implementation.kinds, { concurrent: true });
});
