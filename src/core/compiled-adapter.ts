/**
 * A compiled adapter: the checked definition and its plan, with the enrich entry points. `enrich` throws a
 * `BidfieldsError`, `safeEnrich` returns the same issues as data; `bind` validates values once for the hot path.
 */
import { append, BidfieldsError, issue, pointer, type Issue } from './issues.js';
import type { BidRequest, EnrichOptions, FieldDefinition, FieldValues, Protocol } from './types.js';
import type { Plan } from './plan/compiled-plan.js';
import type { BoundWrites } from './plan/bound-writes.js';
import { bindValues, requestWrites } from './apply/bind-values.js';
import { mergeRequestValues, noting } from './apply/merge-values.js';
import { readValues } from './apply/value-issues.js';
import { orThrow, refusal, run, runGenerated, single, typedOf, type EnrichResult, type SafeEnrichResult } from './apply/run-enrichment.js';
import { generatedPlacement } from './source/placement.js';
import { adapterSource, moduleText, type Enricher, type EngineKind } from './source/enricher.js';
import { isArray } from './definition/plain-object.js';
import type { Template } from './endpoint/template.js';
import { endpointUrl } from './apply/endpoint-url.js';
import type { HeaderPlan } from './rules/headers.js';

export type { EnrichResult, SafeEnrichResult };

/**
 * Values validated and coerced once, ready to enrich many requests; also an entry of `enrichImps`' list, for the
 * adapter that bound it.
 */
export interface BoundAdapter {
  enrich(request: BidRequest, options?: EnrichOptions): EnrichResult;
  safeEnrich(request: BidRequest, options?: EnrichOptions): SafeEnrichResult;
}

/** What `compile` found besides the plan: the record's own keys and lenient-mode warnings. */
export interface AdapterInfo {
  protocol: Protocol;
  fields: readonly FieldDefinition[];
  endpoint?: URL;
  /** The endpoint as written when it holds placeholders (docs/spec.md#endpoint-templates); `endpoint` is then undefined. */
  endpointTemplate?: string;
  /** `'imp'`: the protocol wrappers send one request per enriched imp (docs/spec.md#split-imp); `'url'`: one per URL (docs/spec.md#split-url). */
  split?: 'imp' | 'url';
  cpmField?: string;
  bidderCode?: string;
  /** The headers the record adds to each request (docs/spec.md#headers), checked; names in lower case. */
  headers?: readonly HeaderPlan[];
  warnings: readonly Issue[];
}

/** The writes `bind` made, by the placement it returned, and the plan they belong to. */
const placements = new WeakMap<object, { plan: Plan; writes: BoundWrites; placement: BoundAdapter }>();

/** The values each imp entered, as what `enrichImps` takes. */
export type PerImpValues = readonly (FieldValues | BoundAdapter | null | undefined)[];

/** An enrichment prepared: its result, and the source values (merged, per imp: also each imp's) for the endpoint. */
type Prepared = { result: SafeEnrichResult; values?: readonly unknown[]; perImp?: readonly (readonly unknown[] | undefined)[] };

/** A prepared send: the enrichment, and the URL its values make (docs/spec.md#endpoint-templates), for the protocol wrappers. */
export type Sendable = ({ ok: true; url: URL | undefined } & EnrichResult) | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

export class CompiledAdapter implements AdapterInfo {
  readonly protocol: Protocol;
  readonly fields: readonly FieldDefinition[];
  readonly endpoint?: URL;
  readonly endpointTemplate?: string;
  readonly split?: 'imp' | 'url';
  /** @internal The parsed endpoint template, and the hosts its URLs may have (`templateHosts`, from the known endpoints it was checked against). */
  readonly template?: { parts: Template; hosts: string[] };
  readonly cpmField?: string;
  readonly bidderCode?: string;
  /** The headers the record adds to each request (docs/spec.md#headers), checked; names in lower case. */
  readonly headers?: readonly HeaderPlan[];
  /** The record's one-of groups of keys (docs/spec.md#one-of), when it has any: what forms and params schemas show. */
  readonly requireOneOf?: readonly (readonly string[])[];
  readonly warnings: readonly Issue[];
  /** @internal The compiled plan. */
  readonly plan: Plan;
  /**
   * How this adapter applies values: `'generated'`, code generated from its plan and run with `new Function` (the
   * default where the platform allows it); `'module'`, a module written by `bidfields codegen` (the `enricher`
   * option); `'interpreter'`, the plan walked by the interpreter (`codegen: false`, or a page whose CSP forbids
   * `eval`). All three give the same results, issues and warnings.
   */
  readonly engine: EngineKind;
  /** @internal The generated enricher, when the engine is not the interpreter. */
  readonly enricher?: Enricher;
  #source?: string;

