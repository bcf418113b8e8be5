/**
 * The hot path: applies bound writes to an OpenRTB request (docs/spec.md#targets), copy-on-write along the planned paths only,
 * so everything else in the result is the very object of the input and the cost does not grow with the request's
 * size. Issue paths are built only when there is an issue; the success path allocates nothing it does not return.
 * What is copied and what counts as a conflict is on {@link applyWrites}.
 */
import type { Issue } from '../issues.js';
import type { BidRequest, EnrichOptions } from '../types.js';
import { earliest, type ExtWrite, type ImpWrites, type RequestWrites } from '../plan/bound-writes.js';
import { copyFor, isArray, isPlainObject } from '../definition/plain-object.js';
import { applyIssues } from './apply-issues.js';
import { INVENTORY_KEYS, type InventoryKey } from '../rules/inventory.js';

type Obj = Record<string, unknown>;

/** Where issues and warnings of one call go; arrays are created only when something is reported. */
export interface Report {
  issues?: Issue[];
  warnings?: Issue[];
  /**
   * The objects a generated enricher's steps made (core/source/emit-steps.ts): its writes write into these rather than
   * copy them again, since no caller holds them.
   */
  made?: unknown[];
}

const fail = (report: Report, found: Issue) => void (report.issues ??= []).push(found);

/** Own, present (not undefined or null) value. */
function present(object: Obj, key: string): unknown {
  return Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined;
}

function addsKeys(target: Obj, writes: readonly ExtWrite[]): boolean {
  for (let i = 0; i < writes.length; i++) if (!Object.hasOwn(target, writes[i]!.key)) return true;
  return false;
}

/** A JSON value as written: objects and arrays (a constant's) copied, so no two results share them. */
export function fresh(value: unknown): unknown {
  return typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value;
}

/** Writes into `existing` (the ext of imp `imp`, or the request's when `imp` is -1). */
function writeExt(existing: unknown, writes: readonly ExtWrite[], mutate: boolean, imp: number, at: ExtWrite | undefined, report: Report): Obj | undefined {
  let target: Obj;
  if (existing === undefined) target = {};
  else if (isPlainObject(existing)) target = mutate ? existing : copyFor(existing, addsKeys(existing, writes));
  else {
    const field = (at ?? writes.reduce(earliest)).field;
    fail(report, applyIssues.extConflict(imp, at ? at.relPath : '', existing, field));
    return undefined;
  }
  for (let i = 0; i < writes.length; i++) {
    const write = writes[i]!;
    if (write.children === undefined) target[write.key] = fresh(write.value);
    else {
      const child = writeExt(present(target, write.key), write.children, mutate, imp, write, report);
      if (child !== undefined) target[write.key] = child;
    }
  }
  return target;
}

/** True when the first `count` entries are plain objects, but those given no values (`perImp[i]` undefined), which stay as they are. */
function allPlain(list: readonly unknown[], count: number, perImp: readonly unknown[] | undefined): boolean {
  for (let i = 0; i < count; i++) if ((perImp === undefined || perImp[i] !== undefined) && !isPlainObject(list[i])) return false;
  return true;
}

/** The inventory object's key: the first of {@link INVENTORY_KEYS} the request has. */
function inventoryKey(request: Obj): InventoryKey | undefined {
  for (const key of INVENTORY_KEYS) if (present(request, key) !== undefined) return key;
  return undefined;
}

function applyInventory(request: Obj, out: Obj, key: InventoryKey | undefined, writes: RequestWrites, mutate: boolean, report: Report): void {
  // The inventory object is on the path of every inventory write: its issues go to the first field entered.
  const field = writes.inventoryField;
  if (key === undefined) {
    fail(report, applyIssues.noInventory(field));
    return;
  }
  const inventory = request[key];
  if (!isPlainObject(inventory)) {
    fail(report, applyIssues.inventoryConflict(key, inventory, field));
    return;
  }
  const { siteId, publisherId, publisherField } = writes;
  let publisher: unknown;
  if (publisherId !== undefined) {
    publisher = present(inventory, 'publisher');
    if (publisher !== undefined && !isPlainObject(publisher)) {
      fail(report, applyIssues.publisherConflict(key, publisher, publisherField));
      return;
    }
  }
  const target: Obj = mutate
    ? inventory
    : copyFor(inventory, (siteId !== undefined && !Object.hasOwn(inventory, 'id')) || (publisherId !== undefined && !Object.hasOwn(inventory, 'publisher')));
  if (siteId !== undefined) target.id = siteId;
  if (publisherId !== undefined) {
    if (publisher === undefined) target.publisher = { id: publisherId };
    else if (mutate) (publisher as Obj).id = publisherId;
    else {
      const copy = copyFor(publisher as Obj, !Object.hasOwn(publisher as Obj, 'id'));
      copy.id = publisherId;
      target.publisher = copy;
    }
  }
  out[key] = target;
}

