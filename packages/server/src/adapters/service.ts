/**
 * The adapters service behind `GET /api/adapters/`, `GET|PUT|DELETE /api/adapters/{bidderCode}`, free of
 * any HTTP framework: routes authenticate the caller, hand over the role, the bidder code and the parsed body,
 * and send what comes back. Admin writes, Service reads, Publisher may do neither (403, docs/spec.md#authentication). A write is
 * checked with the library's own `validateAdapter` and the server's known endpoints, so the server refuses exactly
 * what the console's editor shows as wrong; its issues point into the request body (`/adapter/fields/0/name`).
 */
import { validateAdapter } from 'bidfields';
import { issue, type Issue } from 'bidfields';
import { isPlainObject } from 'bidfields/api';
import type { AdapterRecord } from 'bidfields';
import { ROLE, type Role } from '../auth/roles.js';
import { bidderCodeIssue, isBidderCode } from 'bidfields/api';
import { VersionConflictError, type AdapterStore } from './store.js';
import type { StoredAdapter } from 'bidfields/api';

/** Roles that may read adapter records: Admin and Service. */
export const ADAPTER_READ_ROLES: readonly Role[] = [ROLE.admin, ROLE.service];
/** Roles that may write them: Admin. */
export const ADAPTER_WRITE_ROLES: readonly Role[] = [ROLE.admin];

/** Options of {@link createAdapterService}. */
export interface AdapterServiceOptions {
  /** Hosts an adapter's endpoint may name (`bidfields serve --known-endpoint`); none: every endpoint is refused. */
  knownEndpoints?: readonly string[];
  /** Accept local endpoints the list names exactly (tests only). */
  allowLocal?: boolean;
}

/** What a route sends: a status with a JSON body (or none, for 204), or an error in the API's error shape. */
export type AdapterAnswer =
  | { ok: true; status: 200 | 201 | 204; body?: StoredAdapter | StoredAdapter[] }
  | { ok: false; status: 400 | 403 | 404 | 409; code: string; message: string; issues?: Issue[] };

/** The adapters service. */
export interface AdapterService {
  /** Whether a role may read (`read`) or write (`write`): routes ask before reading a body. */
  allows(role: Role, access: 'read' | 'write'): boolean;
  list(role: Role): Promise<AdapterAnswer>;
  get(role: Role, bidderCode: string): Promise<AdapterAnswer>;
  put(role: Role, bidderCode: string, body: unknown): Promise<AdapterAnswer>;
  delete(role: Role, bidderCode: string): Promise<AdapterAnswer>;
}

const BODY_KEYS = new Set(['version', 'adapter']);

const refuse = (status: 400 | 403 | 404 | 409, code: string, message: string, issues?: Issue[]): AdapterAnswer =>
  issues ? { ok: false, status, code, message, issues } : { ok: false, status, code, message };
const FORBIDDEN = refuse(403, 'forbidden', 'this role may not use this endpoint');
const invalid = (issues: Issue[]) => refuse(400, 'invalid_request', 'the adapter record is invalid', issues);

function badCode(bidderCode: string): AdapterAnswer | undefined {
  return isBidderCode(bidderCode) ? undefined : invalid([bidderCodeIssue()]);
}

/** The body's own shape: `{ version, adapter }`, nothing else; the record inside is checked by validateAdapter. */
function bodyIssues(body: unknown): Issue[] {
  if (!isPlainObject(body)) return [issue('schema', '', 'the body must be an object { "version": N, "adapter": { … } }')];
  const issues = Object.keys(body)
    .filter((key) => !BODY_KEYS.has(key))
    .map((key) => issue('schema', `/${key}`, `unknown key '${key}'`));
  if (!Number.isSafeInteger(body.version) || (body.version as number) < 0) {
    issues.push(issue('schema', '/version', 'must be the version being replaced: 0 for a new adapter, else the stored version'));
  }
  if (!isPlainObject(body.adapter)) issues.push(issue('schema', '/adapter', 'must be an adapter record object (protocol, endpoint, fields, …)'));
  return issues;
}

/**
 * Makes the service over a store.
 *
 * @example
 * const adapters = createAdapterService(store, { knownEndpoints: ['bid.partner.example'] })
 * const answer = await adapters.put(ROLE.admin, 'acme', { version: 0, adapter: record }) // { ok: true, status: 201, body }
 */
export function createAdapterService(store: AdapterStore, options: AdapterServiceOptions = {}): AdapterService {
  const compileOptions = { strict: true, knownEndpoints: options.knownEndpoints ?? [], allowLocal: options.allowLocal === true };
  const allows = (role: Role, access: 'read' | 'write') => (access === 'read' ? ADAPTER_READ_ROLES : ADAPTER_WRITE_ROLES).includes(role);
  const notFound = (bidderCode: string) => refuse(404, 'not_found', `no adapter '${bidderCode}'`);

  return {
    allows,
    async list(role) {
      if (!allows(role, 'read')) return FORBIDDEN;
      return { ok: true, status: 200, body: await store.list() };
    },
    async get(role, bidderCode) {
      if (!allows(role, 'read')) return FORBIDDEN;
      const bad = badCode(bidderCode);
      if (bad) return bad;
      const found = await store.get(bidderCode);
      return found ? { ok: true, status: 200, body: found } : notFound(bidderCode);
    },
    async put(role, bidderCode, body) {
      if (!allows(role, 'write')) return FORBIDDEN;
      const bad = badCode(bidderCode);
      if (bad) return bad;
      const shape = bodyIssues(body);
      if (shape.length > 0) return invalid(shape);
      const { version, adapter } = body as { version: number; adapter: Record<string, unknown> };
      if (adapter.bidderCode !== undefined && adapter.bidderCode !== bidderCode) {
        return invalid([issue('invalid_bidder_code', '/adapter/bidderCode', `must be '${bidderCode}', the bidder code in the address (or left out)`)]);
      }
      // The record is stored under its code, so it carries it (an RTB or Prebid Server record may leave it out).
      const record = { ...adapter, bidderCode };
      const issues = validateAdapter(record, compileOptions).map((found) => ({ ...found, path: `/adapter${found.path}` }));
      if (issues.length > 0) return invalid(issues);
      try {
        const saved = await store.put(bidderCode, record as unknown as AdapterRecord, version);
        return { ok: true, status: version === 0 ? 201 : 200, body: saved };
      } catch (error) {
        if (error instanceof VersionConflictError) return refuse(409, 'version_conflict', error.message);
        throw error;
      }
    },
    async delete(role, bidderCode) {
      if (!allows(role, 'write')) return FORBIDDEN;
      const bad = badCode(bidderCode);
      if (bad) return bad;
      return (await store.delete(bidderCode)) ? { ok: true, status: 204 } : notFound(bidderCode);
    },
  };
}
