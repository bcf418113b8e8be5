/**
 * The whole definition check, shared by `compile` (which throws) and `validateAdapter` (which returns issues):
 * the JSON Schema first, then the record rules (endpoint, CPM field, bidder code) and the field rules of SPEC
 * docs/spec.md#fields. Every issue is collected; a plan is returned only when there is none.
 */
import { append, issue, type Issue } from '../issues.js';
import type { CompileOptions, Protocol } from '../types.js';
import { compilePlan, type Plan } from '../plan/compiled-plan.js';
import type { FieldPlan } from '../plan/field-plan.js';
import type { SchemaResult } from '../definition/schema-issues.js';
import { isSafeSegment } from '../definition/names.js';
import { BIDDER_CODE_RULE, isBidderCode } from '../rules/bidder-code.js';
import { isCpmField } from '../rules/cpm-field.js';
import { isMediaTypes, MEDIA_TYPES_RULE, type MediaType } from '../rules/media-types.js';
import type { checkEndpointOrTemplate } from '../endpoint/check-endpoint.js';
import { templateChoices, templateKeys, type Template } from '../endpoint/template.js';
import { isArray as isArrayValue, isPlainObject } from '../definition/plain-object.js';
import { recordPlanOf, recordRules } from '../plan/record-rules.js';
import { checkField } from './check-field.js';
import { recordMessage } from '../plan/messages.js';
import type { HeaderPlan } from '../rules/headers.js';

/** The JSON Schema stage of the full check: validates a record or a field array, issues with field names. */
export type SchemaCheck = (input: unknown, isArray: boolean, fieldNameAt: (path: string) => string | undefined) => SchemaResult;

/** What the check runs on: the JSON Schema validators (precompiled from `schemas/`) and the endpoint check. */
export interface CheckKit {
  schema: SchemaCheck;
  endpoint: typeof checkEndpointOrTemplate;
}

export interface AdapterCheck {
  issues: Issue[];
  warnings: Issue[];
  plan?: Plan;
  protocol?: Protocol;
  /** The record's CPM field and bidder code, when the input was a record (its endpoint is `endpoint`). */
  record?: { cpmField?: string; bidderCode?: string; split?: 'imp' | 'url'; mediaTypes?: MediaType[] };
  /** The record's checked headers (docs/spec.md#headers), when it has any. */
  headers?: HeaderPlan[];
  endpoint?: URL;
  /** The endpoint's template, when it has placeholders (docs/spec.md#endpoint-templates); `'unreadable'` when they do not parse. */
  template?: Template | 'unreadable';
}

const PROTOCOLS: readonly unknown[] = ['rtb', 'prebid-server', 'prebid-js'];

function checkRecordKeys(record: Record<string, unknown>, protocol: Protocol, options: CompileOptions, kit: CheckKit, out: AdapterCheck): void {
  const { cpmField, bidderCode, endpoint, mediaTypes } = record;
  if (protocol === 'prebid-js' && cpmField === undefined)
    out.issues.push(issue('invalid_cpm_field', '/cpmField', 'a Prebid JS adapter needs the CPM field of the partner\'s bid (e.g. "price")'));
  else if (typeof cpmField === 'string' && !isCpmField(cpmField)) {
    out.issues.push(
      issue('invalid_cpm_field', '/cpmField', 'the CPM field must be a dot path of [A-Za-z0-9_$-] segments without __proto__, prototype or constructor'),
    );
  }
  if (protocol === 'prebid-js' && bidderCode === undefined)
    out.issues.push(issue('invalid_bidder_code', '/bidderCode', 'a Prebid JS adapter needs its bidder code'));
  else if (typeof bidderCode === 'string' && !isBidderCode(bidderCode)) {
    out.issues.push(issue('invalid_bidder_code', '/bidderCode', `the bidder code must be ${BIDDER_CODE_RULE}`));
  }
  if (mediaTypes !== undefined && !isMediaTypes(mediaTypes))
    out.issues.push(issue('invalid_media_types', '/mediaTypes', `mediaTypes must be ${MEDIA_TYPES_RULE}`));
  // A non-string endpoint is already a schema issue.
  if (typeof endpoint === 'string') {
    const checked = kit.endpoint(endpoint, protocol, '/endpoint', options);
    append(out.issues, checked.issues);
    if (checked.endpoint) out.endpoint = checked.endpoint.url;
    // Kept refused or not (then compile fails on the issue): its placeholders name fields the record rules check.
    if (checked.template) out.template = checked.template;
  }
  out.record = {
    cpmField: typeof cpmField === 'string' ? cpmField : undefined,
    bidderCode: typeof bidderCode === 'string' ? bidderCode : undefined,
    split: record.split === 'imp' || record.split === 'url' ? record.split : undefined,
    mediaTypes: isMediaTypes(mediaTypes) ? mediaTypes : undefined,
  };
}

