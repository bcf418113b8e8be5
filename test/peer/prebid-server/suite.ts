// The peer suite: each Prebid Server adapter here as a bidfields record, run
// against the adapter's own exemplary fixtures, and compared with its params schema. Read by the vitest test
// (test/peer/prebid-server.test.ts) and the `npm run peer` report (run.ts); README.md says how and why. Running a
// fixture and judging it is src/conformance/pbs.ts, the judge `bidfields conformance --pbs` uses too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePbsRecord, knownEndpointsOf, runPbsFixture, withEndpoint, type PbsCall, type PbsDifference, type PbsFixture } from '../../../src/conformance/pbs.js';
import { validateAdapter, type AdapterRecord, type CompiledAdapter, type Issue } from '../../../src/index.js';

export const ROOT = dirname(fileURLToPath(import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface Bidder {
  name: string;
  record: AdapterRecord;
  paramsSchema: JsonObject;
  fixtures: string[];
  /**
   * How the fixtures' URIs are compared (`uri-endpoints.json`): `'record'`, with the URL the record builds from its
   * own endpoint; a template, with the URL the record builds from that endpoint instead (the test host the Go test
   * configures, the fields and placeholders the record's); absent, not at all (bodies only).
   */
  uriEndpoint?: string;
}

export interface FixtureResult {
  /** `<bidder>/<file>`, the key of `known-differences.json`. */
  id: string;
  bidder: string;
  equal: boolean;
  /** The URIs were compared too (the bidder is in `uri-endpoints.json`). */
  uriCompared: boolean;
  /** No imp of the mock request carries `imp.ext.bidder`: the record writes nothing, so equality says little. */
  withoutParams: boolean;
  /** Where the record's requests and the fixture's first part (absent when equal). */
  difference?: PbsDifference;
  /** The build's issues when it refused (absent when it built). */
  issues?: Issue[];
  /** The answers read by the record equal the fixture's bids and errors (absent when it refused to build). */
  bidsEqual?: boolean;
  /** Where the reading first parts from `expectedBidResponses` or `expectedMakeBidsErrors`. */
  bidsDifference?: PbsDifference;
  got?: PbsCall[];
  expected: PbsCall[];
}

export interface KnownDifferences {
  /** `<bidder>/<fixture file>` → why the record's requests differ from the fixture's (one line). */
  fixtures: Record<string, string>;
  /** `<bidder>/<param or keyword>` → why the record does not say what the params schema says (one line). */
  schema: Record<string, string>;
  /** `<bidder>/<fixture file>` → why the record's reading of the answers differs from the Go adapter's bids (one line). */
  bids: Record<string, string>;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function loadBidders(): Bidder[] {
  const uriEndpoints = readJson<{ endpoints: Record<string, string> }>(join(ROOT, 'uri-endpoints.json')).endpoints;
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      record: readJson<AdapterRecord>(join(ROOT, name, 'record.json')),
      paramsSchema: readJson<JsonObject>(join(ROOT, name, 'params.schema.json')),
      fixtures: readdirSync(join(ROOT, name, 'exemplary')).filter((file) => file.endsWith('.json')).sort(),
      ...(uriEndpoints[name] !== undefined ? { uriEndpoint: uriEndpoints[name] } : {}),
    }));
}

export function loadKnownDifferences(): KnownDifferences {
  return readJson<KnownDifferences>(join(ROOT, 'known-differences.json'));
}

/**
 * The deployment's known endpoints: each record's own endpoint host, or for a template with placeholder host labels
 * a `*.` entry over the fixed labels (docs/spec.md#protocols, docs/spec.md#endpoint-templates), as an ad server that onboarded these partners would list them
 * (the default of `bidfields conformance --pbs`).
 */
export function knownEndpoints(record: AdapterRecord): string[] {
  return knownEndpointsOf(record.endpoint, record.protocol);
}

export function recordIssues(bidder: Bidder): Issue[] {
  return validateAdapter(bidder.record, { knownEndpoints: knownEndpoints(bidder.record) });
}

