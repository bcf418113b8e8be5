/**
 * The issues of the apply step, worded once: the interpreter (apply-writes.ts) and the generated enrichers
 * (core/source) decide *when* a request is refused, this table says *what* is reported, so both paths give
 * byte-for-byte the same issues and warnings (the conformance fixtures and the property comparison check it).
 */
import { issue, type Issue } from '../issues.js';
import { isArray } from '../definition/plain-object.js';

/** What a value in the way is, for messages: `array`, `non-plain object` (a revoked proxy too), or its `typeof`. */
export function describe(value: unknown): string {
  return isArray(value) ? 'array' : typeof value === 'object' ? 'non-plain object' : typeof value;
}

export const applyIssues = {
  notAnObject: (): Issue => issue('invalid_request', '', 'the bid request must be a JSON object'),
  impNotArray: (): Issue => issue('invalid_request', '/imp', 'imp must be an array'),
  noImp: (): Issue => issue('no_imp', '/imp', 'the request has no imp to enrich'),
  tooManyEntries: (entries: number, imps: number): Issue => issue('invalid_request', '/imp', `${entries} sets of values for ${imps} imps`),
  impNotObject: (imp: number): Issue => issue('invalid_request', `/imp/${imp}`, 'each imp must be a JSON object'),
  bothAppAndSite: (): Issue => issue('both_app_and_site', '/site', 'the request has both app and site (OpenRTB forbids it); app is used'),
  noInventory: (field: string | undefined): Issue =>
    issue('no_inventory_object', '', 'the request has none of app, site, dooh to carry the publisher or site id', field),
  inventoryConflict: (key: string, value: unknown, field: string | undefined): Issue =>
    issue('path_conflict', `/${key}`, `cannot write into a ${describe(value)} ${key}`, field),
  publisherConflict: (key: string, value: unknown, field: string | undefined): Issue =>
    issue('path_conflict', `/${key}/publisher`, `cannot write the publisher id into a ${describe(value)} publisher`, field),
  /** A non-object at `ext` + `relPath` of imp `imp` (of the request when `imp` is -1). */
  extConflict: (imp: number, relPath: string, value: unknown, field: string): Issue =>
    issue('path_conflict', `${imp < 0 ? '' : `/imp/${imp}`}/ext${relPath}`, `cannot write '${field}' through a ${describe(value)} value`, field),
};
