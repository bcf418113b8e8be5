/**
 * `bidfields/codegen` (Node only): code generated when a page is built, so the page ships no record check.
 * `generatePrebidAdapter` checks a `prebid-js` adapter record in full and writes a Prebid.js bidder adapter module
 * that holds only the checked constants and imports the shared page runtime (`bidfields/prebid-runtime`), with its
 * Prebid-style doc; its JSDoc has the example (`import { generatePrebidAdapter } from 'bidfields/codegen'`).
 */
export { generatePrebidAdapter, safeGeneratePrebidAdapter, type GeneratePrebidAdapterOptions, type GeneratedFile, type GeneratedPrebidAdapter, type SafeGenerateResult } from './prebid-adapter.js';
export { prebidPlan, type PrebidPlanOptions, type PrebidPlanResult } from './prebid-plan.js';
export { BidfieldsError, type Issue } from '../core/issues.js';
export type { BidderPlan, PrebidRuntimeOptions } from '../prebid/types.js';
export type { FieldPlan } from '../core/plan/field-plan.js';
