/**
 * The record checks the page runs (the record-taking Prebid.js bidder) and `safeEnrich`'s request-shape checks: every
 * rule that decides what is written where and every safety rule, with the field plans made by plan/field-plan.ts as
 * `compile` makes them; authoring rules (unknown keys, display, duplicate_option, min above max) stay with
 * `validateAdapter`. Untrusted JSON throughout: it compares with `===` only (`{"toString": 1}` must not throw).
 */
import { BidfieldsError, type Issue } from '../issues.js';
import { isArray as isArrayValue, isPlainObject } from '../apply/plain-object.js';
import { hasUnsafeSegment, isDotPath, isFieldName, nameRefusal } from '../definition/names.js';
import { shapeProblem, type FieldPlan, type RecordPlan } from '../plan/field-plan.js';
import { recordRules } from '../plan/record-rules.js';
import { planField } from '../plan/plan-field.js';
import { checkEndpointCompact } from './endpoint.js';
import { present, problem, valuesEngine, type CompactEnrichResult } from './values-engine.js';
import type { AdapterInput, CompileOptions, Protocol } from '../types.js';

type Obj = Record<string, any>;

export type { CompactEnrichResult } from './values-engine.js';
export { problem } from './values-engine.js';

/** A record compiled by the compact engine: what the record-taking Prebid.js bidder uses. */
export interface CompactAdapter {
  protocol: Protocol;
  /** The checked endpoint (parsed), when the record has one. */
  endpoint: URL | undefined;
  cpmField: string | undefined;
  bidderCode: string | undefined;
  /** The checked fields, as the page runs them (and as a generated adapter holds them). */
  fields: FieldPlan[];
  /** The checked record: fields, constants, one-of groups. */
  plan: RecordPlan;
  /** The issues of the entered values (SPEC §3); empty when they are valid. */
  validateValues(values: unknown): Issue[];
  /** Applies the values to the request, copy-on-write (SPEC §2); never throws, never changes its inputs. */
  safeEnrich(request: unknown, values: unknown, options?: { allImps?: boolean }): CompactEnrichResult;
}

/** A dot path of `[A-Za-z0-9_$-]+` segments. */
const isPath = (text: unknown): text is string => typeof text === 'string' && isDotPath(text);

/**
 * Compiles an adapter record or bare field array with the compact engine.
 * @throws BidfieldsError with the issues of the run-time rules (see the top of this file).
 * @example compileCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function compileCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CompactAdapter {
  const issues: Issue[] = [];
  const fail = (code: string, path: string, field?: string) => void issues.push(problem(code, path, field));
  const isArray = isArrayValue(input);
  const record: Obj = isArray ? { protocol: 'prebid-server', fields: input } : isPlainObject(input) ? input : {};
  const { protocol, fields, endpoint, cpmField, bidderCode } = record;
  const base = isArray ? '' : '/fields';
  const prebid = protocol === 'prebid-js';
  const known = prebid || protocol === 'rtb' || protocol === 'prebid-server';
  const url = endpoint === undefined ? undefined : checkEndpointCompact(endpoint, protocol, options);
  const plans: FieldPlan[] = [];
  if (!known) fail('schema', '/protocol');
  if (typeof url === 'string') fail(url, '/endpoint');
  if ((prebid || cpmField !== undefined) && !(isPath(cpmField) && !hasUnsafeSegment(cpmField))) fail('invalid_cpm_field', '/cpmField');
  if ((prebid || bidderCode !== undefined) && !(isPath(bidderCode) && !hasUnsafeSegment(bidderCode) && /^[\w-]+$/.test(bidderCode))) fail('invalid_bidder_code', '/bidderCode');
  (Array.isArray(fields) ? fields : (fail('schema', base), [])).forEach((field: unknown, index: number) => {
    const definition: Obj = isPlainObject(field) ? field : {};
    const { name } = definition;
    const bad = (code: string, key = '/name') => fail(code, `${base}/${index}${key}`, typeof name === 'string' ? name : undefined);
    if (!isFieldName(name)) return bad('schema');
    const shape = shapeProblem(definition);
    const refusal = nameRefusal(name, protocol);
    if (shape) return bad('schema', '/' + shape);
    if (refusal) return bad(refusal);
    let planned;
    try {
      planned = planField(definition);
    } catch {
      return bad('schema', '/pattern');
    }
    if (planned[1]) bad('invalid_default', '/default');
    else plans.push(planned[0]);
  });
  // The record rules (plan/record-rules.ts): names, keys, constants, one-of groups, whatever else is wrong.
  const rules = recordRules({ fields: Array.isArray(fields) ? fields : [], constants: record.constants, requireOneOf: record.requireOneOf }, base, protocol, []);
  for (const found of rules.problems) fail(found.code, found.path, found.field);
  if (issues.length) throw new BidfieldsError(issues);
  const plan: RecordPlan = { fields: plans, ...(rules.constants.length && { constants: rules.constants }), ...(rules.oneOf.length && { oneOf: rules.oneOf }) };
  const { bind, apply } = valuesEngine(plan);
  return {
    protocol,
    endpoint: url as URL | undefined,
    cpmField,
    bidderCode,
    fields: plans,
    plan,
    validateValues(values) {
      const found: Issue[] = [];
      bind(values, found);
      return found;
    },
    // The request's shape is checked here (SPEC §2), then the page runtime's apply writes the values.
    safeEnrich(request, values, options) {
      const issues: Issue[] = [];
      const fail = (code: string, path: string) => void issues.push(problem(code, path));
      const bound = bind(values, issues);
      const source = request as Obj;
      const imps = isPlainObject(source) ? present(source, 'imp') : undefined;
      const count = options?.allImps === true ? imps?.length : 1;
      if (issues.length) bound.clear();
      const shaped = isPlainObject(source) && Array.isArray(imps) && imps.length > 0;
      if (!isPlainObject(source)) fail('invalid_request', '');
      else if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
      else if (!shaped) fail('no_imp', '/imp');
      if (!shaped) return { ok: false, issues, warnings: [] };
      // Every imp in reach is checked (and skipped when it is not an object); the others are still written.
      const enriched = [];
      for (let index = 0; index < count; index++) isPlainObject(imps[index]) ? enriched.push(index) : fail('invalid_request', '/imp/' + index);
      // OpenRTB forbids app and site together: app is used (apply writes the first of app, site, dooh), with a warning.
      const warnings = present(source, 'app') !== undefined && present(source, 'site') !== undefined ? [problem('both_app_and_site', '/site')] : [];
      const out = apply(bound, source, enriched, issues);
      return issues.length ? { ok: false, issues, warnings } : { ok: true, request: out, warnings };
    },
  };
}
