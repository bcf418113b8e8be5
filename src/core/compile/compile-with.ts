/**
 * `compile` and `validateAdapter` over a check kit (schema validators and endpoint check). The package entry binds
 * the precompiled ajv validators and the endpoint check. (The Prebid bundle runs the compact engine instead:
 * core/compact.)
 */
import { BidfieldsError, type Issue } from '../issues.js';
import type { AdapterInput, CompileOptions, FieldDefinition } from '../types.js';
import { CompiledAdapter } from '../adapter.js';
import { checkAdapter, type CheckKit } from './check-adapter.js';
import { adapterSource, canGenerate, generatedEnricher, moduleEnricher, type Enricher } from '../generate/enricher.js';
import type { Plan } from '../plan/compiled-plan.js';
import { templateHosts } from '../endpoint/template.js';

/** The enricher `options` ask for: a written module, else generated code where the platform allows it, else none. */
function enricherFor(plan: Plan, options: CompileOptions): { enricher: Enricher; source: string } | undefined {
  if (options.enricher !== undefined) {
    const source = adapterSource(plan);
    return { enricher: moduleEnricher(plan, options.enricher, source), source };
  }
  if (options.codegen === false || !canGenerate()) return undefined;
  const source = adapterSource(plan);
  return { enricher: generatedEnricher(plan, source), source };
}

export function compileWith(kit: CheckKit) {
  return function compile(input: AdapterInput, options: CompileOptions = {}): CompiledAdapter {
    // `?? {}`: JavaScript callers pass null too.
    const check = checkAdapter(input, options ?? {}, kit);
    if (!check.plan || !check.protocol) throw new BidfieldsError(check.issues, check.warnings);
    const fields = (Array.isArray(input) ? input : input.fields) as FieldDefinition[];
    // A checked record's template parsed (an unreadable one is an issue).
    const template = check.template === 'unreadable' ? undefined : check.template;
    return new CompiledAdapter(check.plan, {
      protocol: check.protocol,
      fields,
      endpoint: check.endpoint,
      endpointTemplate: template && (input as { endpoint: string }).endpoint,
      split: check.record?.split,
      cpmField: check.record?.cpmField,
      bidderCode: check.record?.bidderCode,
      warnings: check.warnings,
    }, template && { parts: template, hosts: templateHosts(template, check.protocol, options ?? {}) }, enricherFor(check.plan, options ?? {}));
  };
}

export function validateAdapterWith(kit: CheckKit) {
  return function validateAdapter(input: unknown, options: CompileOptions = {}): Issue[] {
    return checkAdapter(input, options ?? {}, kit).issues;
  };
}
