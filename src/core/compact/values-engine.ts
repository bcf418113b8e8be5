/**
 * docs/spec.md#targets and docs/spec.md#param, docs/spec.md#records over a checked record plan, with no record check: what the page runs for both kinds of
 * Prebid.js bidder (records checked in the page by the compact engine, adapters generated at build time). Its issues
 * carry their code as their message (the compact engine words them), as every byte ships to every page. Untrusted
 * JSON: it compares with `===` only (and `== null`).
 *
 * The core reads keys (docs/spec.md#param), a field's own target (imp, inventory object, request ext) and the text, number and
 * select rules. Boolean fields, lists, JSON values and ids, one-of groups, `alsoTo` and constants are {@link Feature}s: the compact engine and the
 * record-taking bidder pass {@link ALL_FEATURES}; an adapter generated at build time imports only those its record
 * uses, so a page bundler drops the others (scripts/size.mjs measures both).
 */
import { tokenPointer } from '../rules/json-pointer.js';
import type { Issue } from '../issues.js';
import { isPlainObject, own } from '../definition/plain-object.js';
import type { FieldPlan, RecordPlan, Target } from '../plan/field-plan.js';
import { booleanJudge, isNotEntered, isRefusal, ruleJudge, valueCode, writtenAt, type ValueJudge, type WrittenValue } from '../plan/value-judge.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';

type Obj = Record<string, any>;

export type CompactEnrichResult = { ok: true; request: any; warnings: Issue[] } | { ok: false; issues: Issue[]; warnings: Issue[] };

/** A source of values: a field, a constant, or one more target of a field (see {@link alsoTo}). */
export type Source = { name: string; to: Target; also?: Target[] };

/**
 * The bound values by source (fields in field order, then constants), and, for a record whose endpoint is a
 * template (docs/spec.md#endpoint-templates), the URL the values make (set by the page runtime's `template` feature, src/prebid/endpoint.ts).
 */
export type Bound = Map<Source, unknown> & { url?: string };

/** Each field and its judge, by key (docs/spec.md#param). */
export type Judges = Map<string, [field: FieldPlan, judge: ValueJudge]>;

/**
 * An optional part of the engine: called once with the record plan and the judges by key (which it may change);
 * what it returns, if anything, runs at the end of every `bind`, after the fields (whatever issues they had).
 */
export type Feature = (plan: RecordPlan, judges: Judges) => ((bound: Bound, issues: Issue[]) => unknown) | void;

/** Entered values checked and applied by a checked record plan. */
export interface ValuesEngine {
  /** The bound values by source; the issues of the values (docs/spec.md#values, docs/spec.md#one-of, paths into them) go to `issues`. */
  bind(values: unknown, issues: Issue[]): Bound;
  /**
   * Writes bound values into `request` at the imps `imps` (indexes of objects): `request` and its `imp` array are
   * the caller's copies, made for this call (so the page makes each object once); every object below them is copied
   * on write (docs/spec.md#targets). Never throws, never changes anything else. Its issues go to `issues`; the result is `request`,
   * or `undefined` when `issues` (with those found before) is not empty. Warnings about the request are the compact
   * engine's.
   */
  apply(bound: Bound, request: Obj, imps: number[], issues: Issue[]): any;
}

/** An issue whose message is its code: the page only logs them, and ships no words (the compact engine words them). */
export const codeIssue = (code: string, path: string, field?: string): Issue => ({ code, path, message: code, ...(field !== undefined && { field }) });
/** Own value, else `undefined` (`null` stays: each reader takes it for absent, with `??` or `== null`). */
export { own };
/** A JSON Pointer to one key of the values. */
export { tokenPointer as pointer };

/** Boolean fields (docs/spec.md#booleans): their judge. */
export const booleans: Feature = (_plan, judges) => {
  for (const entry of judges.values()) if (entry[0].type === 'boolean') entry[1] = booleanJudge;
};

/**
 * Constants (docs/spec.md#constants): bound on every bind, after the fields, each object value as a copy of its own, so no two
 * binds share one: the page binds once per bid and request (the compact engine copies again for each further imp).
 */
export const constants: Feature = (plan) => (bound) => {
  for (const constant of plan.constants ?? []) bound.set(constant, JSON.parse(JSON.stringify(constant.value)));
};

/** One-of groups (docs/spec.md#one-of): after defaults, at least one field of each group entered, else `missing_one_of`. */
export const oneOf: Feature = (plan, judges) => (bound, issues) => {
  for (const group of plan.oneOf ?? []) group.some((key) => bound.has(judges.get(key)![0])) || issues.push(codeIssue('missing_one_of', ''));
};

