/**
 * The hot path: applies bound writes to an OpenRTB request (SPEC §2). Copy-on-write along the planned paths
 * only: the top-level request, the `imp` array, each enriched imp, the objects under its `ext` that receive
 * values, and the inventory object (`app`, `site` or `dooh`) with its `publisher`. Everything else in the result
 * is the very object of the input, so the cost does not grow with the request's size. With `mutate`, the same
 * walk writes in place. Only own, plain-object values are stepped into; anything else on a path is a
 * `path_conflict`. `null` where an object is expected counts as absent (JSON's "no value"), and is replaced.
 */
import { issue, type Issue } from '../issues.js';
import type { BidRequest, EnrichOptions } from '../types.js';
import type { BoundWrites, ExtWrite } from '../plan/bound-writes.js';
import { isPlainObject } from './plain-object.js';

type Obj = Record<string, unknown>;
const INVENTORY_KEYS = ['app', 'site', 'dooh'] as const;

/** Own, present (not undefined or null) value. */
function present(object: Obj, key: string): unknown {
  return Object.hasOwn(object, key) ? (object[key] ?? undefined) : undefined;
}

function writeExt(existing: unknown, writes: readonly ExtWrite[], mutate: boolean, base: string, relPath: string, field: string, issues: Issue[]): Obj | undefined {
  let target: Obj;
  if (existing === undefined || existing === null) target = {};
  else if (isPlainObject(existing)) target = mutate ? existing : { ...existing };
  else {
    issues.push(issue('path_conflict', base + relPath, `cannot write '${field}' through a ${describe(existing)} value`, field));
    return undefined;
  }
  for (let i = 0; i < writes.length; i++) {
    const write = writes[i]!;
    if (write.children === undefined) target[write.key] = write.value;
    else {
      const child = writeExt(Object.hasOwn(target, write.key) ? target[write.key] : undefined, write.children, mutate, base, write.relPath, write.field, issues);
      if (child !== undefined) target[write.key] = child;
    }
  }
  return target;
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'object' ? 'non-plain object' : typeof value;
}

function applyInventory(request: Obj, out: Obj, writes: BoundWrites, mutate: boolean, issues: Issue[], warnings: Issue[]): void {
  const field = writes.inventoryField;
  const key = INVENTORY_KEYS.find((candidate) => present(request, candidate) !== undefined);
  if (key === undefined) {
    issues.push(issue('no_inventory_object', '', 'the request has none of app, site, dooh to carry the publisher or site id', field));
    return;
  }
  if (key === 'app' && present(request, 'site') !== undefined) {
    warnings.push(issue('both_app_and_site', '/site', 'the request has both app and site (OpenRTB forbids it); app is used'));
  }
  const inventory = request[key];
  if (!isPlainObject(inventory)) {
    issues.push(issue('path_conflict', `/${key}`, `cannot write into a ${describe(inventory)} ${key}`, field));
    return;
  }
  const target: Obj = mutate ? inventory : { ...inventory };
  if (writes.siteId !== undefined) target.id = writes.siteId;
  if (writes.publisherId !== undefined) {
    const publisher = Object.hasOwn(inventory, 'publisher') ? inventory.publisher : undefined;
    if (publisher === undefined || publisher === null) target.publisher = { id: writes.publisherId };
    else if (isPlainObject(publisher)) {
      if (mutate) publisher.id = writes.publisherId;
      else target.publisher = { ...publisher, id: writes.publisherId };
    } else {
      issues.push(issue('path_conflict', `/${key}/publisher`, `cannot write the publisher id into a ${describe(publisher)} publisher`, field));
      return;
    }
  }
  out[key] = target;
}

/**
 * Applies `writes` to `request`. Issues (paths into the request) and warnings are pushed to the given arrays;
 * the result is meaningful only when no issue was pushed.
 */
export function applyWrites(request: unknown, writes: BoundWrites, options: EnrichOptions | undefined, issues: Issue[], warnings: Issue[]): BidRequest {
  if (!isPlainObject(request)) {
    issues.push(issue('invalid_request', '', 'the bid request must be a JSON object'));
    return request as unknown as BidRequest;
  }
  const imps = present(request, 'imp');
  if (imps !== undefined && !Array.isArray(imps)) issues.push(issue('invalid_request', '/imp', 'imp must be an array'));
  else if (imps === undefined || imps.length === 0) issues.push(issue('no_imp', '/imp', 'the request has no imp to enrich'));
  if (issues.length > 0) return request as unknown as BidRequest;

  const mutate = options?.mutate === true;
  const impList = imps as unknown[];
  const out: Obj = mutate ? request : { ...request };
  const count = options?.allImps === true ? impList.length : 1;
  const touchImps = writes.tagid !== undefined || writes.ext !== undefined;
  const newImps = touchImps && !mutate ? impList.slice() : impList;
  for (let i = 0; i < count; i++) {
    const imp = impList[i];
    if (!isPlainObject(imp)) {
      issues.push(issue('invalid_request', `/imp/${i}`, 'each imp must be a JSON object'));
      continue;
    }
    if (!touchImps) continue;
    const target: Obj = mutate ? imp : { ...imp };
    if (writes.tagid !== undefined) target.tagid = writes.tagid;
    if (writes.ext !== undefined) {
      const ext = writeExt(Object.hasOwn(imp, 'ext') ? imp.ext : undefined, writes.ext, mutate, `/imp/${i}/ext`, '', writes.ext[0]!.field, issues);
      if (ext !== undefined) target.ext = ext;
    }
    newImps[i] = target;
  }
  if (touchImps) out.imp = newImps;
  if (writes.inventoryField !== undefined) applyInventory(request, out, writes, mutate, issues, warnings);
  return out as unknown as BidRequest;
}
