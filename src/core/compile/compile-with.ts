/**
 * `compile` and `validateAdapter` over a check kit (schema validators and endpoint check). The package entry binds
 * the precompiled ajv validators and the endpoint check. (The Prebid bundle runs the compact engine instead:
 * core/compact.)
 */
import { BidfieldsError, issue, type Issue } from '../issues.js';
import type { AdapterInput, CompileOptions, FieldDefinition } from '../types.js';
import { CompiledAdapter } from '../compiled-adapter.js';
import { checkAdapter, type AdapterCheck, type CheckKit } from './check-adapter.js';
import { adapterSource, canGenerate, generatedEnricher, moduleEnricher, type Enricher } from '../source/enricher.js';
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

/**
 * {@link checkAdapter}, with an input that throws while it is read (a JavaScript caller's getter or proxy, at any
 * depth) refused as no adapter (`schema` at the root), as a revoked proxy is: validateAdapter never throws, and
 * compile throws only BidfieldsError. JSON input cannot throw here.
 */
function check(input: unknown, options: CompileOptions, kit: CheckKit): AdapterCheck {
  try {
    return checkAdapter(input, options, kit);
  } catch {
    return { issues: [issue('schema', '', 'the adapter cannot be read: a getter or proxy in it threw')], warnings: [] };
  }
}

export function compileWith(kit: CheckKit) {
  return function compile(input: AdapterInput, options: CompileOptions = {}): CompiledAdapter {
    // `?? {}`: JavaScript callers pass null too.
    const checked = check(input, options ?? {}, kit);
    if (!checked.plan || !checked.protocol) throw new BidfieldsError(checked.issues, checked.warnings);
    const fields = (Array.isArray(input) ? input : input.fields) as FieldDefinition[];
    // A checked record's template parsed (an unreadable one is an issue).
    const template = checked.template === 'unreadable' ? undefined : checked.template;
    return new CompiledAdapter(
      checked.plan,
      {
        protocol: checked.protocol,
        fields,
        endpoint: checked.endpoint,
        endpointTemplate: template && (input as { endpoint: string }).endpoint,
        split: checked.record?.split,
        cpmField: checked.record?.cpmField,
        bidderCode: checked.record?.bidderCode,
        headers: checked.headers,
        warnings: checked.warnings,
      },
      template && { parts: template, hosts: templateHosts(template, checked.protocol, options ?? {}) },
      enricherFor(checked.plan, options ?? {}),
    );
  };
}

export function validateAdapterWith(kit: CheckKit) {
  return function validateAdapter(input: unknown, options: CompileOptions = {}): Issue[] {
    return check(input, options ?? {}, kit).issues;
  };
}
