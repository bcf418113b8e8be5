/**
 * What an enrichment does to the request before any value is written, once for every engine (the interpreter, the
 * generated enrichers, the compact engine and the Prebid.js page): removals (docs/spec.md#removals), then derivations in
 * record order (docs/spec.md#values-from-the-request), on a copy-on-write view of the request. The caller's request is never
 * written: each object on a changed path is copied once, every other object of the view is the caller's own.
 * Only own properties of plain objects (and array elements by decimal index) are read.
 */
import { issue, pointer, type Issue } from '../issues.js';
import { copyFor, isArray, isPlainObject } from '../definition/plain-object.js';
import { placeOf, type TypedKind } from '../definition/names.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';
import { decimalString, finite } from '../rules/decimal.js';
import { checkedJson } from '../rules/json-value.js';
import { takes } from '../plan/value-kinds.js';
import type { DerivePlan, RemovePlan } from '../plan/field-plan.js';
import { kindOf, NUMERIC, type Guard, type Steps } from '../plan/steps-plan.js';

export type { Steps };

type Obj = Record<string, unknown>;

/**
 * What guarded targets hold in `view` (the request before the writes) where they hold something: the function that
 * puts those values back into the result after the writes, so a guarded write stays only where there was nothing.
 */
export function guardAbsent(guards: readonly Guard[], view: Obj, imps: readonly number[]): ((out: Obj) => void) | undefined {
  const held: [path: string[], value: unknown][] = [];
  for (const { to, numeric } of guards) {
    const [root, ...keys] = to;
    for (const base of bases(root, view, imps)) {
      const path = [...base, ...keys];
      const value = readPath(view, path);
      if (!isAbsent(value, numeric)) held.push([path, value]);
    }
  }
  if (!held.length) return undefined;
  return (out) => {
    for (const [path, value] of held) {
      const parent = readPath(out, path.slice(0, -1));
      // Where the writes changed the value (so copied the object that holds it), the request's own is put back.
      if (isPlainObject(parent) && parent[path.at(-1)!] !== value) parent[path.at(-1)!] = value;
    }
  };
}

/** Where a target of root `root` is, in each imp enriched or once, as key paths below the request. */
function bases(root: number, view: Obj, imps: readonly number[]): string[][] {
  const place = placeOf(root);
  if (place === 'imp') return imps.map((i) => (root === 7 ? ['imp', String(i), 'banner'] : ['imp', String(i)]));
  if (place === 'inventory') {
    const inventory = INVENTORY_KEYS.find((key) => read(view, key) !== undefined);
    return inventory ? [[inventory]] : [];
  }
  return place === 'endpoint' ? [] : [[]];
}

/** Where the warnings go (`copy_skipped`). */
export interface StepsReport {
  warnings?: Issue[];
}

/** A copy of `node`'s own keys but `key` (an own `__proto__` key copied as data, never set as the prototype). */
function without(node: Obj, key: string): Obj {
  const copy: Obj = {};
  for (const own in node) {
    if (own === key || !Object.hasOwn(node, own)) continue;
    if (own === '__proto__') Object.defineProperty(copy, own, { value: node[own], enumerable: true, writable: true, configurable: true });
    else copy[own] = node[own];
  }
  return copy;
}

/** An own value that is not `null`, else `undefined`; array elements by decimal index. */
function read(node: unknown, key: string): unknown {
  // Plain objects first: what nearly every step of a path is.
  if (isPlainObject(node)) return Object.hasOwn(node, key) ? (node[key] ?? undefined) : undefined;
  return isArray(node) && /^\d+$/.test(key) && Object.hasOwn(node, key) ? (node[Number(key)] ?? undefined) : undefined;
}

function readPath(node: unknown, path: readonly string[]): unknown {
  for (let i = 0; i < path.length && node !== undefined; i++) node = read(node, path[i]!);
  return node;
}

/** A value that counts as none at a target (docs/spec.md#conditions): missing, `null`, `""`, an empty array, 0 for a number target. */
const isAbsent = (value: unknown, numeric: boolean): boolean =>
  value === undefined || value === '' || (isArray(value) && value.length === 0) || (numeric && value === 0);

/**
 * The value a target of `kind` takes from a copied one, or `undefined` when it takes none: text a non-empty string
 * or a finite number (as its decimal string), typed targets what their kind takes, ext targets any JSON value with no
 * prototype key, at most as large and deep as a constant (a copy of it).
 */
function taken(kind: TypedKind, value: unknown): unknown {
  if (kind === 'text') return finite(value) ? decimalString(value) : typeof value === 'string' ? value : undefined;
  if (kind !== 'any' && !takes(kind, value)) return undefined;
  // A string, boolean or finite number is JSON as it is; an object or array is checked and copied.
  if (typeof value === 'string' || typeof value === 'boolean' || finite(value)) return value;
  const checked = checkedJson(value);
  return 'value' in checked ? checked.value : undefined;
}

/**
 * Runs the steps on `request` (a plain object whose `imp` is an array) for the enriched imps `imps` (indexes of
 * plain-object imps): the view, or `request` itself when no step changed anything. Copies read `given`, the request as
 * the caller gave it (`request` unless the page says otherwise).
 */
