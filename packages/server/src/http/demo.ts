/**
 * The demo of `bidfields serve --demo` and `npm start`: a year of realistic report data and one user per role,
 * with fixed, printed credentials so the README's curl commands work as written. Only ever used on an in-memory
 * store: these passwords are public.
 */
import { createHash } from 'node:crypto';
import { hashPassword, type ScryptCost } from '../auth/password.js';
import { ROLE, type Role } from '../auth/roles.js';
import { DuplicateEmailError, type UserStore } from '../auth/user-store.js';
import { demoEvents } from '../reports/demo-data.js';
import { AlreadyImportedError, isEventStore, type EventStore, type ReportStore } from '../reports/store.js';

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
 * Fills stores with the demo data (all of 2024) and users; resolves with the number of event rows and whether they
 * were loaded now. A store that records imported files (every store of the server) gets the rows as one import of
 * their content, so a shared store (ClickHouse) that has them from an earlier demo does not count them twice.
 *
 * @example
 * const { rows } = await seedDemo(storage) // 65148
 */
export async function seedDemo(stores: { events: ReportStore | EventStore; users: UserStore }, cost?: ScryptCost): Promise<{ rows: number; loaded: boolean }> {
  const rows = [...demoEvents()];
  let loaded = true;
  if (isEventStore(stores.events)) {
    const hash = createHash('sha256');
    for (const row of rows) hash.update(JSON.stringify(row) + '\n');
    const file = { hash: hash.digest('hex'), name: 'demo-2024.ndjson' };
    const store = stores.events;
    if (await store.findImport(file.hash)) loaded = false;
    else {
      await store
        .importFile(
          file,
          (async function* () {
            for (let i = 0; i < rows.length; i += 20_000) yield rows.slice(i, i + 20_000);
          })(),
        )
        .catch((error: unknown) => {
          // Another instance started with --demo at the same moment loaded them first.
          if (!(error instanceof AlreadyImportedError)) throw error;
          loaded = false;
        });
    }
  } else await stores.events.append(rows);
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password, cost)));
  for (const [i, u] of DEMO_USERS.entries()) {
    // A shared user store (PostgreSQL) may have the demo users from an earlier demo already; keep those.
    await stores.users.add({ email: u.email, name: `Demo ${u.roleName}`, accountID: 1, role: u.role, passwordHash: hashes[i]! }).catch((error: unknown) => {
      if (!(error instanceof DuplicateEmailError)) throw error;
    });
  }
  return { rows: rows.length, loaded };
}
