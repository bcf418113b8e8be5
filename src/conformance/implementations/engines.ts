/**
 * The library on each of its engines, every case kind the library takes: `generated-node` (the code
 * generated from each adapter's plan, run with `new Function`, as on Node by default), `generated-module` (that
 * code as the module `bidfields codegen --target node` writes, imported) and `interpreter` (`codegen: false`, as on
 * a page whose CSP forbids `eval`). One verdict: each must pass every fixture the library passes.
 */
import type { Implementation } from '../types.js';
import { libraryImplementation, libraryRunner } from './library.js';

export const generatedNodeImplementation: Implementation = { name: 'generated-node', kinds: libraryImplementation.kinds, run: libraryRunner('generated') };
export const generatedModuleImplementation: Implementation = { name: 'generated-module', kinds: libraryImplementation.kinds, run: libraryRunner('module') };
export const interpreterImplementation: Implementation = { name: 'interpreter', kinds: libraryImplementation.kinds, run: libraryRunner('interpreter') };
