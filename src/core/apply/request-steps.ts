/**
 * What an enrichment does to the request before any value is written, once for every engine (the interpreter, the
 * generated enrichers, the compact engine and the Prebid.js page): removals (docs/spec.md#removals), then derivations in
 * record order (docs/spec.md#values-from-the-request), on a copy-on-write view of the request. The caller's request is never
 * written: each object on a changed path is copied once, every other object of the view is the caller's own.
 * Only own properties of plain objects (and array elements by decimal index) are read.
 */
import { isPlainObject } from '../definition/plain-object.js';
import { placeOf } from '../definition/names.js';
import type { DerivePlan, RemovePlan } from '../plan/field-plan.js';
import { kindOf, NUMERIC, type Guard, type Steps } from '../plan/steps-plan.js';
import {
  copySkipped,
  created,
  dropped,
  formatSize,
  impList,
  inventoryIn,
  isAbsent,
  kept,
  mine,
  read,
  readPath,
  sizeWanted,
  taken,
  type StepsReport,
} from './step-ops.js';

export type { Steps, StepsReport };

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
    const inventory = inventoryIn(view);
    return inventory ? [[inventory]] : [];
  }
  return place === 'endpoint' ? [] : [[]];
}

/**
 * Runs the steps on `request` (a plain object whose `imp` is an array) for the enriched imps `imps` (indexes of
 * plain-object imps): the view, or `request` itself when no step changed anything. Copies read `given`, the request as
 * the caller gave it (`request` unless the page says otherwise).
 */
export function prepareRequest(steps: Steps, request: Obj, imps: readonly number[], report: StepsReport, given: Obj = request): Obj {
  // The objects made in this call (a few: an array's includes beats a Set's hashing at this size).
  const made: unknown[] = [];
  let view = request;
  /**
   * The object at `path` below the view (created where missing with `create`), each on the way made writable (the
   * last one without its key `drop`); `undefined` past a non-object. `'imp', i` steps into imp i.
   */
  const reach = (path: readonly (string | number)[], create: boolean, drop?: string): Obj | undefined => {
    // Whether the object at depth `i` gets a key it lacks: the last one may (the caller writes into it), one on the way
    // when the next key is created.
    const adds = (node: Obj, i: number) =>
      i >= path.length || (create && typeof path[i] === 'string' && path[i] !== 'imp' && read(node, path[i] as string) === undefined);
    let node = (view = path.length || drop === undefined ? mine(made, view, adds(view, 0)) : dropped(made, view, drop));
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      if (key === 'imp') {
        impList(made, node);
        continue;
      }
      const parent = (typeof key === 'number' ? node.imp : node) as Obj;
      const next = typeof key === 'number' ? parent[key] : read(node, key);
      const last = i === path.length - 1 ? drop : undefined;
      if (next === undefined && create) node = parent[key] = created(made);
      else if (isPlainObject(next)) node = parent[key] = last === undefined ? mine(made, next, adds(next, i + 1)) : dropped(made, next, last);
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
    if (isPlainObject(original)) reach(holderPath, false)![last] = kept(original, keep);
  }

  for (const step of steps.derive ?? []) {
    if (step.op === 'bannerSizeFromFormat') for (const i of imps) bannerSize(step.when, i);
    else copy(step);
  }
  function bannerSize(when: string, i: number): void {
    // Imp i is a plain object (the caller's contract); its first format read as any array element.
    const banner = read((view.imp as unknown[])[i], 'banner');
    const size = formatSize(banner);
    if (!size || !sizeWanted(when, read(banner, 'w'), read(banner, 'h'))) return;
    const target = reach(['imp', i, 'banner'], false)!;
    target.w = size[0];
    target.h = size[1];
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
      const from = step.imp ? readPath(read(given.imp, i), step.from) : readPath(given, step.from);
      if (from === undefined || from === '') continue;
      const value = taken(kind, from);
      const inventory = place === 'inventory' ? inventoryIn(view) : undefined;
      if (value === undefined || (place === 'inventory' && !inventory)) {
        copySkipped(report, step, i);
        continue;
      }
      // An imp's banner is written only when the imp has one (docs/spec.md#more-openrtb-targets).
      if (root === 7 && read(read(view.imp, i), 'banner') === undefined) continue;
      const base: (string | number)[] = perImp ? ['imp', i, ...(root === 7 ? ['banner'] : [])] : inventory ? [inventory] : [];
      if (step.absent && !isAbsent(readPath(view, [...base.map(String), ...keys]), NUMERIC.includes(kind))) continue;
      const parent = reach([...base, ...keys.slice(0, -1)], true);
      if (parent) parent[keys.at(-1)!] = value;
      else copySkipped(report, step, i);
    }
  }
  return view;
}
