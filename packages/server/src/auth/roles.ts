/**
 * What the role codes allow (docs/spec.md#signin, docs/spec.md#reports), kept in one place so the CLI, the server and the tests cannot
 * disagree about which number may read reports. The codes themselves are part of the wire contract
 * (`api/signin.ts`): role 1 Admin, 2 Service, 3 Publisher; status 1 active, 0 inactive.
 */
import { ROLE, STATUS, type Role, type Status } from 'bidfields/api';

export { ROLE, STATUS, type Role, type Status };

/** The roles that may use the custom report (docs/spec.md#reports): Admin and Service. */
export const REPORT_ROLES: readonly Role[] = [ROLE.admin, ROLE.service];

/** Whether a value is a role code. */
export function isRole(value: unknown): value is Role {
  return value === ROLE.admin || value === ROLE.service || value === ROLE.publisher;
}

/**
 * Parses a role given by name (`admin`, `service`, `publisher`) or by code.
 *
 * @example
 * parseRole('service') // 2
 */
export function parseRole(text: string): Role | undefined {
  const name = text.toLowerCase();
  if (Object.hasOwn(ROLE, name)) return ROLE[name as keyof typeof ROLE];
  const code = Number(text);
  return isRole(code) ? code : undefined;
}
