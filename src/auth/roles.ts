/**
 * The numeric codes of the user record (SPEC §7.1). The seed hides them; these are ours: role 1 Admin, 2 Service
 * (the account a service signs in with), 3 Publisher; status 1 active, 0 inactive. Kept in one place so the CLI,
 * the server and the tests cannot disagree about which number may read reports.
 */

/** Role codes. */
export const ROLE = { admin: 1, service: 2, publisher: 3 } as const;
/** A role code. */
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** Status codes. */
export const STATUS = { inactive: 0, active: 1 } as const;
/** A status code. */
export type Status = (typeof STATUS)[keyof typeof STATUS];

/** The roles that may use the custom report (SPEC §7.3): Admin and Service. */
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
