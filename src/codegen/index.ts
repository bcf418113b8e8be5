/**
 * `bidfields/codegen` (Node only): code generated at build time. `generatePrebidAdapter` checks a `prebid-js`
 * adapter record in full and writes a Prebid.js bidder adapter module that holds only the checked constants and
 * imports the shared page runtime (`bidfields/prebid-runtime`), with its Prebid-style doc, so the page ships no
 * record check. `generateEnricherModule` writes a record's generated enricher as a standalone module, for services
 * that forbid `new Function` (`compile(record, { enricher })`). Their JSDoc has the examples.
 */
export {
  generatePrebidAdapter,
  safeGeneratePrebidAdapter,
  type GeneratePrebidAdapterOptions,
  type GeneratedFile,
  type GeneratedPrebidAdapter,
  type SafeGenerateResult,
} from './prebid-adapter.js';
export { generateEnricherModule, safeGenerateEnricherModule, type GenerateEnricherOptions, type SafeGenerateEnricherResult } from './enricher-module.js';
export { prebidPlan, type PrebidPlanOptions, type PrebidPlanResult } from './prebid-plan.js';
export { BidfieldsError, type Issue } from '../core/issues.js';
export type { BidderPlan, PrebidRuntimeOptions } from '../prebid/types.js';
export type { FieldPlan } from '../core/plan/field-plan.js';
