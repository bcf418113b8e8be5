/**
 * The typed targets of docs/spec.md#more-openrtb-targets written into a request, once for every engine: the interpreter and the
 * generated enrichers call it after their own writes, the Prebid.js page after its values engine's. Copy-on-write by
 * identity: an object of the result that is still the very object of the input at the same place is copied before it
 * is written into (so every engine, whatever it copied before, leaves the input untouched); with `mutate`, in place.
 * Objects on the way are created; a non-object on the way is a `path_conflict`; an imp's banner is written only when
 * the imp has one; the inventory object is the first of app, site, dooh (none: `no_inventory_object`).
 */
import { issue, pointer, type Issue } from '../issues.js';
import { copyFor, isPlainObject } from '../definition/plain-object.js';
import { INVENTORY_KEYS } from '../rules/inventory.js';
import { describe } from './apply-issues.js';
import { fresh } from './apply-writes.js';
import type { Plan } from '../plan/compiled-plan.js';
import { decimalString, finite } from '../rules/decimal.js';

type Obj = Record<string, unknown>;

/** One value for a typed target: its root (4 each imp, 7 its banner, 5 the request, 6 the inventory object), path and source. */
export interface TypedWrite {
  readonly root: number;
  readonly path: readonly string[];
  readonly value: unknown;
  readonly field: string;
}

/** Where the issues go (the engines' report). */
export interface TypedReport {
  issues?: Issue[];
}

const own = (object: unknown, key: string): unknown => (isPlainObject(object) && Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined);
const fail = (report: TypedReport, found: Issue) => void (report.issues ??= []).push(found);

/**
 * `node[key]` ready to be written into: created when absent, copied when it is still `original[key]` (the input's),
 * else as it is; `undefined` after a `path_conflict` at `at`. With `dry`, nothing is created or written.
 */
function child(node: Obj, original: unknown, key: string, at: string, field: string, mutate: boolean, dry: boolean, report: TypedReport): Obj | undefined {
  const next = own(node, key);
  if (next === undefined) return dry ? {} : ((node[key] = {}) as Obj);
  if (!isPlainObject(next)) return (fail(report, issue('path_conflict', at, `cannot write '${field}' through a ${describe(next)} value`, field)), undefined);
  if (dry || mutate || next !== own(original, key)) return next;
  return (node[key] = copyFor(next, true));
}

/** Writes one value at `path` below `node` (whose counterpart in the input is `original`), `at` its pointer. */
function writePath(node: Obj, original: unknown, write: TypedWrite, start: number, at: string, mutate: boolean, dry: boolean, report: TypedReport): void {
  const { path, field } = write;
  let here: Obj | undefined = node;
  let was = original;
  for (let i = start; i < path.length - 1 && here; i++) {
    at += pointer(path[i]!);
    const next: Obj | undefined = child(here, was, path[i]!, at, field, mutate, dry, report);
    was = own(was, path[i]!);
    here = next;
  }
  if (here && !dry) here[path[path.length - 1]!] = fresh(write.value);
}

/**
 * Writes the typed values into `out`, the result made from `request`: `perImp[i]` the writes of imp i (those of an imp
 * left alone: `undefined`), `requestLevel` those of the request and its inventory object. With `dry`, only checks
 * (on the input: what would be refused).
 */
export function applyTyped(
  request: Obj,
  out: Obj,
  perImp: readonly (readonly TypedWrite[] | undefined)[],
  requestLevel: readonly TypedWrite[] | undefined,
  mutate: boolean,
  report: TypedReport,
  dry = false,
): void {
  // Loops, not closures over the imps (about 850 instructions of a bound placement's ~4,900): this runs on every
  // enrichment of a placement with a typed target.
  let writing = false;
  for (let i = 0; i < perImp.length && !writing; i++) writing = (perImp[i]?.length ?? 0) > 0;
  if (writing) {
    const imps = out.imp as unknown[];
    const originals = request.imp as unknown[];
    if (!dry && !mutate && imps === originals) out.imp = imps.slice();
    const list = out.imp as Obj[];
    for (let i = 0; i < perImp.length; i++) {
      const writes = perImp[i];
      if (!writes?.length || !isPlainObject(imps[i])) continue;
      if (!dry && !mutate && list[i] === originals[i]) list[i] = copyFor(list[i]!, true);
      for (const write of writes) {
        if (write.root === 4) writePath(list[i]!, originals[i], write, 0, `/imp/${i}`, mutate, dry, report);
        // An imp's banner (prd.bannerPos): written only when the imp has one.
        else if (own(list[i], 'banner') !== undefined)
          writePath(list[i]!, originals[i], { ...write, path: ['banner', ...write.path] }, 0, `/imp/${i}`, mutate, dry, report);
      }
    }
  }
  let inventory: string | undefined;
  for (let w = 0; requestLevel && w < requestLevel.length; w++) {
    const write = requestLevel[w]!;
    if (write.root === 5) writePath(out, request, write, 0, '', mutate, dry, report);
    else {
      inventory ??= INVENTORY_KEYS.find((key) => own(out, key) !== undefined) ?? '';
      if (!inventory) {
        if (!report.issues?.some((found) => found.code === 'no_inventory_object'))
          fail(report, issue('no_inventory_object', '', 'the request has none of app, site, dooh to carry the value', write.field));
        continue;
      }
      writePath(out, request, { ...write, path: [inventory, ...write.path] }, 0, '', mutate, dry, report);
    }
  }
}

/**
 * The typed writes of source values (`values[i]`: field i's; constants from the plan), for the imps (`imp`: roots 4
 * and 7) or the request (roots 5 and 6); `undefined` when there is none.
 */
export function typedWrites(plan: Plan, values: readonly unknown[], imp: boolean): TypedWrite[] | undefined {
  let out: TypedWrite[] | undefined;
  const fields = plan.fields.length;
  for (const target of plan.typed) {
    if ((target.root === 4 || target.root === 7) !== imp) continue;
    const constant = plan.constants[target.index - fields];
    // A `with` constant (docs/spec.md#conditions) has a value only when its field has one.
    const value =
      constant === undefined ? values[target.index] : constant.when === undefined || values[constant.when] !== undefined ? constant.value : undefined;
    if (value === undefined) continue;
    (out ??= []).push({ root: target.root, path: target.path, value: target.text && finite(value) ? decimalString(value) : value, field: target.name });
  }
  return out;
}
