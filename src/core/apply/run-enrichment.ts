/**
 * Running an enrichment on either engine and shaping its result: the interpreter's writes (apply/apply-writes.ts),
 * or a generated enricher's apply (core/source) on source values; the throwing and the safe result; and the
 * refusal of values that do not bind, which reports the request's own issues with them.
 */
import { BidfieldsError, issue, type Issue } from '../issues.js';
import type { BidRequest, EnrichOptions } from '../types.js';
import type { BoundWrites, ImpWrites, RequestWrites } from '../plan/bound-writes.js';
import { applyWrites, type Report } from './apply-writes.js';
import { applyTyped, typedWrites, type TypedWrite } from './typed-writes.js';
import { guardAbsent, prepareRequest } from './request-steps.js';
import type { Plan } from '../plan/compiled-plan.js';
import { isArray, isPlainObject } from '../definition/plain-object.js';

/**
 * The values of a plan that has typed targets (docs/spec.md#more-openrtb-targets) or steps (removals, derivations), for the
 * steps that run around the engine's own writes: the request-level values (and every imp's, without `perImp`), and
 * each imp's with `perImp`.
 */
export interface Typed {
  plan: Plan;
  values: readonly unknown[];
  perImp?: PerImpSources;
  /** The plan's steps as generated code (core/source/emit-steps.ts), else the interpreter's `prepareRequest` runs them. */
  prepare?: GeneratedSteps;
  /** The typed writes of `values`, made on the first enrichment (a bound placement's context lives as long as it does); `null`: none. */
  impWrites?: TypedWrite[] | null;
  requestWrites?: TypedWrite[] | null;
}

/** The context of values, or `undefined` for a plan without typed targets or steps (no cost on their hot path). */
export const typedOf = (plan: Plan, values: readonly unknown[], perImp?: PerImpSources, prepare?: GeneratedSteps): Typed | undefined =>
  plan.typed.length || plan.steps ? { plan, values, perImp, prepare } : undefined;

/** The engine's apply on a request (the caller's, or the steps' view of it), in place or not. */
type Apply = (request: unknown, mutate: boolean) => BidRequest;

/**
 * The steps (request-steps.ts: removals, derivations) on a view of the request, the engine's apply on it, then the
 * typed writes (typed-writes.ts). With `mutate` and typed writes alone, the typed writes are first checked on the input,
 * and a request they would refuse is not written in place at all (as the engines' own writes are not). With `mutate`
 * and steps, everything is written on the view and, when nothing was refused, its top-level keys are set on the
 * caller's request (and its imps into its imp array): the result is the caller's object.
 */
function aroundApply(typed: Typed | undefined, request: unknown, options: EnrichOptions | undefined, report: Report, apply: Apply): BidRequest {
  let mutate = options?.mutate === true;
  // A request the engine refuses for its shape (no imp list, more entries than imps) is refused before anything is
  // written: no step and no typed write either (with `mutate`, the caller's request stays as it was given).
  if (!typed || !isPlainObject(request) || !isArray(request.imp) || !request.imp.length || (typed.perImp?.length ?? 0) > request.imp.length)
    return apply(request, mutate);
  const { plan, values, perImp } = typed;
  const imps = request.imp;
  const count = Math.min(perImp ? perImp.length : options?.allImps === true ? imps.length : 1, imps.length);
  let view: Record<string, unknown> = request;
  let restore: ((out: Record<string, unknown>) => void) | undefined;
  if (plan.steps) {
    const enriched: number[] = [];
    for (let i = 0; i < count; i++) if ((!perImp || perImp[i]) && isPlainObject(imps[i])) enriched.push(i);
    view = typed.prepare ? typed.prepare(request, enriched, report, request) : prepareRequest(plan.steps, request, enriched, report);
    if (plan.steps.guards?.length) restore = guardAbsent(plan.steps.guards, view, enriched);
  }
  // The typed writes, only for a plan that has typed targets (one with steps alone pays nothing for them).
  const typedTargets = plan.typed.length > 0;
  const impWrites = perImp || !typedTargets ? undefined : ((typed.impWrites ??= typedWrites(plan, values, true) ?? null) ?? undefined);
  // A loop, not Array.from over an array-like (which cost a bound placement about 0.4 µs a call).
  const each: (readonly TypedWrite[] | undefined)[] = [];
  if (typedTargets) for (let i = 0; i < count; i++) each.push(perImp ? perImp[i] && typedWrites(plan, perImp[i]!, true) : impWrites);
  const requestLevel = typedTargets ? ((typed.requestWrites ??= typedWrites(plan, values, false) ?? null) ?? undefined) : undefined;
  if (mutate && view === request && typedTargets) {
    const probe: Report = {};
    applyTyped(request, request, each, requestLevel, true, probe, true);
    if (probe.issues) mutate = false;
  }
  const out = apply(view, mutate && view === request) as unknown as Record<string, unknown>;
  // In place only when the engine wrote in place (it may copy though asked not to: an imp that is no object); a
  // request it refused before writing (its shape) is the input itself, into which nothing more is written.
  const inPlace = mutate && out === request;
  if (typedTargets && isPlainObject(out) && (inPlace || out !== request) && isArray(out.imp)) applyTyped(request, out, each, requestLevel, inPlace, report);
  // Guarded targets (when: "absent") keep what the request held there.
  if (restore && isPlainObject(out) && (inPlace || out !== request) && !report.issues) restore(out);
  return mutate && out !== request && !report.issues && isPlainObject(out) ? settle(request, out) : (out as unknown as BidRequest);
}

