/**
 * `bidfields users …`: the API's users in the data folder's database (or PostgreSQL), without editing it by hand.
 * Passwords are stored only as a scrypt hash, and may come from standard input instead of `--password`, so they
 * need not sit in the shell history or the process list. Every change raises the user's token version, so the
 * tokens issued before it stop working (on running servers within their 2-second user cache). What each action
 * prints is the user record in the API's shape: never a hash.
 */
import { parseArgs } from 'node:util';
import { hashPassword, passwordProblem } from '../auth/password.js';
import { parseRole, STATUS } from '../auth/roles.js';
import { toUserRecord, type StoredUser } from '../auth/user.js';
import { DuplicateEmailError, type UserChange, type UserStore } from '../auth/user-store.js';
import { openUsers } from '../stores/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, STORE_USAGE, storeLocation } from './stores.js';
import { formatUserTable } from './users-table.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand, type CliIO } from 'bidfields/cli-commands';

const usage = `Usage: bidfields users add --email E --role R [--password P] [--name N] [--account N] [STORE]
       bidfields users list [--json] [STORE]
       bidfields users deactivate|activate|delete --email E [STORE]
       bidfields users role --email E --role R [STORE]
       bidfields users password --email E [--password P] [STORE]

Manages the users who can sign in to the API. Roles: admin (1) and service (2) may read reports, publisher (3)
may not. Every change ends the user's tokens (servers see it within 2 seconds); a deleted user keeps its record
(DeletedAt set) and its e-mail, and can no longer sign in.

Actions:
  add             adds a user and prints its record
  list            prints every user (deleted ones included), one per line; --json prints the records
  deactivate      status 0: the user can no longer sign in, and its tokens end
  activate        status 1 again (a deleted user stays deleted)
  role            gives the user another role
  password        sets a new password
  delete          marks the user deleted

Options:
  --email E       the sign-in e-mail (stored lower-case)
  --password P    at least 8 characters, not all white space; without it, the password is read from standard input
  --role R        admin, service or publisher (or 1, 2, 3)
  --name N        display name (default: the e-mail's local part)
  --account N     account id (default 1)
  --json          list: the user records as a JSON array
${STORE_USAGE}  Users are in --postgres when given, else in the data folder; --clickhouse is taken (so one set of options
  serves every command) and not used: no events are read or written. A server on the data folder holds it: stop it
  first, or keep the users in PostgreSQL to change them while servers run.
`;

/** The options each action takes, besides the store's. */
const ACTION_OPTIONS: Record<string, readonly string[]> = {
  add: ['email', 'password', 'role', 'name', 'account'],
  list: ['json'],
  deactivate: ['email'],
  activate: ['email'],
  delete: ['email'],
  role: ['email', 'role'],
  password: ['email', 'password'],
};

type Values = Record<string, string | boolean | undefined>;

export const usersCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        account: { type: 'string' },
        json: { type: 'boolean' },
        ...STORE_OPTIONS,
      },
    });
    const action = positionals[0] ?? '';
    if (positionals.length !== 1 || !Object.hasOwn(ACTION_OPTIONS, action)) {
      throw new UsageError(`the actions are: users ${Object.keys(ACTION_OPTIONS).join(' | ')}`);
    }
    const allowed = new Set([...ACTION_OPTIONS[action]!, ...Object.keys(STORE_OPTIONS)]);
    const stray = Object.keys(values).find((name) => !allowed.has(name));
    if (stray) throw new UsageError(`users ${action} takes no --${stray}`);
    if (action !== 'list' && (typeof values.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(values.email))) {
      throw new UsageError('--email must be an e-mail address');
    }
    // Everything the user typed is checked before the store is opened (a held data folder is not worth waiting on).
    const prepared = await prepare(action, values, io);
    const { clickhouse: _events, cluster: _cluster, ...location } = storeLocation(values, io, `users ${action}`);
    let storage;
    try {
      storage = await openUsers(location);
    } catch (error) {
      io.stderr(`bidfields users: ${describeStorageError(error, `users ${action}`)}\n`);
      return EXIT_INVALID;
    }
    try {
      return await prepared(storage.users);
    } finally {
      await storage.close();
    }
  },
};

/** Checks the action's options and returns what it does with the store, resolving with the exit code. */
async function prepare(action: string, values: Values, io: CliIO): Promise<(users: UserStore) => Promise<number>> {
  const email = values.email as string;
  const role = () => {
    const parsed = values.role === undefined ? undefined : parseRole(String(values.role));
    if (parsed === undefined) throw new UsageError('--role must be admin, service or publisher');
    return parsed;
  };
  const password = async () => {
    const text = typeof values.password === 'string' ? values.password : (await io.readStdin()).replace(/\r?\n$/, '');
    const problem = passwordProblem(text);
    if (problem) throw new UsageError(problem);
    return hashPassword(text);
  };
  const print = (user: StoredUser) => (io.stdout(JSON.stringify(toUserRecord(user), null, 2) + '\n'), EXIT_OK);
  const change = (what: UserChange) => (users: UserStore) => changeUser(users, email, what, io, print);
  switch (action) {
    case 'list':
      return async (users) => {
        const all = await users.list();
        io.stdout(values.json ? JSON.stringify(all.map(toUserRecord), null, 2) + '\n' : formatUserTable(all));
        return EXIT_OK;
      };
    case 'add': {
      const [userRole, account] = [role(), String(values.account ?? '1')];
      if (!/^\d+$/.test(account) || !Number.isSafeInteger(Number(account))) throw new UsageError('--account must be a whole number');
      const passwordHash = await password();
      return async (users) => {
        try {
          const name = typeof values.name === 'string' ? values.name : email.split('@')[0]!;
          return print(await users.add({ email, name, accountID: Number(account), role: userRole, passwordHash }));
        } catch (error) {
          if (!(error instanceof DuplicateEmailError)) throw error;
          io.stderr(`bidfields users: ${error.message}\n`);
          return EXIT_INVALID;
        }
      };
    }
    case 'deactivate':
      return change({ status: STATUS.inactive });
    case 'activate':
      return change({ status: STATUS.active });
    case 'delete':
      return change({ deleted: true });
    case 'role':
      return change({ role: role() });
    default:
      return change({ passwordHash: await password() });
  }
}

/** Applies a change to an existing user; an unknown one, or a deleted one (but for deleting again), is exit 1. */
async function changeUser(users: UserStore, email: string, change: UserChange, io: CliIO, print: (user: StoredUser) => number): Promise<number> {
  const found = await users.findByEmail(email);
  const refuse = (why: string) => (io.stderr(`bidfields users: ${why}\n`), EXIT_INVALID);
  if (!found) return refuse(`no user has the e-mail ${email.trim().toLowerCase()}`);
  if (found.deletedAt && !change.deleted) return refuse(`the user ${found.email} is deleted; add a user with another e-mail instead`);
  const changed = await users.update(email, change);
  return changed ? print(changed) : refuse(`no user has the e-mail ${found.email}`);
}
