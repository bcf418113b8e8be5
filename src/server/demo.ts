/**
 * The demo of `bidfields serve --demo` and `npm start`: a year of realistic report data and one user per role,
 * with fixed, printed credentials so the README's curl commands work as written. Only ever used on an in-memory
 * store: these passwords are public.
 */
import { hashPassword, type ScryptCost } from '../auth/password.js';
import { ROLE, type Role } from '../auth/roles.js';
import { DuplicateEmailError, type UserStore } from '../auth/user-store.js';
import { demoEvents } from '../reports/demo-data.js';
import type { ReportStore } from '../reports/store.js';

/** A demo user's credentials. */
export interface DemoUser {
  email: string;
  password: string;
  role: Role;
  /** The role's name, for printing. */
  roleName: string;
}

/** The demo users: Admin and Service may read reports, Publisher gets 403. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@example.com', password: 'demo-admin', role: ROLE.admin, roleName: 'admin' },
  { email: 'service@example.com', password: 'demo-service', role: ROLE.service, roleName: 'service' },
  { email: 'publisher@example.com', password: 'demo-publisher', role: ROLE.publisher, roleName: 'publisher' },
];

/**
 * Fills stores with the demo data (all of 2024) and users; returns the number of event rows.
 *
 * @example
 * const rows = await seedDemo(storage) // 65148
 */
export async function seedDemo(stores: { reports: ReportStore; users: UserStore }, cost?: ScryptCost): Promise<number> {
  const rows = [...demoEvents()];
  await stores.reports.append(rows);
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password, cost)));
  for (const [i, u] of DEMO_USERS.entries()) {
    // A shared user store (PostgreSQL) may have the demo users from an earlier demo already; keep those.
    await stores.users
      .add({ email: u.email, name: `Demo ${u.roleName}`, accountID: 1, role: u.role, passwordHash: hashes[i]! })
      .catch((error: unknown) => {
        if (!(error instanceof DuplicateEmailError)) throw error;
      });
  }
  return rows.length;
}
