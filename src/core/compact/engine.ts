/**
 * The record checks the page runs (the record-taking Prebid.js bidder) and `safeEnrich`'s request-shape checks: every
 * rule that decides what is written where and every safety rule, with the field plans made by plan/field-plan.ts as
 * `compile` makes them; authoring rules (unknown keys, display, duplicate_option, min above max) stay with
 * `validateAdapter`. Untrusted JSON throughout: it compares with `===` only (`{"toString": 1}` must not throw).
 */
import { BidfieldsError, type Issue } from '../issues.js';
import { isArray as isArrayValue, isPlainObject } from '../definition/plain-object.js';
import { isFieldName, nameRefusal } from '../definition/names.js';
import { shapeProblem, type FieldPlan, type RecordPlan } from '../plan/field-plan.js';
import { recordPlanOf, recordRules } from '../plan/record-rules.js';
import type { HeaderPlan } from '../rules/headers.js';
import type { ResponsePlan } from '../plan/response-plan.js';
import { templateChoices, templateKeys, type Template } from '../endpoint/template.js';
import { defaultCode, planField } from '../plan/make-field-plan.js';
import { isBidderCode } from '../rules/bidder-code.js';
import { isCpmField } from '../rules/cpm-field.js';
import { isMediaTypes, type MediaType } from '../rules/media-types.js';
import { PatternRefusal } from '../plan/pattern-syntax.js';
import { checkEndpointOrTemplateCompact } from './endpoint.js';
import { own, codeIssue, valuesEngine, type CompactEnrichResult } from './values-engine.js';
import { ALL_FEATURES, typedEngine } from './features.js';
import { stepsEngine } from './steps.js';
import { stepsOf } from '../plan/steps-plan.js';
import type { AdapterInput, CompileOptions, Protocol } from '../types.js';

type Obj = Record<string, any>;

export type { CompactEnrichResult } from './values-engine.js';

/** A record compiled by the compact engine: what the record-taking Prebid.js bidder uses. */
export interface CompactAdapter {
  protocol: Protocol;
  /** The checked endpoint (parsed), when the record has one without placeholders. */
  endpoint: URL | undefined;
  /** The checked endpoint template (docs/spec.md#endpoint-templates), when the record's endpoint has placeholders. */
  template: Template | undefined;
  /** `'imp'` when the record splits its requests (docs/spec.md#split-imp). */
  split: 'imp' | undefined;
  cpmField: string | undefined;
  bidderCode: string | undefined;
  /** The media types the partner takes (docs/spec.md#protocols), when the record names them; all three without. */
  mediaTypes: MediaType[] | undefined;
  /** The checked fields, as the page runs them (and as a generated adapter holds them). */
  fields: FieldPlan[];
  /** The checked record: fields, constants, one-of groups. */
  plan: RecordPlan;
  /** The record's checked headers (docs/spec.md#headers), names in lower case; empty without. */
  headers: HeaderPlan[];
  /** How the partner's answers are read (docs/spec.md#response-record), when the record has `response`. */
  response: ResponsePlan | undefined;
  /** The issues of the entered values (docs/spec.md#values); empty when they are valid. */
  validateValues(values: unknown): Issue[];
  /** Applies the values to the request, copy-on-write (docs/spec.md#targets); never throws, never changes its inputs. */
  safeEnrich(request: unknown, values: unknown, options?: { allImps?: boolean }): CompactEnrichResult;
}

/** The issues, each message its code in words (the values engine's say only the code). */
const worded = (issues: Issue[]): Issue[] => {
  for (const found of issues) found.message = found.code.replace(/_/g, ' ');
  return issues;
};

/** An issue whose message is its code in words. */
export const wordedIssue = (code: string, path: string, field?: string): Issue => worded([codeIssue(code, path, field)])[0]!;

/** Own value, `null` counting as absent. */
const present = (object: Obj, key: string) => own(object, key) ?? undefined;