/**
 * Applies writes to `request`: `imp` to each enriched imp (the first `count`, or with `perImp` its entries: imp i gets
 * `perImp[i]`, none when it is undefined) and `writes` once to the request; issues (paths into the request) and
 * warnings go to `report`. The result is meaningful only when no issue was reported. Copied: the top-level request,
 * the `imp` array, each enriched imp, the objects under its `ext` that receive values, the inventory object (`app`,
 * `site` or `dooh`) with its `publisher`, and the request's `ext` path. With `mutate`, the same walk writes in place.
 * Only own, plain-object values are stepped into; anything else on a path is a `path_conflict`. `null` where an
 * object is expected counts as absent (JSON's "no value"), and is replaced.
 */
export function applyWrites(
  request: unknown,
  imp: ImpWrites | undefined,
  perImp: readonly (ImpWrites | undefined)[] | undefined,
  writes: RequestWrites,
  options: EnrichOptions | undefined,
  report: Report,
): BidRequest {
  if (!isPlainObject(request)) {
    fail(report, applyIssues.notAnObject());
    return request as unknown as BidRequest;
  }
  const imps = present(request, 'imp');
  if (imps !== undefined && !isArray(imps)) fail(report, applyIssues.impNotArray());
  else if (imps === undefined || imps.length === 0) fail(report, applyIssues.noImp());
  else if (perImp !== undefined && perImp.length > imps.length) fail(report, applyIssues.tooManyEntries(perImp.length, imps.length));
  if (report.issues) return request as unknown as BidRequest;
  // docs/spec.md#targets: a request with both (OpenRTB forbids it) is warned, whatever is written; app is the one written to.
  if (present(request, 'app') !== undefined && present(request, 'site') !== undefined) {
    (report.warnings ??= []).push(applyIssues.bothAppAndSite());
  }

  const impList = imps as unknown[];
  const count = perImp !== undefined ? perImp.length : options?.allImps === true ? impList.length : 1;
  // In place only when what can fail (a path_conflict found midway aside) is known not to: imps that are objects,
  // an inventory object when one is written. Otherwise the copying path runs, reports every issue, and the
  // caller's request is left as it was.
  const inventory = writes.inventoryField === undefined ? undefined : inventoryKey(request);
  const mutate = options?.mutate === true && allPlain(impList, count, perImp) && (writes.inventoryField === undefined || inventory !== undefined);
  const out: Obj = mutate ? request : { ...request };
  let newImps: unknown[] | undefined;
  for (let i = 0; i < count; i++) {
    const item = impList[i];
    const own = perImp === undefined ? imp : perImp[i];
    if (perImp !== undefined && own === undefined) continue;
    if (!isPlainObject(item)) {
      fail(report, applyIssues.impNotObject(i));
      continue;
    }
    const tagid = own?.tagid;
    const ext = own?.ext;
    if (tagid === undefined && ext === undefined) continue;
    const target: Obj = mutate
      ? item
      : copyFor(item, (tagid !== undefined && !Object.hasOwn(item, 'tagid')) || (ext !== undefined && !Object.hasOwn(item, 'ext')));
    if (tagid !== undefined) target.tagid = tagid;
    if (ext !== undefined) {
      const written = writeExt(present(item, 'ext'), ext, mutate, i, undefined, report);
      if (written !== undefined) target.ext = written;
    }
    if (!mutate) (newImps ??= impList.slice())[i] = target;
  }
  if (newImps) out.imp = newImps;
  if (writes.inventoryField !== undefined) applyInventory(request, out, inventory, writes, mutate, report);
  if (writes.ext !== undefined) {
    const written = writeExt(present(request, 'ext'), writes.ext, mutate, -1, undefined, report);
    if (written !== undefined) out.ext = written;
  }
  return out as unknown as BidRequest;
}
