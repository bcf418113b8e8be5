/**
 * A bound placement on a generated enricher: the adapter's code at first, then, once the placement is hot, its own,
 * its values in the code (as V8 tiers up a function), so a placement bound once per request, or one of a hundred
 * thousand, never pays for code. For a plan that removes or derives, its own code also enriches imp 0 in one write
 * tree (emit-one.ts, docs/spec.md#removals), which `enrich` and `safeEnrich` without `mutate` or `allImps` run.
 */
import type { EnrichOptions } from '../types.js';
import { enrichGenerated, runGenerated, runOne, type EnrichResult, type SafeEnrichResult, type Typed } from '../apply/run-enrichment.js';
import { PLACEMENT_TIER, type Enricher } from './enricher.js';
import type { GeneratedOne } from './runtime.js';

export interface GeneratedPlacement {
  enrich(request: unknown, options?: EnrichOptions): EnrichResult;
  safeEnrich(request: unknown, options?: EnrichOptions): SafeEnrichResult;
}

/** The placement of `written` (every source's value) on `enricher`; `typed` its context (run-enrichment.ts). */
export function generatedPlacement(enricher: Enricher, written: readonly unknown[], typed: Typed | undefined): GeneratedPlacement {
  let apply = enricher.apply;
  let one: GeneratedOne | undefined;
  let calls = 0;
  const current = () => {
    if (calls <= PLACEMENT_TIER.calls && ++calls > PLACEMENT_TIER.calls) ({ apply, one } = enricher.placement(written) ?? { apply });
    return apply;
  };
  // Options that throw when read take the two passes, which refuse them as they always have.
  const oneTree = (options: EnrichOptions | undefined) => {
    try {
      return one !== undefined && options?.mutate !== true && options?.allImps !== true;
    } catch {
      return false;
    }
  };
  return {
    enrich: (request, options) => {
      const apply = current();
      return oneTree(options) ? (runOne(one!, request, true) as EnrichResult) : enrichGenerated(apply, request, written, options, typed);
    },
    safeEnrich: (request, options) => {
      const apply = current();
      return oneTree(options) ? (runOne(one!, request, false) as SafeEnrichResult) : runGenerated(apply, request, written, undefined, options, typed);
    },
  };
}
