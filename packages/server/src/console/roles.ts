/**
 * The server's role codes, as the console branches on them. Only their type comes from the API contract, so the
 * page's bundle carries three numbers; each code is typed as the contract's, so a renumbered role fails to compile here,
 * and so does an added one (ROLE_NAMES must name every role).
 */
import type { ROLE, Role } from 'bidfields/api';

export type { Role };

export const ADMIN: (typeof ROLE)['admin'] = 1;
export const SERVICE: (typeof ROLE)['service'] = 2;
export const PUBLISHER: (typeof ROLE)['publisher'] = 3;

/**
 * Role names of docs/spec.md#signin's codes, as the header shows the signed-in user. Keyed by the literals (the type still
 * checks them): computed keys would keep the three constants in the minified bundle.
 */
export const ROLE_NAMES: Record<Role, string> = { 1: 'Admin', 2: 'Service', 3: 'Publisher' };