  constructor(plan: Plan, info: AdapterInfo, template?: { parts: Template; hosts: string[] }, enricher?: { enricher: Enricher; source: string }) {
    this.plan = plan;
    this.engine = enricher ? enricher.enricher.kind : 'interpreter';
    if (enricher) {
      this.enricher = enricher.enricher;
      this.#source = enricher.source;
    }
    if (template) this.template = template;
    if (info.endpointTemplate !== undefined) this.endpointTemplate = info.endpointTemplate;
    if (info.split) this.split = info.split;
    this.protocol = info.protocol;
    this.fields = info.fields;
    this.warnings = info.warnings;
    if (info.endpoint) this.endpoint = info.endpoint;
    if (info.cpmField !== undefined) this.cpmField = info.cpmField;
    if (info.bidderCode !== undefined) this.bidderCode = info.bidderCode;
    if (info.headers) this.headers = info.headers;
    if (plan.oneOf.length > 0) this.requireOneOf = plan.oneOf.map((group) => [...group.keys]);
  }

  /**
   * The code generated from this adapter's plan, as the standalone ES module `bidfields codegen --target node`
   * writes (for review, or for services that forbid `new Function`: pass the module as `compile`'s `enricher`
   * option). The same text whichever engine this adapter runs.
   * @example console.log(compile(record).source())
   */
  source(): string {
    return moduleText((this.#source ??= adapterSource(this.plan)));
  }

  /**
   * Checks entered values (docs/spec.md#values, keyed by field key); returns the issues, empty when the values are valid.
   * @example adapter.validateValues({ placementId: 'abc' }) // → []
   */
  validateValues(values: FieldValues): Issue[] {
    return readValues(() => bindValues(this.plan, values), '').issues;
  }

  /**
   * Applies values to a request without changing it; returns the issues instead of throwing.
   * @example
   * const r = adapter.safeEnrich(request, { zone: 7 });
   * if (r.ok) send(r.request); else log(r.issues);
   */
  safeEnrich(request: BidRequest, values: FieldValues, options?: EnrichOptions): SafeEnrichResult {
    return this.prepare(request, values, options).result;
  }

  /** The enrichment of one values object, and the bound source values (for the endpoint's placeholders). */
  private prepare(request: unknown, values: FieldValues, options: EnrichOptions | undefined): Prepared {
    if (this.enricher) {
      const { apply, judge, steps } = this.enricher;
      const judged = readValues(() => judge(values, ''), '');
      const written = judged.written;
      return written
        ? { result: runGenerated(apply, request, written, undefined, options, typedOf(this.plan, written, undefined, steps)), values: written }
        : { result: refusal(judged.issues, request, options) };
    }
    const bound = readValues(() => bindValues(this.plan, values), '');
    return bound.writes
      ? { result: run(single(bound.writes), request, options, typedOf(this.plan, bound.writes.values)), values: bound.writes.values }
      : { result: refusal(bound.issues, request, options) };
  }

  /**
   * Applies values to a request; the input is not changed and untouched subtrees are shared with the result.
   * @throws BidfieldsError with every issue found, and the warnings (`.warnings`).
   * @example const { request: enriched } = adapter.enrich(request, { placementId: 'top-banner' });
   */
  enrich(request: BidRequest, values: FieldValues, options?: EnrichOptions): EnrichResult {
    return orThrow(this.safeEnrich(request, values, options));
  }

  /**
   * Applies each imp's own values to it (docs/spec.md#per-imp): `perImp[i]` is the values of `request.imp[i]`, a placement
   * bound by this adapter's `bind`, or `null`/absent (that imp is left as it is). Request-level targets take the
   * value the imps entered; imps that enter different ones are `conflicting_values`. Value issues point at
   * `/<i>/<key>`. Returns the issues instead of throwing.
   * @example adapter.safeEnrichImps(request, [{ placementId: 'top' }, placements.get('side')])
   */
  safeEnrichImps(request: BidRequest, perImp: PerImpValues, options?: Omit<EnrichOptions, 'allImps'>): SafeEnrichResult {
    return this.prepareImps(request, perImp, options).result;
  }

  /** The enrichment of values per imp, with the merged source values and each imp's. */
  private prepareImps(request: unknown, perImp: PerImpValues, options: EnrichOptions | undefined): Prepared {
    if (!isArray(perImp)) return { result: refusal([issue('invalid_value', '', 'values per imp must be an array (one entry per imp)')], request, options) };
    const { plan, enricher } = this;
    // One placement of this adapter for imp 0 (a bidder service's hot path): its values are imp 0's and the request's,
    // which is what the placement itself writes, on its own code (bind: tiered up once hot). `allImps` is no option here.
    const only = perImp.length === 1 ? placements.get(perImp[0]!) : undefined;
    if (only?.plan === plan) {
      const written = only.writes.values;
      return { result: only.placement.safeEnrich(request as BidRequest, options?.mutate ? { mutate: true } : undefined), values: written, perImp: [written] };
    }
    const issues: Issue[] = [];
    // Each imp's source values; the interpreter also takes each imp's writes.
    const values: (readonly unknown[] | undefined)[] = [];
    const bound: (BoundWrites | undefined)[] = [];
    for (let i = 0; i < perImp.length; i++) {
      const entry = perImp[i];
      let writes: BoundWrites | undefined;
      let written: readonly unknown[] | undefined;
      if (entry !== null && entry !== undefined) {
        const placement = placements.get(entry);
        if (placement) {
          // Another plan's values are not comparable with this plan's fields: that entry takes no part in the merge.
          if (placement.plan !== plan) issues.push(issue('invalid_value', `/${i}`, 'a placement bound by another adapter'));
          else {
            writes = placement.writes;
            written = writes.values;
          }
        } else if (enricher) {
          const judged = readValues(() => enricher.judge(entry, `/${i}`), `/${i}`);
          written = judged.written;
          append(issues, judged.issues);
        } else {
          const found = readValues(() => bindValues(plan, entry, `/${i}`), `/${i}`);
          ({ writes } = found);
          written = writes?.values;
          append(issues, found.issues);
        }
      }
      values.push(written);
      bound.push(writes);
    }
    // Imps whose values bound are compared even when others did not, so conflicting_values comes with the value issues.
    const ignored: Issue[] = [];
    const merged = mergeRequestValues(plan, values, issues, ignored);
    if (!merged || issues.length) return { result: refusal(issues, request, options, perImp) };
    if (enricher)
      return {
        result: noting(ignored, runGenerated(enricher.apply, request, merged.values, values, options, typedOf(plan, merged.values, values, enricher.steps))),
        values: merged.values,
        perImp: values,
      };
    const requestLevel = merged.first >= 0 && merged.values === values[merged.first] ? bound[merged.first]!.request : requestWrites(plan, merged.values);
    return {
      result: noting(
        ignored,
        run({ imp: undefined, perImp: bound.map((writes) => writes?.imp), request: requestLevel }, request, options, typedOf(plan, merged.values, values)),
      ),
      values: merged.values,
      perImp: values,
    };
  }

  /**
   * For the protocol wrappers: the enrichment of `values` (or, when `perImp` is given, of values per imp) and the URL to send it to, the
   * endpoint or its template filled with the values (docs/spec.md#endpoint-templates); a value the template refuses is an issue at its
   * path (`/<key>`, per imp `/<i>/<key>` of the first imp that entered it).
   */
  sendable(request: BidRequest, values: FieldValues | undefined, perImp?: PerImpValues, options?: EnrichOptions): Sendable {
    const prepared: Prepared = perImp !== undefined ? this.prepareImps(request, perImp, options) : this.prepare(request, values as FieldValues, options);
    const { result } = prepared;
    // Written out, not spread: a spread of the result costs more than the enrichment (about 0.9 µs against 0.3).
    if (!this.template) return result.ok ? { ok: true, request: result.request, warnings: result.warnings, url: this.endpoint } : result;
    const issues = result.ok ? [] : [...result.issues];
    if (prepared.values) {
      const url = endpointUrl(this.plan, this.template, prepared.values, prepared.perImp);
      if (!(url instanceof URL)) issues.push(url);
      else if (result.ok) return { ok: true, request: result.request, warnings: result.warnings, url };
    }
    return { ok: false, issues, warnings: result.warnings };
  }

  /**
   * `safeEnrichImps`, throwing.
   * @throws BidfieldsError with every issue found, and the warnings (`.warnings`).
   * @example const { request: enriched } = adapter.enrichImps(request, [{ placementId: 'top' }, { placementId: 'side' }]);
   */
  enrichImps(request: BidRequest, perImp: PerImpValues, options?: Omit<EnrichOptions, 'allImps'>): EnrichResult {
    return orThrow(this.safeEnrichImps(request, perImp, options));
  }

  /**
   * Validates and coerces values once; the returned object enriches many requests with them, and is an entry
   * `enrichImps` takes.
   * @throws BidfieldsError when the values are invalid.
   * @example
   * const placement = adapter.bind({ placementId: 'top', zone: 3 });
   * for (const request of requests) send(placement.enrich(request).request);
   */
  bind(values: FieldValues): BoundAdapter {
    const bound = readValues(() => bindValues(this.plan, values), '');
    if (!bound.writes) throw new BidfieldsError(bound.issues);
    let placement: BoundAdapter;
    const typed = typedOf(this.plan, bound.writes.values, undefined, this.enricher?.steps);
    if (this.enricher) {
      placement = generatedPlacement(this.enricher, bound.writes.values, typed);
    } else {
      const writes = single(bound.writes);
      placement = {
        enrich: (request, options) => orThrow(run(writes, request, options, typed)),
        safeEnrich: (request, options) => run(writes, request, options, typed),
      };
    }
    placements.set(placement, { plan: this.plan, writes: bound.writes, placement });
    return placement;
  }
}