/**
 * Compiles an adapter record or bare field array with the compact engine.
 * @throws BidfieldsError with the issues of the run-time rules (see the top of this file).
 * @example compileCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function compileCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CompactAdapter {
  const issues: Issue[] = [];
  const fail = (code: string, path: string, field?: string) => void issues.push(wordedIssue(code, path, field));
  const isArray = isArrayValue(input);
  const record: Obj = isArray ? { protocol: 'prebid-server', fields: input } : isPlainObject(input) ? input : {};
  const { protocol, fields, endpoint, cpmField, bidderCode, mediaTypes } = record;
  const base = isArray ? '' : '/fields';
  const prebid = protocol === 'prebid-js';
  const known = prebid || protocol === 'rtb' || protocol === 'prebid-server';
  // The endpoint, or its template (docs/spec.md#endpoint-templates): checkEndpointOrTemplate's steps, as validateAdapter takes them.
  const checked: ReturnType<typeof checkEndpointOrTemplateCompact> = endpoint === undefined ? {} : checkEndpointOrTemplateCompact(endpoint, protocol, options);
  const plans: FieldPlan[] = [];
  if (!known) fail('schema', '/protocol');
  if (checked.code) fail(checked.code, '/endpoint');
  if ((prebid || cpmField !== undefined) && !isCpmField(cpmField)) fail('invalid_cpm_field', '/cpmField');
  if ((prebid || bidderCode !== undefined) && !isBidderCode(bidderCode)) fail('invalid_bidder_code', '/bidderCode');
  if (mediaTypes !== undefined && !isMediaTypes(mediaTypes)) fail('invalid_media_types', '/mediaTypes');
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
    } catch (error) {
      return bad(error instanceof PatternRefusal ? 'unsafe_pattern' : 'schema', '/pattern');
    }
    if (planned[1]) bad(defaultCode(planned[1]), '/default');
    else plans.push(planned[0]);
  });
  // The record rules (plan/record-rules.ts): names, keys, constants, one-of groups, whatever else is wrong.
  const rules = recordRules(
    {
      fields: Array.isArray(fields) ? fields : [],
      constants: record.constants,
      requireOneOf: record.requireOneOf,
      exactlyOneOf: record.exactlyOneOf,
      remove: record.remove,
      derive: record.derive,
      requestValues: record.requestValues,
      headers: record.headers,
      response: record.response,
      cpmField,
      endpointKeys: checked.template === 'unreadable' ? undefined : checked.template ? templateKeys(checked.template) : [],
      endpointChoices: checked.template && checked.template !== 'unreadable' ? templateChoices(checked.template) : [],
    },
    base,
    protocol,
    [],
  );
  for (const found of rules.problems) fail(found.code, found.path, found.field);
  if (issues.length) throw new BidfieldsError(issues);
  const plan = recordPlanOf(plans, rules);
  // Removals and derivations (docs/spec.md#removals) first, with their warnings, and guarded targets put back last.
  const stepWarnings: Issue[] = [];
  const values = valuesEngine(plan, ALL_FEATURES);
  const steps = stepsOf(plan);
  const { bind, apply } = steps ? stepsEngine(typedEngine(values), steps, stepWarnings) : typedEngine(values);
  return {
    protocol,
    endpoint: checked.url,
    template: checked.template as Template | undefined,
    split: record.split === 'imp' ? 'imp' : undefined,
    cpmField,
    bidderCode,
    mediaTypes,
    fields: plans,
    plan,
    headers: rules.headers,
    response: record.response === undefined ? undefined : rules.response,
    validateValues(values) {
      const found: Issue[] = [];
      bind(values, found);
      return worded(found);
    },
    // The request's shape is checked here (docs/spec.md#targets), then the page runtime's apply writes the values.
    safeEnrich(request, values, options) {
      const issues: Issue[] = [];
      const fail = (code: string, path: string) => void issues.push(wordedIssue(code, path));
      const bound = bind(values, issues);
      const source = request as Obj;
      const imps = isPlainObject(source) ? present(source, 'imp') : undefined;
      const count = options?.allImps === true ? imps?.length : 1;
      // Values that do not bind write nothing, and their refusal carries no step's warning (as compile's, which runs no step then).
      const refusedValues = issues.length > 0;
      if (refusedValues) bound.clear();
      const shaped = isPlainObject(source) && Array.isArray(imps) && imps.length > 0;
      if (!isPlainObject(source)) fail('invalid_request', '');
      else if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
      else if (!shaped) fail('no_imp', '/imp');
      if (!shaped) return { ok: false, issues: worded(issues), warnings: [] };
      // Every imp in reach is checked (and skipped when it is not an object); the others are still written.
      const enriched = [];
      for (let index = 0; index < count; index++) isPlainObject(imps[index]) ? enriched.push(index) : fail('invalid_request', '/imp/' + index);
      // OpenRTB forbids app and site together: app is used (apply writes the first of app, site, dooh), with a warning.
      const warnings = present(source, 'app') !== undefined && present(source, 'site') !== undefined ? [wordedIssue('both_app_and_site', '/site')] : [];
      stepWarnings.length = 0;
      const out = apply(bound, { ...source, imp: imps.slice() }, enriched, issues);
      const stepped = stepWarnings.splice(0);
      if (!refusedValues) warnings.unshift(...worded(stepped));
      // A constant's object, a list or a JSON value is a copy of its own per bind (values-engine.ts), which apply writes
      // to every imp: each further imp gets its own copy, so no two imps share one either (as compile's per-write copies).
      // Only where apply left that very object: a guarded target (when: "absent") may hold the request's own value.
      if (out) {
        for (const index of enriched.slice(1)) {
          for (const [
            {
              to: [root, ...keys],
            },
            value,
          ] of bound) {
            if (root || typeof value !== 'object') continue;
            const last = keys.pop()!;
            let node = out.imp[index];
            for (const key of keys) node = node[key];
            if (node[last] === value) node[last] = JSON.parse(JSON.stringify(value));
          }
        }
      }
      return issues.length ? { ok: false, issues: worded(issues), warnings } : { ok: true, request: out, warnings };
    },
  };
}
