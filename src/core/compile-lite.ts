/**
 * `compile` for size-bound builds: the same field and record rules, plans and enrichment, with structural
 * validators instead of the ajv-generated JSON Schema code (see definition/light-validators.ts).
 */
import { compileWith } from './compile/compile-with.js';
import { lightValidators } from './definition/light-validators.js';
import type { CompiledAdapter } from './adapter.js';
import type { AdapterInput, CompileOptions } from './types.js';

/**
 * Compiles an adapter record without the full JSON Schema check (no unknown-key or empty-display issues).
 * @example const adapter = compileLite(record, { knownEndpoints: ['bid.example.com'] });
 */
export const compileLite: (input: AdapterInput, options?: CompileOptions) => CompiledAdapter = /* @__PURE__ */ compileWith(lightValidators);
