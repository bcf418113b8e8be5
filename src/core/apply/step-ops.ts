/**
 * The operations of an enrichment's steps (docs/spec.md#removals, docs/spec.md#values-from-the-request,
 * docs/spec.md#conditions), once: what the interpreter's steps (request-steps.ts) and the steps a generated enricher
 * writes out for one plan (core/source/emit-steps.ts, through its runtime) both call, so the two engines judge every
 * value, every absence and every copy alike. `made` is the list of the objects an enrichment's steps made (its own,
 * written in place; every other object of the view is the caller's).
 */
import { issue, pointer, type Issue } from '../issues.js';
import { copyFor, isArray, isPlainObject } from '../definition/plain-object.js';
import type { TypedKind } from '../definition/names.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';
import { decimalString, finite } from '../rules/decimal.js';
import { checkedJson } from '../rules/json-value.js';
import { takes } from '../plan/value-kinds.js';
import type { DerivePlan } from '../plan/field-plan.js';

type Obj = Record<string, unknown>;

/** Where the warnings go (`copy_skipped`). */
export interface StepsReport {
  warnings?: Issue[];
}

/** An own value that is not `null`, else `undefined`; array elements by decimal index. */
export function read(node: unknown, key: string | number): unknown {
  // Plain objects first: what nearly every step of a path is.
  if (isPlainObject(node)) return Object.hasOwn(node, key) ? (node[key] ?? undefined) : undefined;
  return isArray(node) && (typeof key === 'number' || /^\d+$/.test(key)) && Object.hasOwn(node, key) ? (node[Number(key)] ?? undefined) : undefined;
}

export function readPath(node: unknown, path: readonly string[]): unknown {
  for (let i = 0; i < path.length && node !== undefined; i++) node = read(node, path[i]!);
  return node;
}

/** A copy of `node`'s own keys but `key` (an own `__proto__` key copied as data, never set as the prototype). */
export function without(node: Obj, key: string): Obj {
  const copy: Obj = {};
  for (const own in node) {
    if (own === key || !Object.hasOwn(node, own)) continue;
    if (own === '__proto__') Object.defineProperty(copy, own, { value: node[own], enumerable: true, writable: true, configurable: true });
    else copy[own] = node[own];
  }
  return copy;
}

/**
 * `node` ready to be written into: itself when the steps made it, else a copy they own (key by key when `adds`: a
 * spread clone that then gets a new key costs V8 about a microsecond, plain-object.ts' copyFor).
 */
export function mine(made: unknown[], node: Obj, adds: boolean): Obj {
  if (made.includes(node)) return node;
  const copy = copyFor(node, adds);
  made.push(copy);
  return copy;
}

/** `node` without its key `key`: deleted where the steps made it, else a copy without it (no `delete` on a copy, which leaves a slow dictionary object). */
export function dropped(made: unknown[], node: Obj, key: string): Obj {
  if (made.includes(node)) {
    delete node[key];
    return node;
  }
  const copy = without(node, key);
  made.push(copy);
  return copy;
}

/** The view's imp list, the steps' own (copied once), set on the view (which the steps already own). */
export function impList(made: unknown[], view: Obj): unknown[] {
  const list = view.imp as unknown[];
  if (made.includes(list)) return list;
  const copy = list.slice();
  made.push(copy);
  view.imp = copy;
  return copy;
}

/** A new object the steps own, for a key a copy creates on its way. */
export const created = (made: unknown[]): Obj => owned(made, {});

/** What `{ path, keep }` leaves of an object: only those own keys. */
export function kept(original: Obj, keep: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of keep) if (Object.hasOwn(original, key)) out[key] = original[key];
  return out;
}

/** A value that counts as none at a target (docs/spec.md#conditions): missing, `null`, `""`, an empty array, 0 for a number target. */
export const isAbsent = (value: unknown, numeric: boolean): boolean =>
  value === undefined || value === '' || (isArray(value) && value.length === 0) || (numeric && value === 0);

/** The inventory object a request-level target of the inventory goes into: the first of app, site and dooh the view has. */
export const inventoryIn = (view: Obj): string | undefined => INVENTORY_KEYS.find((key) => read(view, key) !== undefined);

/**
 * Whether a banner holding `w` and `h` (own, not null) takes its first format's size, by `when`
 * (docs/spec.md#values-from-the-request).
 */
export function sizeWanted(when: string, w: unknown, h: unknown): boolean {
  const either = w === undefined || h === undefined;
  if (when === 'bothMissing') return w === undefined && h === undefined;
  if (when === 'eitherMissing') return either;
  return when !== 'missingOrZero' || either || w === 0 || h === 0;
}

/** A banner's first format's size, `[w, h]` when both are finite numbers, else `undefined`. */
export function formatSize(banner: unknown): [w: number, h: number] | undefined {
  const format = read(banner, 'format');
  const first = isArray(format) && format.length ? format[0] : undefined;
  const w = read(first, 'w');
  const h = read(first, 'h');
  return finite(w) && finite(h) ? [w, h] : undefined;
}

/**
 * The value a target of `kind` takes from a copied one, or `undefined` when it takes none: text a non-empty string
 * or a finite number (as its decimal string), typed targets what their kind takes, ext targets any JSON value with no
 * prototype key, at most as large and deep as a constant (a copy of it).
 */
export function taken(kind: TypedKind, value: unknown): unknown {
  if (kind === 'text') return finite(value) ? decimalString(value) : typeof value === 'string' ? value : undefined;
  if (kind !== 'any' && !takes(kind, value)) return undefined;
  // A string, boolean or finite number is JSON as it is; an object or array is checked and copied.
  if (typeof value === 'string' || typeof value === 'boolean' || finite(value)) return value;
  const checked = checkedJson(value);
  return 'value' in checked ? checked.value : undefined;
}

/** Warning `copy_skipped` for a copy into imp `i` (worded only when a copy is skipped: the success path builds no text). */
export function copySkipped(report: StepsReport, step: Extract<DerivePlan, { op: 'copy' }>, i: number): void {
  const fromAt = step.imp ? pointer('imp', i, ...step.from) : pointer(...step.from);
  (report.warnings ??= []).push(
    issue('copy_skipped', fromAt, `the value at ${fromAt} is not one '${step.name}' takes, or it cannot be written there`, step.name),
  );
}

/** `object`, now one the steps made (generated steps copy at each place, then record the copy here). */
export function owned(made: unknown[], object: Obj): Obj {
  made.push(object);
  return object;
}