/** Sets the result's top-level keys (and imps) on the caller's request, which becomes the result (`mutate` with steps). */
function settle(request: Record<string, unknown>, out: Record<string, unknown>): BidRequest {
  for (const key of Object.keys(request)) if (!Object.hasOwn(out, key)) delete request[key];
  const imps = request.imp as unknown[];
  for (const key of Object.keys(out)) if (key !== 'imp') request[key] = out[key];
  (out.imp as unknown[]).forEach((imp, i) => (imps[i] = imp));
  return request as unknown as BidRequest;
}

/** A generated `steps` (core/source/emit-steps.ts): `prepareRequest` (request-steps.ts) for one plan. */
export type GeneratedSteps = (
  request: Record<string, unknown>,
  imps: readonly number[],
  report: Report,
  given: Record<string, unknown>,
) => Record<string, unknown>;

/**
 * A bound placement's enrichment of imp 0, copying, in one write tree (core/source/emit-one.ts): what `aroundApply`
 * and its apply do for a plan with removals or derivations and neither typed targets nor guards.
 */
export type GeneratedOne = (request: unknown, report: Report) => BidRequest;

/** The values of each imp for `enrichImps`; `undefined`: the imp is left as it is. */
export type PerImpSources = readonly (readonly unknown[] | undefined)[];

/**
 * A generated `apply` (core/source writes it): the interpreter's `applyWrites` for one plan. `w` holds the source
 * values (fields, then constants, `undefined` where none was entered; a placement's enricher ignores it, its values
 * are in its code); with `perImp`, imp i takes `perImp[i]` and `w` is the request-level values.
 */
export type GeneratedApply = (
  request: unknown,
  w: readonly unknown[],
  perImp: PerImpSources | undefined,
  allImps: boolean,
  mutate: boolean,
  report: Report,
) => BidRequest;

export interface EnrichResult {
  request: BidRequest;
  /** Warnings such as `both_app_and_site`; same shape as issues (a shared frozen array when there is none). */
  warnings: readonly Issue[];
}

/** A refused enrichment keeps its warnings too (`both_app_and_site` on a request that also has a conflict). */
export type SafeEnrichResult = ({ ok: true } & EnrichResult) | { ok: false; issues: Issue[]; warnings: readonly Issue[] };

/** Shared by every result without warnings, so the hot path allocates no array; frozen so no caller can fill it. */
const NO_WARNINGS: readonly Issue[] = Object.freeze([]);

/** An enrichment: imp writes (the same for each imp, or per imp) and the request's. */
export interface Writes {
  imp: ImpWrites | undefined;
  perImp: readonly (ImpWrites | undefined)[] | undefined;
  request: RequestWrites;
}

/** The result of an apply, from what it returned and reported. */
function finish(result: BidRequest, report: Report): SafeEnrichResult {
  const warnings = report.warnings ?? NO_WARNINGS;
  return report.issues ? { ok: false, issues: report.issues, warnings } : { ok: true, request: result, warnings };
}

/** Applies writes with the interpreter. */
export function run(writes: Writes, request: unknown, options: EnrichOptions | undefined, typed?: Typed): SafeEnrichResult {
  const report: Report = {};
  try {
    if (!typed) return finish(applyWrites(request, writes.imp, writes.perImp, writes.request, options, report), report);
    const applied = (request: unknown, mutate: boolean) =>
      applyWrites(request, writes.imp, writes.perImp, writes.request, mutate === (options?.mutate === true) ? options : { ...options, mutate }, report);
    return finish(aroundApply(typed, request, options, report, applied), report);
  } catch {
    return unreadable(report);
  }
}

