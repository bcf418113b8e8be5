// The in-repository target takes only records whose bid params have identifier keys (a `param`, or a name that is one:
// `missing_param` otherwise), as Prebid publishers expect them. Most fixture records enter values under their names
// (`prd.impTagId`), so each case is run as the pull request would ship it: every such field given the camelCase key
// the generator's message proposes (`impTagId`), and the case's bid params, one-of groups and endpoint placeholders
// renamed to match. What a case expects does not change: a key is not part of a request or a bid.
import { camelKey } from '../../../src/codegen/prebid-repo/index.js';
import type { ResolvedCase } from '../../../src/conformance/types.js';

type Json = Record<string, any>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The case with a `param` for every field whose key is no identifier, and every use of the old keys renamed. */
export function withParamKeys(testCase: ResolvedCase): ResolvedCase {
  const adapter: unknown = testCase.adapter;
  if (!isObject(adapter) || !Array.isArray(adapter.fields)) return testCase;
  const fields: unknown[] = adapter.fields;
  const taken = new Set(fields.map((field) => (isObject(field) ? (field.param ?? field.name) : undefined)));
  const renamed = new Map<string, string>();
  const keyed = fields.map((field) => {
    if (!isObject(field) || typeof field.name !== 'string' || field.param !== undefined || IDENTIFIER.test(field.name)) return field;
    let key = camelKey(field.name) || 'param';
    while (taken.has(key)) key += '_';
    taken.add(key);
    renamed.set(field.name, key);
    return { ...field, param: key };
  });
  if (!renamed.size) return testCase;
  const rename = (key: unknown) => (typeof key === 'string' ? (renamed.get(key) ?? key) : key);
  const groups = (value: unknown) => (Array.isArray(value) ? value.map((group) => (Array.isArray(group) ? group.map(rename) : group)) : value);
  const record: Json = { ...adapter, fields: keyed };
  for (const name of ['requireOneOf', 'exactlyOneOf']) if (name in adapter) record[name] = groups(adapter[name]);
  if (typeof adapter.endpoint === 'string') record.endpoint = adapter.endpoint.replace(/\{([^{}|]+)\}/g, (whole, key: string) => `{${rename(key)}}`);
  const bids = testCase.bids?.map((bid) =>
    isObject(bid) && isObject(bid.params)
      ? { ...bid, params: Object.fromEntries(Object.entries(bid.params).map(([key, value]) => [rename(key), value])) }
      : bid,
  );
  return { ...testCase, adapter: record, ...(bids && { bids }) };
}