/** The record as the fixtures run it: with the test endpoint of `uri-endpoints.json` when it names one. */
export function compileForFixtures(bidder: Bidder): CompiledAdapter {
  const endpoint = bidder.uriEndpoint === undefined || bidder.uriEndpoint === 'record' ? undefined : bidder.uriEndpoint;
  return compilePbsRecord(withEndpoint(bidder.record, endpoint));
}

/**
 * One fixture through the record (src/conformance/pbs.ts): the mock request without `imp[i].ext.bidder`, each imp's
 * params as its values (docs/spec.md#per-imp), its requests matched with the Go adapter's in order, URIs compared when the
 * bidder is in `uri-endpoints.json`.
 */
export function runFixture(bidder: Bidder, file: string, adapter = compileForFixtures(bidder)): FixtureResult {
  const fixture = readJson<PbsFixture>(join(ROOT, bidder.name, 'exemplary', file));
  const uriCompared = bidder.uriEndpoint !== undefined;
  const result = runPbsFixture(adapter, fixture, { compareUri: uriCompared });
  return { id: `${bidder.name}/${file}`, bidder: bidder.name, uriCompared, ...result };
}

export function runAll(bidders = loadBidders()): FixtureResult[] {
  return bidders.flatMap((bidder) => {
    const adapter = compileForFixtures(bidder);
    return bidder.fixtures.map((file) => runFixture(bidder, file, adapter));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The record against the params schema (static/bidder-params/<bidder>.json): where they disagree, as
// `<bidder>/<param>` or `<bidder>/<keyword>` → what differs. Only the keywords these schemas use are compared;
// any other keyword is reported, so a new one cannot pass unread.

/** What Prebid Server's `format: "uuid"` accepts, as a record's `pattern` (a string `enum` is `^(a|b|c)$`). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

type Field = AdapterRecord['fields'][number] & Record<string, unknown>;

function keyOf(field: Field): string {
  return typeof field.param === 'string' ? field.param : field.name;
}

function groupsOf(schema: JsonObject, keyword: 'oneOf' | 'anyOf'): string[][] | undefined {
  const list = schema[keyword];
  if (list === undefined) return undefined;
  return (list as JsonObject[]).map((entry) => (Object.keys(entry).join() === 'required' ? (entry.required as string[]) : ['?']));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

function propertyDisagreement(property: JsonObject, field: Field): string | undefined {
  const type = property.type;
  // docs/spec.md#lists-json-ids: an array of strings or numbers is a list, `["integer", "string"]` an id, an object
  // or an array of anything else a JSON value (which checks no shape: reported with what it leaves unchecked).
  if (Array.isArray(type) && sameSet(type as string[], ['integer', 'string'])) return idDisagreement(property, field);
  if (type === 'array') {
    const items = (property.items ?? {}) as JsonObject;
    if (items.type === 'string' || items.type === 'integer' || items.type === 'number') return listDisagreement(property, items, field);
    return jsonDisagreement(property, field, `an array of ${JSON.stringify(items)}`);
  }
  if (type === 'object') return jsonDisagreement(property, field, 'an object');
  if (Array.isArray(type) && sameSet(type as string[], ['object', 'null'])) return jsonDisagreement(property, field, 'an object or null');
  return scalarDisagreement(property, field);
}

const PAIRS: [string, string][] = [['minLength', 'minLength'], ['maxLength', 'maxLength'], ['minimum', 'min'], ['maximum', 'max'], ['pattern', 'pattern']];

function unread(property: JsonObject, read: string[], problems: string[]): void {
  for (const keyword of Object.keys(property)) if (!['type', 'description', ...read].includes(keyword)) problems.push(`keyword ${keyword} not compared`);
}

function done(problems: string[]): string | undefined {
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/** `["integer", "string"]`: an id field, `maxLength` and `pattern` as the schema's (an id is never empty: `minLength` 1 holds). */
function idDisagreement(property: JsonObject, field: Field): string | undefined {
  const problems: string[] = [];
  if (field.type !== 'id') problems.push(`type ${JSON.stringify(property.type)}, the field is ${field.type}${field.integer ? ' (integer)' : ''}`);
  for (const [keyword, key] of PAIRS.filter(([keyword]) => keyword === 'maxLength' || keyword === 'pattern')) {
    if (property[keyword] !== field[key]) problems.push(`${keyword} ${JSON.stringify(property[keyword])}, the field's ${key} ${JSON.stringify(field[key])}`);
  }
  if (property.minLength !== undefined && property.minLength !== 1) problems.push(`minLength ${JSON.stringify(property.minLength)}, an id's is 1`);
  unread(property, ['maxLength', 'pattern', 'minLength'], problems);
  return done(problems);
}

/** An array of strings or numbers: a list field of that kind, the item bounds and `minItems`/`maxItems` as the schema's. */
function listDisagreement(property: JsonObject, items: JsonObject, field: Field): string | undefined {
  const problems: string[] = [];
  const kind = items.type === 'string' ? 'text' : 'number';
  if (field.type !== 'list' || field.items !== kind || (field.integer === true) !== (items.type === 'integer')) {
    problems.push(`an array of ${JSON.stringify(items.type)}, the field is ${field.type}${field.items ? ` of ${String(field.items)}` : ''}${field.integer ? ' (integer)' : ''}`);
  }
  for (const [keyword, key] of PAIRS) {
    if (items[keyword] !== field[key]) problems.push(`items ${keyword} ${JSON.stringify(items[keyword])}, the field's ${key} ${JSON.stringify(field[key])}`);
  }
  for (const keyword of ['minItems', 'maxItems']) {
    if (property[keyword] !== field[keyword]) problems.push(`${keyword} ${JSON.stringify(property[keyword])}, the field's ${JSON.stringify(field[keyword])}`);
  }
  unread(property, ['items', 'minItems', 'maxItems'], problems);
  for (const keyword of Object.keys(items)) if (!['type', 'description', ...PAIRS.map(([name]) => name)].includes(keyword)) problems.push(`items keyword ${keyword} not compared`);
  return done(problems);
}

/** An object, or an array of arrays or objects: a json field, which takes any JSON but null and checks no shape. */
function jsonDisagreement(property: JsonObject, field: Field, what: string): string | undefined {
  const shape = property.properties !== undefined ? ` with properties ${Object.keys(property.properties as JsonObject).join(', ')}` : '';
  if (field.type !== 'json') return `${what}${shape}, the field is ${field.type}`;
  return `${what}${shape}; the json field takes any JSON value but null, and checks no shape`;
}

function scalarDisagreement(property: JsonObject, field: Field): string | undefined {
  const problems: string[] = [];
  // `["string"]` is `"string"`.
  const type = Array.isArray(property.type) && property.type.length === 1 ? property.type[0] : property.type;
  const expected =
    type === 'string' ? { type: 'text' } :
    type === 'integer' ? { type: 'number', integer: true } :
    type === 'number' ? { type: 'number', integer: undefined } :
    type === 'boolean' ? { type: 'boolean' } : undefined;
  if (expected === undefined) problems.push(`type ${JSON.stringify(type)} is not one field type; the field is ${field.type}`);
  else if (field.type !== expected.type || ('integer' in expected && (field.integer === true) !== (expected.integer === true))) {
    problems.push(`type ${JSON.stringify(type)}, the field is ${field.type}${field.integer ? ' (integer)' : ''}`);
  }
  const uuid = property.format === 'uuid' && property.pattern === undefined && field.pattern === UUID_PATTERN;
  // A string enum is a text field whose pattern admits exactly its members.
  const enumPattern = Array.isArray(property.enum) && property.enum.every((member) => typeof member === 'string' && /^[A-Za-z0-9_-]+$/.test(member)) ? `^(${property.enum.join('|')})$` : undefined;
  const enumerated = enumPattern !== undefined && property.pattern === undefined && field.pattern === enumPattern;
  if (property.enum !== undefined && !enumerated) problems.push(`enum ${JSON.stringify(property.enum)}, the field's pattern ${JSON.stringify(field.pattern)}`);
  for (const [keyword, key] of PAIRS) {
    if (keyword === 'pattern' && (uuid || enumerated)) continue;
    if (property[keyword] !== field[key]) problems.push(`${keyword} ${JSON.stringify(property[keyword])}, the field's ${key} ${JSON.stringify(field[key])}`);
  }
  if (property.format !== undefined && !uuid) {
    problems.push(`format ${JSON.stringify(property.format)} is not checked`);
  }
  unread(property, ['minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'format', 'enum'], problems);
  return done(problems);
}

/** Every place where the record and the params schema disagree, keyed `<bidder>/<param or keyword>`. */
export function schemaDisagreements(bidder: Bidder): Record<string, string> {
  const out: Record<string, string> = {};
  const at = (where: string, what: string) => (out[`${bidder.name}/${where}`] = what);
  const schema = bidder.paramsSchema;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const fields = bidder.record.fields as Field[];
  const byKey = new Map(fields.map((field) => [keyOf(field), field]));

  for (const [key, property] of Object.entries(properties)) {
    const field = byKey.get(key);
    if (field === undefined) at(key, `no field (schema type ${JSON.stringify(property.type)})`);
    else {
      const problem = propertyDisagreement(property, field);
      if (problem !== undefined) at(key, problem);
    }
  }
  for (const key of byKey.keys()) if (!(key in properties)) at(key, 'a field the schema does not list');

  const schemaRequired = (schema.required ?? []) as string[];
  const recordRequired = fields.filter((field) => field.required === true).map(keyOf);
  if (!sameSet(schemaRequired, recordRequired)) at('required', `schema [${schemaRequired.join(', ')}], record [${recordRequired.join(', ')}]`);

  const anyOf = groupsOf(schema, 'anyOf') ?? [];
  const oneOf = groupsOf(schema, 'oneOf') ?? [];
  const requireOneOf = (bidder.record as { requireOneOf?: string[][] }).requireOneOf ?? [];
  // A schema `anyOf`/`oneOf` of single-key `required` entries is one group of the record.
  const schemaGroup = (groups: string[][]) => (groups.length > 0 ? groups.map((group) => (group.length === 1 ? group[0]! : `[${group.join('+')}]`)) : undefined);
  const anyGroup = schemaGroup(anyOf);
  const oneGroup = schemaGroup(oneOf);
  const unmatched = [...requireOneOf];
  const take = (group: string[] | undefined) => {
    if (group === undefined) return false;
    const index = unmatched.findIndex((candidate) => sameSet(candidate, group));
    if (index < 0) return false;
    unmatched.splice(index, 1);
    return true;
  };
  if (anyGroup !== undefined && !take(anyGroup)) at('anyOf', `anyOf [${anyGroup.join(', ')}] is no requireOneOf group`);
  // A schema `oneOf` is the record's exactlyOneOf group (docs/spec.md#conditions) when it has one with the same keys.
  const exactly = [...((bidder.record as { exactlyOneOf?: string[][] }).exactlyOneOf ?? [])];
  const exact = oneGroup === undefined ? -1 : exactly.findIndex((candidate) => sameSet(candidate, oneGroup));
  if (exact >= 0) exactly.splice(exact, 1);
  else if (oneGroup !== undefined) {
    at('oneOf', take(oneGroup)
      ? `oneOf [${oneGroup.join(', ')}]: requireOneOf says at least one, not exactly one`
      : `oneOf [${oneGroup.join(', ')}] is no requireOneOf group`);
  }
  for (const group of unmatched) at('requireOneOf', `requireOneOf [${group.join(', ')}] is in no anyOf/oneOf of the schema`);
  for (const group of exactly) at('exactlyOneOf', `exactlyOneOf [${group.join(', ')}] is no oneOf of the schema`);

  for (const keyword of Object.keys(schema)) {
    if (!['$schema', 'title', 'description', 'type', 'properties', 'required', 'anyOf', 'oneOf'].includes(keyword)) at(keyword, `keyword ${keyword} not compared`);
  }
  return out;
}
