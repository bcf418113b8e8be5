/**
 * A compiled adapter: the checked definition and its plan, with the enrich entry points. `enrich` throws a
 * `BidfieldsError`, `safeEnrich` returns the same issues as data; `bind` validates values once for the hot path.
 */
import { BidfieldsError, type Issue } from './issues.js';
import type { BidRequest, EnrichOptions, FieldDefinition, FieldValues, Protocol } from './types.js';
import type { Plan } from './plan/compiled-plan.js';
import type { BoundWrites } from './plan/bound-writes.js';
import { bindValues } from './apply/bind-values.js';
import { applyWrites, type Report } from './apply/apply-writes.js';

export interface EnrichResult {
  request: BidRequest;
  /** Warnings such as `both_app_and_site`; same shape as issues (a shared frozen array when there is none). */
  warnings: readonly Issue[];
}

/** A refused enrichment keeps its warnings too (`both_app_and_site` on a request that also has a conflict). */
export type SafeEnrichResult = ({ ok: true } & EnrichResult) | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

/** Values validated and coerced once, ready to enrich many requests. */
export interface BoundAdapter {
  enrich(request: BidRequest, options?: EnrichOptions): EnrichResult;
  safeEnrich(request: BidRequest, options?: EnrichOptions): SafeEnrichResult;
}

/** What `compile` found besides the plan: the record's own keys and lenient-mode warnings. */
export interface AdapterInfo {
  protocol: Protocol;
  fields: readonly FieldDefinition[];
  endpoint?: URL;
  cpmField?: string;
  bidderCode?: string;
  warnings: readonly Issue[];
}

/** Shared by every result without warnings, so the hot path allocates no array; frozen so no caller can fill it. */
const NO_WARNINGS: readonly Issue[] = Object.freeze([]);

function run(writes: BoundWrites, request: unknown, options: EnrichOptions | undefined): SafeEnrichResult {
  const report: Report = {};
  const result = applyWrites(request, writes, options, report);
  const warnings = report.warnings ?? NO_WARNINGS;
  return report.issues ? { ok: false, issues: report.issues, warnings } : { ok: true, request: result, warnings };
}

function enrichOrThrow(writes: BoundWrites, request: unknown, options: EnrichOptions | undefined): EnrichResult {
  const report: Report = {};
  const result = applyWrites(request, writes, options, report);
  const warnings = report.warnings ?? NO_WARNINGS;
  if (report.issues) throw new BidfieldsError(report.issues, warnings);
  return { request: result, warnings };
}

const NO_WRITES: BoundWrites = { tagid: undefined, publisherId: undefined, publisherField: undefined, siteId: undefined, inventoryField: undefined, ext: undefined };

/**
 * The refusal of values that do not bind: their issues with the request's own shape issues, and the request's
 * warnings, so one call reports everything.
 */
function refusal(valueIssues: Issue[], request: unknown, options: EnrichOptions | undefined): Extract<SafeEnrichResult, { ok: false }> {
  const requestCheck = run(NO_WRITES, request, options);
  return { ok: false, issues: requestCheck.ok ? valueIssues : [...valueIssues, ...requestCheck.issues], warnings: requestCheck.warnings };
}

export class CompiledAdapter implements AdapterInfo {
  readonly protocol: Protocol;
  readonly fields: readonly FieldDefinition[];
  readonly endpoint?: URL;
  readonly cpmField?: string;
  readonly bidderCode?: string;
  readonly warnings: readonly Issue[];
  /** @internal The compiled plan. */
  readonly plan: Plan;

  constructor(plan: Plan, info: AdapterInfo) {
    this.plan = plan;
    this.protocol = info.protocol;
    this.fields = info.fields;
    this.warnings = info.warnings;
    if (info.endpoint) this.endpoint = info.endpoint;
    if (info.cpmField !== undefined) this.cpmField = info.cpmField;
    if (info.bidderCode !== undefined) this.bidderCode = info.bidderCode;
  }

  /**
   * Checks entered values (SPEC §3); returns the issues, empty when the values are valid.
   * @example adapter.validateValues({ 'prd.impTagId': 'abc' }) // → []
   */
  validateValues(values: FieldValues): Issue[] {
    return bindValues(this.plan, values).issues;
  }

  /**
   * Applies values to a request without changing it; returns the issues instead of throwing.
   * @example
   * const r = adapter.safeEnrich(request, { zone: 7 });
   * if (r.ok) send(r.request); else log(r.issues);
   */
  safeEnrich(request: BidRequest, values: FieldValues, options?: EnrichOptions): SafeEnrichResult {
    const bound = bindValues(this.plan, values);
    return bound.writes ? run(bound.writes, request, options) : refusal(bound.issues, request, options);
  }

  /**
   * Applies values to a request; the input is not changed and untouched subtrees are shared with the result.
   * @throws BidfieldsError with every issue found, and the warnings (`.warnings`).
   * @example const { request: enriched } = adapter.enrich(request, { 'prd.impTagId': 'top-banner' });
   */
  enrich(request: BidRequest, values: FieldValues, options?: EnrichOptions): EnrichResult {
    const bound = bindValues(this.plan, values);
    if (!bound.writes) {
      const refused = refusal(bound.issues, request, options);
      throw new BidfieldsError(refused.issues, refused.warnings);
    }
    return enrichOrThrow(bound.writes, request, options);
  }

  /**
   * Validates and coerces values once; the returned object enriches many requests with them.
   * @throws BidfieldsError when the values are invalid.
   * @example
   * const placement = adapter.bind({ 'prd.impTagId': 'top', zone: 3 });
   * for (const request of requests) send(placement.enrich(request).request);
   */
  bind(values: FieldValues): BoundAdapter {
    const bound = bindValues(this.plan, values);
    if (!bound.writes) throw new BidfieldsError(bound.issues);
    const writes = bound.writes;
    return {
      enrich: (request, options) => enrichOrThrow(writes, request, options),
      safeEnrich: (request, options) => run(writes, request, options),
    };
  }
}
