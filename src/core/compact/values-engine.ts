/**
 * SPEC §2–3 over checked field plans, with no record check: what the page runs for both kinds of Prebid.js bidder
 * (records checked in the page by the compact engine, adapters generated at build time). It reports issue codes in
 * words only, as every byte ships to every page. Untrusted JSON: it compares with `===` only.
 */
import type { Issue } from '../issues.js';
import { isPlainObject } from '../apply/plain-object.js';
import type { FieldPlan, RecordPlan, Target } from '../plan/field-plan.js';
import { isNotEntered, isRefusal, valueCode, valueJudge, writtenAt, type ValueVerdict, type WrittenValue } from '../plan/value-judge.js';

type Obj = Record<string, any>;

export type CompactEnrichResult = { ok: true; request: any; warnings: Issue[] } | { ok: false; issues: Issue[]; warnings: Issue[] };

/** The coerced values by field, in field order; constants are bound as the fields of their single target. */
export type Bound = Map<{ name: string; to: Target; also?: Target[] }, unknown>;

/** Entered values checked and applied by checked fields. */
export interface ValuesEngine {
  /** The coerced values by field; the issues of the values (SPEC §3, paths into them) go to `issues`. */
  bind(values: unknown, issues: Issue[]): Bound;
  /**
   * Writes bound values into `request` (an object with an `imp` array) at the imps `imps` (indexes of objects),
   * copy-on-write (SPEC §2); never throws, never changes its inputs. Its issues go to `issues`; the result is the
   * new request, or `undefined` when `issues` (with those found before) is not empty. Warnings about the request
   * are the compact engine's.
   */
  apply(bound: Bound, request: Obj, imps: number[], issues: Issue[]): any;
}

/** An issue whose message is its code in words. */
export const problem = (code: string, path: string, field?: string): Issue => ({ code, path, message: code.replace(/_/g, ' '), ...(field !== undefined && { field }) });
/** Own value, `null` counting as absent. */
export const present = (object: Obj, key: string | number) => (Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined);
/** A JSON Pointer to one key of the values. */
const pointer = (key: string) => '/' + key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The values engine of checked fields (in field order, names unique).
 * @example
 * const { bind, apply } = valuesEngine([{ name: 'prd.impTagId', to: [0, 'tagid'], type: 'text', string: true }]);
 * const issues = [];
 * apply(bind({ 'prd.impTagId': 't' }, issues), { imp: [{}] }, [0], issues); // { imp: [{ tagid: 't' }] }
 */
export function valuesEngine({ fields, constants = [], oneOf = [] }: RecordPlan): ValuesEngine {
  const judges = new Map(fields.map((field) => [field.key ?? field.name, [field, valueJudge(field)] as const]));
  return {
    bind(values, issues) {
      const bound: Bound = new Map();
      if (!isPlainObject(values)) return issues.push(problem('invalid_value', '')), bound;
      for (const key of Object.keys(values)) if (!judges.has(key)) issues.push(problem('unknown_field', pointer(key), key));
      const entered = new Set<string>();
      for (const [key, [field, judge]] of judges) {
        const raw = present(values, key);
        // Not entered: the default, else missing when required, else skipped.
        const verdict: ValueVerdict | undefined = isNotEntered(raw) ? field.default : judge(raw);
        if (verdict === undefined) field.required && issues.push(problem('missing_required', pointer(key), field.name));
        else if (isRefusal(verdict)) issues.push(problem(valueCode(verdict[0]), pointer(key), field.name));
        else bound.set(field, verdict), entered.add(key);
      }
      for (const group of oneOf) group.some((key) => entered.has(key)) || issues.push(problem('missing_one_of', ''));
      for (const constant of constants) bound.set(constant, constant.value);
      return bound;
    },
    apply(bound, source, imps, issues) {
      const out: Obj = { ...source };
      const copies = new Set<Obj>();
      const conflicts = new Set<string>();
      /**
       * Writes `value` at `keys` below `node` (an object of this call's result), copying each object on the way
       * once; `null` counts as absent. A non-object value in the way is a `path_conflict`, reported once per place.
       */
      const put = (node: Obj, keys: (string | number)[], value: unknown, at: string, field: { name: string }): unknown => {
        const last = keys.pop()!;
        for (const key of keys) {
          let next = present(node, key) ?? {};
          at += '/' + key;
          if (!isPlainObject(next)) return conflicts.has(at) || (conflicts.add(at), issues.push(problem('path_conflict', at, field.name)));
          if (!copies.has(next)) copies.add((next = { ...next }));
          node = node[key] = next;
        }
        // A constant's object is copied at each write, so no two requests share it.
        node[last] = typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value;
      };
      const targets = [...bound].flatMap(([field, value]) => [field.to, ...(field.also ?? [])].map((to) => [field, to, writtenAt(to, value as WrittenValue)] as const));
      const inventoryField = targets.find(([, to]) => to[0] === 1)?.[0].name;
      const key = ['app', 'site', 'dooh'].find((name) => present(source, name) !== undefined);
      if (inventoryField && !key) issues.push(problem('no_inventory_object', '', inventoryField));
      if (targets.find(([, to]) => !to[0])) copies.add((out.imp = source.imp.slice()));
      for (const [field, [root, ...keys], value] of targets) {
        if (root === 1) key && put(out, [key, ...keys], value, '', field);
        else if (root) put(out, keys, value, '', field);
        else for (const index of imps) put(out.imp, [index, ...keys], value, '/imp', field);
      }
      return issues.length ? undefined : out;
    },
  };
}
