/**
 * The run-time half of the compact engine: SPEC §2–3 over checked fields (`FieldPlan`s), with no record check
 * at all. It is what the page runs, once, for both kinds of Prebid.js bidder: the record-taking
 * `createPrebidBidder` (after `compileCompact` has checked the record in the page) and the adapters generated at
 * build time (whose fields were checked by `validateAdapter` when they were generated).
 *
 * Everything it is given is untrusted JSON, so it compares with `===` only: a loose comparison or a property
 * lookup turns an object into a primitive, which throws for `{"toString": 1}`.
 */
import { issue, pointer, type Issue } from '../issues.js';
import { isPlainObject } from '../apply/plain-object.js';
import { isNotEntered, type ValueRule, type WrittenValue } from '../compile/value-rule.js';
import { valueRule, type FieldPlan } from './field-plan.js';

type Obj = Record<string, any>;

export type CompactEnrichResult = { ok: true; request: any; warnings: Issue[] } | { ok: false; issues: Issue[]; warnings: Issue[] };

/** Entered values checked and applied by checked fields. */
export interface ValuesEngine {
  /** The issues of the entered values (SPEC §3); empty when they are valid. */
  validateValues(values: unknown): Issue[];
  /** Applies the values to the request, copy-on-write (SPEC §2); never throws, never changes its inputs. */
  safeEnrich(request: unknown, values: unknown, options?: { allImps?: boolean }): CompactEnrichResult;
}

/** An issue whose message is its code in words. */
export const problem = (code: string, path: string, field?: string): Issue => issue(code, path, code.replace(/_/g, ' '), field);
/** Own value, `null` counting as absent. */
export const present = (object: Obj, key: string | number) => (Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined);

/**
 * Writes `value` at `keys` below `node` (an object of this call's result), copying each object on the way once;
 * `null` counts as absent. A non-object value in the way is a `path_conflict`, reported once per place.
 */
function put(node: Obj, keys: (string | number)[], value: unknown, at: string, field: string, copies: Set<Obj>, conflicts: Map<string, Issue>): void {
  for (let depth = 0; depth < keys.length - 1; depth++) {
    const key = keys[depth]!;
    let next = present(node, key) ?? {};
    at += '/' + key;
    if (!isPlainObject(next)) return void (conflicts.has(at) || conflicts.set(at, problem('path_conflict', at, field)));
    if (!copies.has(next)) copies.add((next = { ...next }));
    node = node[key] = next;
  }
  node[keys[keys.length - 1]!] = value;
}

/**
 * The values engine of checked fields (in field order, names unique).
 * @example valuesEngine([{ name: 'prd.impTagId', to: [0, 'tagid'], type: 'text', string: true }]).safeEnrich({ imp: [{}] }, { 'prd.impTagId': 't' })
 */
export function valuesEngine(fields: readonly FieldPlan[]): ValuesEngine {
  const rules = new Map<string, [FieldPlan, ValueRule]>(fields.map((field) => [field.name, [field, valueRule(field)]]));

  /** The coerced values by field, in field order; the issues of the values (paths into them) go to `issues`. */
  function bind(values: unknown, issues: Issue[]): Map<FieldPlan, WrittenValue> {
    const bound = new Map<FieldPlan, WrittenValue>();
    if (!isPlainObject(values)) return issues.push(problem('invalid_value', '')), bound;
    for (const key of Object.keys(values)) if (!rules.has(key)) issues.push(problem('unknown_field', pointer(key), key));
    for (const [name, [field, rule]] of rules) {
      const raw = present(values, name);
      const at = pointer(name);
      if (isNotEntered(raw)) {
        if (field.default !== undefined) bound.set(field, field.default);
        else if (field.required) issues.push(problem('missing_required', at, name));
        continue;
      }
      const result = rule(raw);
      if (result.ok) bound.set(field, result.value);
      else issues.push(issue(result.code, at, result.message, name));
    }
    return bound;
  }

  return {
    validateValues(values) {
      const found: Issue[] = [];
      bind(values, found);
      return found;
    },
    safeEnrich(request, values, options) {
      const issues: Issue[] = [];
      const warnings: Issue[] = [];
      const fail = (code: string, path: string, field?: string) => void issues.push(problem(code, path, field));
      const bound = bind(values, issues);
      const source = request as Obj;
      const imps = isPlainObject(source) ? present(source, 'imp') : undefined;
      const count = options?.allImps === true ? imps?.length : 1;
      if (issues.length) bound.clear();
      const shaped = isPlainObject(source) && Array.isArray(imps) && imps.length > 0;
      if (!isPlainObject(source)) fail('invalid_request', '');
      else if (imps !== undefined && !Array.isArray(imps)) fail('invalid_request', '/imp');
      else if (!shaped) fail('no_imp', '/imp');
      if (!shaped) return { ok: false, issues, warnings };
      // Every imp in reach is checked (and skipped when it is not an object); the others are still written.
      const enriched = [];
      for (let index = 0; index < count; index++) isPlainObject(imps[index]) ? enriched.push(index) : fail('invalid_request', '/imp/' + index);
      const out: Obj = { ...source };
      const copies = new Set<Obj>();
      const conflicts = new Map<string, Issue>();
      const inventoryField = [...bound.keys()].find((field) => field.to[0])?.name;
      const key = ['app', 'site', 'dooh'].find((name) => present(source, name) !== undefined);
      if (inventoryField && !key) fail('no_inventory_object', '', inventoryField);
      if (key === 'app' && present(source, 'site') !== undefined) warnings.push(problem('both_app_and_site', '/site'));
      if ([...bound.keys()].some((field) => !field.to[0])) copies.add((out.imp = imps.slice()));
      for (const [field, value] of bound) {
        const [inventory, ...keys] = field.to;
        if (inventory) key && put(out, [key, ...keys], value, '', field.name, copies, conflicts);
        else for (const index of enriched) put(out.imp, [index, ...keys], value, '/imp', field.name, copies, conflicts);
      }
      for (const found of conflicts.values()) issues.push(found);
      return issues.length ? { ok: false, issues, warnings } : { ok: true, request: out, warnings };
    },
  };
}