export function prepareRequest(steps: Steps, request: Obj, imps: readonly number[], report: StepsReport, given: Obj = request): Obj {
  // The objects made in this call (a few: an array's includes beats a Set's hashing at this size).
  const copies: unknown[] = [];
  let view = request;
  /** `node` (the view or an object of it) ready to be written into; without its key `drop` when given. */
  const writable = (parent: Obj | unknown[] | undefined, key: string | number, node: Obj, drop: string | undefined, adds: boolean): Obj => {
    if (copies.includes(node)) {
      if (drop !== undefined) delete node[drop];
      return node;
    }
    // Copied key by key (plain-object.ts' copyFor: a spread clone that then gets a new key costs V8 about a
    // microsecond); without the key `drop` rather than a copy and `delete` (which leaves a slow dictionary object).
    const copy = drop === undefined ? copyFor(node, adds) : without(node, drop);
    copies.push(copy);
    if (parent) (parent as Obj)[key] = copy;
    else view = copy;
    return copy;
  };
  /**
   * The object at `path` below the view (created where missing with `create`), each on the way made writable (the
   * last one without its key `drop`); `undefined` past a non-object. `'imp', i` steps into imp i.
   */
  const reach = (path: readonly (string | number)[], create: boolean, drop?: string): Obj | undefined => {
    // Whether the object at depth `i` gets a key it lacks: the last one may (the caller writes into it), one on the way
    // when the next key is created.
    const adds = (node: Obj, i: number) =>
      i >= path.length || (create && typeof path[i] === 'string' && path[i] !== 'imp' && read(node, path[i] as string) === undefined);
    let node = writable(undefined, '', view, path.length ? undefined : drop, adds(view, 0));
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1 ? drop : undefined;
      if (key === 'imp') {
        const list = node.imp as unknown[];
        if (!copies.includes(list)) copies.push((node.imp = list.slice()));
        continue;
      }
      const parent: Obj | unknown[] = typeof key === 'number' ? (node.imp as unknown[]) : node;
      const next = typeof key === 'number' ? parent[key as never] : read(node, key);
      if (next === undefined && create) {
        const made = {};
        copies.push(made);
        node = (parent as Obj)[key] = made;
      } else if (isPlainObject(next)) node = writable(parent, key, next, last, adds(next, i + 1));
      else return undefined;
    }
    return node;
  };
  for (const removal of steps.remove ?? []) for (const base of removal.imp ? imps.map((i) => ['imp', i]) : [[]]) remove(removal, base);
  function remove({ path, keep }: RemovePlan, base: (string | number)[]): void {
    const holderPath = [...base, ...path.slice(0, -1)];
    const holder = readPath(view, holderPath.map(String));
    const last = path.at(-1)!;
    // Removed only when it is there at all (`null` included); `keep` only from an object.
    if (!isPlainObject(holder) || !Object.hasOwn(holder, last)) return;
    const original = holder[last];
    if (!keep) return void reach(holderPath, false, last);
    if (!isPlainObject(original)) return;
    const kept: Obj = {};
    for (const key of keep) if (Object.hasOwn(original, key)) kept[key] = original[key];
    reach(holderPath, false)![last] = kept;
  }

  for (const step of steps.derive ?? []) {
    if (step.op === 'bannerSizeFromFormat') for (const i of imps) bannerSize(step.when, i);
    else copy(step);
  }
  function bannerSize(when: string, i: number): void {
    // Imp i is a plain object (the caller's contract); its first format read as any array element.
    const banner = read((view.imp as unknown[])[i], 'banner');
    const format = read(banner, 'format');
    const first = isArray(format) && format.length ? format[0] : undefined;
    const w = read(first, 'w');
    const h = read(first, 'h');
    if (!finite(w) || !finite(h)) return;
    const bw = read(banner, 'w');
    const bh = read(banner, 'h');
    const either = bw === undefined || bh === undefined;
    if (
      when === 'bothMissing'
        ? bw !== undefined || bh !== undefined
        : when === 'eitherMissing'
          ? !either
          : when === 'missingOrZero' && !either && bw !== 0 && bh !== 0
    )
      return;
    const target = reach(['imp', i, 'banner'], false)!;
    target.w = w;
    target.h = h;
  }
  function copy(step: Extract<DerivePlan, { op: 'copy' }>): void {
    const root = step.to[0];
    const keys = step.to.slice(1) as string[];
    const kind = kindOf(step.to);
    const place = placeOf(root);
    const perImp = place === 'imp';
    // An imp path reads the imp written; for a request-level target, the first imp enriched.
    const count = perImp ? imps.length : Math.min(imps.length, 1);
    for (let n = 0; n < count; n++) {
      const i = imps[n]!;
      const from = step.imp ? readPath(read(given.imp, String(i)), step.from) : readPath(given, step.from);
      if (from === undefined || from === '') continue;
      // Worded only when a copy is skipped: the success path builds no text.
      const skipped = () => {
        const fromAt = step.imp ? pointer('imp', i, ...step.from) : pointer(...step.from);
        (report.warnings ??= []).push(
          issue('copy_skipped', fromAt, `the value at ${fromAt} is not one '${step.name}' takes, or it cannot be written there`, step.name),
        );
      };
      const value = taken(kind, from);
      const inventory = place === 'inventory' ? INVENTORY_KEYS.find((key) => read(view, key) !== undefined) : undefined;
      if (value === undefined || (place === 'inventory' && !inventory)) {
        skipped();
        continue;
      }
      // An imp's banner is written only when the imp has one (docs/spec.md#more-openrtb-targets).
      if (root === 7 && read(read(view.imp, String(i)), 'banner') === undefined) continue;
      const base: (string | number)[] = perImp ? ['imp', i, ...(root === 7 ? ['banner'] : [])] : inventory ? [inventory] : [];
      if (step.absent && !isAbsent(readPath(view, [...base.map(String), ...keys]), NUMERIC.includes(kind))) continue;
      const parent = reach([...base, ...keys.slice(0, -1)], true);
      if (parent) parent[keys.at(-1)!] = value;
      else skipped();
    }
  }
  return view;
}
