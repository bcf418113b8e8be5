/**
 * The record check the page runs (the record-taking Prebid.js bidder), and the compact engine's (./engine.ts): every
 * rule that decides what is written where and every safety rule, with the field plans made by plan/field-plan.ts as
 * `compile` makes them; authoring rules (the JSON Schema: unknown keys, display, keys of another field type;
 * duplicate_option, min above max) stay with `validateAdapter`. Untrusted JSON throughout: it compares with `===` only
 * (`{"toString": 1}` must not throw). Apart from ./engine.ts so that a page that only checks records (the
 * record-taking bidder, which runs the page runtime's own engine) carries no `safeEnrich`.
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
import { codeIssue } from './values-engine.js';
import type { AdapterInput, CompileOptions, Protocol } from '../types.js';

type Obj = Record<string, any>;

/** A record the compact check passed: what the record-taking Prebid.js bidder runs. */
export interface CheckedRecord {
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
}

/** The issues, each message its code in words (the values engine's say only the code). */
export const worded = (issues: Issue[]): Issue[] => {
  for (const found of issues) found.message = found.code.replace(/_/g, ' ');
  return issues;
};

/** An issue whose message is its code in words. */
export const wordedIssue = (code: string, path: string, field?: string): Issue => worded([codeIssue(code, path, field)])[0]!;

/**
 * Checks an adapter record or bare field array by the run-time rules (see the top of this file).
 * @throws BidfieldsError with the issues of the run-time rules.
 * @example checkCompact({ protocol: 'prebid-js', bidderCode: 'x', cpmField: 'price', endpoint: 'https://bid.example.com', fields: [] }, { knownEndpoints: ['bid.example.com'] })
 */
export function checkCompact(input: AdapterInput | unknown, options: Pick<CompileOptions, 'knownEndpoints' | 'allowLocal'> = {}): CheckedRecord {
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
    // A refused name and a refused pattern are both reported, and then no default is judged (as check-field.ts).
    if (refusal) bad(refusal);
    let planned;
    try {
      planned = planField(definition);
    } catch (error) {
      return bad(error instanceof PatternRefusal ? 'unsafe_pattern' : 'schema', '/pattern');
    }
    if (refusal) return;
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
  return {
    protocol,
    endpoint: checked.url,
    template: checked.template as Template | undefined,
    split: record.split === 'imp' ? 'imp' : undefined,
    cpmField,
    bidderCode,
    mediaTypes,
    fields: plans,
    plan: recordPlanOf(plans, rules),
    headers: rules.headers,
    response: record.response === undefined ? undefined : rules.response,
  };
}