function checkExtBase(extBase: readonly unknown[]): Issue[] {
  const bad = extBase.some((segment) => !isSafeSegment(segment));
  return bad ? [issue('unsafe_name', '', 'compile option extBase must be plain key segments ([A-Za-z0-9_$-]+, no prototype keys)')] : [];
}

/** Checks an adapter record or a bare field array; never throws on bad input. */
export function checkAdapter(input: unknown, options: CompileOptions, kit: CheckKit): AdapterCheck {
  const out: AdapterCheck = { issues: [], warnings: [] };
  const extBase = options.extBase ?? [];
  append(out.issues, checkExtBase(extBase));
  const isArray = isArrayValue(input);
  if (!isArray && !isPlainObject(input)) {
    out.issues.push(issue('schema', '', 'an adapter must be an adapter record object or an array of field definitions'));
    return out;
  }
  const fieldsPath = isArray ? '' : '/fields';
  const fields: unknown = isArray ? input : input.fields;
  const protocol = (isArray ? 'prebid-server' : PROTOCOLS.includes(input.protocol) ? input.protocol : undefined) as Protocol | undefined;
  out.protocol = protocol;

  const nameAt = (path: string): string | undefined => {
    if (!Array.isArray(fields) || !path.startsWith(fieldsPath + '/')) return undefined;
    const index = Number(path.slice(fieldsPath.length + 1).split('/')[0]);
    const field: unknown = fields[index];
    return isPlainObject(field) && typeof field.name === 'string' ? field.name : undefined;
  };
  const schema = kit.schema(input, isArray, nameAt);
  append(out.issues, schema.errors);
  append(options.strict === false ? out.warnings : out.issues, schema.unknownKeys);

  if (!isArray && protocol !== undefined) checkRecordKeys(input, protocol, options, kit, out);
  // An unknown protocol does not hide the fields' own issues (only the RTB prefix rule needs the protocol).
  if (!Array.isArray(fields)) return out;

  // Field rules run on every field the schema accepted, so one bad field does not hide another's issues; the record
  // rules (names, keys, constants, one-of groups) run on every part whose shape they can read, whatever else is
  // wrong with it, and report nothing where the schema already did.
  const badFields = new Set(schema.errors.map((found) => found.path.slice(fieldsPath.length + 1).split('/')[0]));
  const plans: FieldPlan[] = [];
  fields.forEach((field: unknown, index) => {
    if (badFields.has(String(index))) return;
    const planned = checkField(field, index, fieldsPath, protocol, extBase as readonly string[]);
    append(out.issues, planned.issues);
    if (planned.plan) plans.push(planned.plan);
  });
  const parts = isArray
    ? { fields }
    : {
        fields,
        constants: input.constants,
        requireOneOf: input.requireOneOf,
        exactlyOneOf: input.exactlyOneOf,
        remove: input.remove,
        derive: input.derive,
        requestValues: input.requestValues,
        headers: input.headers,
        response: input.response,
        cpmField: input.cpmField,
        endpointKeys: out.template === 'unreadable' ? undefined : out.template ? templateKeys(out.template) : [],
        endpointChoices: out.template && out.template !== 'unreadable' ? templateChoices(out.template) : [],
      };
  const rules = recordRules(parts, fieldsPath, protocol, extBase as readonly string[]);
  // Whether a schema error is at the path or above it: each of its prefixes looked up (a scan of every error for each
  // problem took quadratic time: 11 s for 40,000 fields without a display and with one name).
  const errorPaths = new Set(schema.errors.map((found) => found.path));
  const reported = (path: string) => {
    if (errorPaths.has(path)) return true;
    for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) if (errorPaths.has(path.slice(0, i))) return true;
    return false;
  };
  for (const problem of rules.problems)
    if (!reported(problem.path)) out.issues.push(issue(problem.code, problem.path, recordMessage(problem, extBase as readonly string[]), problem.field));
  if (rules.headers.length) out.headers = rules.headers;
  if (out.issues.length === 0) out.plan = compilePlan(recordPlanOf(plans, rules), (parts as { endpointKeys?: string[] }).endpointKeys, rules.response);
  return out;
}