/**
 * A request (or options) that threw while it was read, a JavaScript caller's getter or proxy: a refusal, since the
 * safe APIs never throw. (JSON cannot make one: a JSON request is only read as deep as the plan writes.) With
 * `mutate`, what was written before the throw stays written.
 */
function unreadable(report: Report): SafeEnrichResult {
  return {
    ok: false,
    issues: [issue('invalid_request', '', 'the bid request cannot be read: a getter or proxy in it threw')],
    warnings: report.warnings ?? NO_WARNINGS,
  };
}

/** Applies source values with a generated enricher's apply (with `perImp`, values per imp and `values` the request's). */
export function runGenerated(
  apply: GeneratedApply,
  request: unknown,
  values: readonly unknown[],
  perImp: readonly (readonly unknown[] | undefined)[] | undefined,
  options: EnrichOptions | undefined,
  typed?: Typed,
): SafeEnrichResult {
  const report: Report = {};
  try {
    if (!typed) return finish(apply(request, values, perImp, options?.allImps === true, options?.mutate === true, report), report);
    return finish(
      aroundApply(typed, request, options, report, (request, mutate) => apply(request, values, perImp, options?.allImps === true, mutate, report)),
      report,
    );
  } catch {
    return unreadable(report);
  }
}

/**
 * The enrichment a placement's one write tree makes (`enrich` and `safeEnrich` without `mutate` or `allImps`), as
 * {@link runGenerated} makes it, or {@link enrichGenerated} with `raise`.
 */
export function runOne(one: GeneratedOne, request: unknown, raise: boolean): SafeEnrichResult | EnrichResult {
  const report: Report = {};
  let result: BidRequest;
  try {
    result = one(request, report);
  } catch {
    const refused = unreadable(report) as Extract<SafeEnrichResult, { ok: false }>;
    if (raise) throw new BidfieldsError(refused.issues, refused.warnings);
    return refused;
  }
  if (!raise) return finish(result, report);
  const warnings = report.warnings ?? NO_WARNINGS;
  if (report.issues) throw new BidfieldsError(report.issues, warnings);
  return { request: result, warnings };
}

/** {@link runGenerated}, throwing: the hot path of a bound placement, with no result object in between. */
export function enrichGenerated(
  apply: GeneratedApply,
  request: unknown,
  values: readonly unknown[],
  options: EnrichOptions | undefined,
  typed?: Typed,
): EnrichResult {
  const report: Report = {};
  let result: BidRequest;
  try {
    result = typed
      ? aroundApply(typed, request, options, report, (request, mutate) => apply(request, values, undefined, options?.allImps === true, mutate, report))
      : apply(request, values, undefined, options?.allImps === true, options?.mutate === true, report);
  } catch {
    // A getter or proxy that threw: BidfieldsError, as the interpreter's placement throws.
    const refused = unreadable(report) as Extract<SafeEnrichResult, { ok: false }>;
    throw new BidfieldsError(refused.issues, refused.warnings);
  }
  const warnings = report.warnings ?? NO_WARNINGS;
  if (report.issues) throw new BidfieldsError(report.issues, warnings);
  return { request: result, warnings };
}

export function orThrow(result: SafeEnrichResult): EnrichResult {
  if (!result.ok) throw new BidfieldsError(result.issues, result.warnings);
  return { request: result.request, warnings: result.warnings };
}

const NO_REQUEST_WRITES: RequestWrites = { publisherId: undefined, publisherField: undefined, siteId: undefined, inventoryField: undefined, ext: undefined };
const NO_WRITES: Writes = { imp: undefined, perImp: undefined, request: NO_REQUEST_WRITES };
export const single = (bound: BoundWrites): Writes => ({ imp: bound.imp, perImp: undefined, request: bound.request });

/**
 * The refusal of values that do not bind: their issues with the request's own shape issues, and the request's
 * warnings, so one call reports everything.
 */
export function refusal(
  valueIssues: Issue[],
  request: unknown,
  options: EnrichOptions | undefined,
  perImp?: readonly unknown[],
): Extract<SafeEnrichResult, { ok: false }> {
  const requestCheck = run(perImp ? { ...NO_WRITES, perImp: perImp.map(() => undefined) } : NO_WRITES, request, options);
  return { ok: false, issues: requestCheck.ok ? valueIssues : [...valueIssues, ...requestCheck.issues], warnings: requestCheck.warnings };
}
