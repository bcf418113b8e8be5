// Issue 23, one verdict: the whole fixture suite through each engine of the library, in process: the code generated
// from each adapter's plan (run with new Function), that code as the standalone module `bidfields codegen --target
// node` writes (imported and passed back to compile), and the interpreter (codegen: false). Each implementation
// fails a case whose adapter runs on another engine than its own, so no engine is tested twice by mistake.
import { describe } from 'vitest';
import { generatedModuleImplementation, generatedNodeImplementation, interpreterImplementation } from '../../src/conformance/implementations/engines.js';
import { conformanceSuite } from './suite.js';

for (const implementation of [generatedNodeImplementation, generatedModuleImplementation, interpreterImplementation]) {
  describe(`conformance fixtures: library on the ${implementation.name} engine`, () => conformanceSuite(implementation, implementation.kinds));
}