/**
 * More targets (`alsoTo`, docs/spec.md#more-targets): each bound field with more targets is followed, in the bound values, by one
 * source per further target (same name, same value), so `apply` writes them in field order.
 */
export const alsoTo: Feature = () => (bound) => {
  // Each source taken out and put back at the end, its further targets after it: the order is kept.
  for (const [source, value] of [...bound]) {
    bound.delete(source);
    bound.set(source, value);
    for (const to of source.also ?? []) bound.set({ name: source.name, to }, value);
  }
};

/** A key no field has: `unknown_field` (docs/spec.md#values), the library's and the compact engine's `unknown`. */
export const unknownField = (key: string, issues: Issue[]): unknown => issues.push(codeIssue('unknown_field', tokenPointer(key), key));

/**
 * The values engine of a checked record plan (fields in order, names and keys unique), with the features its
 * record uses (see {@link Feature}). A key no field has goes to `unknown` with the issues: {@link unknownField} (the
 * default) makes it `unknown_field` (docs/spec.md#values); the page's bidders pass their own, since a Prebid bid param
 * the record does not know costs the bid nothing there (Prebid adapters ignore unknown params), so the page ships
 * no `unknown_field` branch and the other params are bound.
 * @example
 * const { bind, apply } = valuesEngine({ fields: [{ name: 'prd.impTagId', key: 'placementId', to: [0, 'tagid'], type: 'text' }] });
 * const issues = [];
 * apply(bind({ placementId: 't' }, issues), { imp: [{}] }, [0], issues); // { imp: [{ tagid: 't' }] }
 */
export function valuesEngine(plan: RecordPlan, features: readonly Feature[] = [], unknown: (key: string, issues: Issue[]) => unknown): ValuesEngine {
  const judges: Judges = new Map(plan.fields.map((field) => [field.key ?? field.name, [field, ruleJudge(field)]]));
  const hooks = features.map((feature) => feature(plan, judges));
  return {
    bind(values, issues) {
      const bound: Bound = new Map();
      if (!isPlainObject(values)) return (issues.push(codeIssue('invalid_value', '')), bound);
      for (const key of Object.keys(values)) judges.has(key) || unknown(key, issues);
      for (const [key, [field, judge]] of judges) {
        const raw = own(values, key);
        // Not entered: the default, else missing when required, else skipped.
        const verdict = isNotEntered(raw) ? field.default : judge(raw);
        const code = verdict === undefined ? field.required && 'missing_required' : isRefusal(verdict) ? valueCode(verdict[0]) : void bound.set(field, verdict);
        if (code) issues.push(codeIssue(code, tokenPointer(key), field.name));
      }
      for (const hook of hooks) hook?.(bound, issues);
      return bound;
    },
    apply(bound, out, imps, issues) {
      // The objects (and the imp array) made for this call, which it may write into.
      const copies = new Set<unknown>([out.imp]);
      // Places reported (a `path_conflict` once per place; `''`: no inventory object).
      const reported = new Set<string>();
      const report = (code: string, at: string, field: Source) => reported.has(at) || (reported.add(at), issues.push(codeIssue(code, at, field.name)));
      const inventory = INVENTORY_KEYS.find((name) => own(out, name) != null);
      /**
       * Writes `value` at `keys` below the result, copying each object on the way once; `null` counts as absent. A
       * non-object value in the way is a `path_conflict`.
       */
      const put = (keys: (string | number)[], value: unknown, field: Source): unknown => {
        const last = keys.pop()!;
        let node = out;
        let at = '';
        for (const key of keys) {
          let next = own(node, key) ?? {};
          at += '/' + key;
          if (!copies.has(next)) {
            if (!isPlainObject(next)) return report('path_conflict', at, field);
            copies.add((next = { ...next }));
          }
          node = node[key] = next;
        }
        node[last] = value;
      };
      for (const [source, value] of bound) {
        const [root, ...keys] = source.to;
        const written = writtenAt(source.to, value as WrittenValue);
        if (!root) for (const index of imps) put(['imp', index, ...keys], written, source);
        // Root 3: an endpoint-only field (docs/spec.md#endpoint-templates), written nowhere in the request.
        else if (root > 1) root > 2 || put(keys, written, source);
        else if (inventory) put([inventory, ...keys], written, source);
        else report('no_inventory_object', '', source);
      }
      return issues.length ? undefined : out;
    },
  };
}
