/**
 * `compile` for size-bound builds (the Prebid.js bidder module): the same field and record rules, plans and
 * enrichment, without the ajv-generated JSON Schema code (the field planner guards the shape it reads) and with
 * the parsed-URL endpoint check. Unknown keys and similar schema niceties are left to `validateAdapter` /
 * `bidfields validate`, where records are authored.
 */
import { compileWith } from './compile/compile-with.js';
import { checkEndpointLite } from './endpoint/check-endpoint.js';
import type { CompiledAdapter } from './adapter.js';
import type { AdapterInput, CompileOptions } from './types.js';

/**
 * Compiles an adapter record without the full JSON Schema check.
 * @example const adapter = compileLite(record, { knownEndpoints: ['bid.example.com'] });
 */
export const compileLite: (input: AdapterInput, options?: CompileOptions) => CompiledAdapter = /* @__PURE__ */ compileWith({ endpoint: checkEndpointLite });
