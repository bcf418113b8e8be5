/**
 * `bidfields users add`: creates an API user in the data folder's database, with the password stored only as
 * a scrypt hash. The password may come from standard input instead of `--password`, so it need not sit in the
 * shell history or the process list. Prints the new user record (the API's shape, no hash).
 */
import { parseArgs } from 'node:util';
import { hashPassword, passwordProblem } from '../../auth/password.js';
import { parseRole } from '../../auth/roles.js';
import { toUserRecord } from '../../auth/user.js';
import { DuplicateEmailError } from '../../auth/user-store.js';
import { openUsers } from '../../storage/index.js';
import { describeStorageError } from './storage-errors.js';
import { STORE_OPTIONS, STORE_USAGE, storeLocation } from './stores.js';
import { EXIT_INVALID, EXIT_OK, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: bidfields users add --email E --role admin|service|publisher [--password P] [--name N] [--account N] [--data DIR | --postgres URL]

Adds a user who can sign in to the API. Roles: admin (1) and service (2) may read reports, publisher (3) may not.

Options:
  --email E       the sign-in e-mail (stored lower-case)
  --password P    at least 8 characters, not all white space; without it, the password is read from standard input
  --role R        admin, service or publisher (or 1, 2, 3)
  --name N        display name (default: the e-mail's local part)
  --account N     account id (default 1)
${STORE_USAGE}  Users are in --postgres when given, else in the data folder; --clickhouse is taken (so one set of options
  serves every command) and not used: no events are read or written.
`;

export const usersCommand: CliCommand = {
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' },
        account: { type: 'string' }, ...STORE_OPTIONS,
      },
    });
    if (positionals.length !== 1 || positionals[0] !== 'add') throw new UsageError("the only action is 'users add'");
    if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) throw new UsageError('--email must be an e-mail address');
    const role = values.role === undefined ? undefined : parseRole(values.role);
    if (role === undefined) throw new UsageError('--role must be admin, service or publisher');
    const account = values.account ?? '1';
    if (!/^\d+$/.test(account) || !Number.isSafeInteger(Number(account))) throw new UsageError('--account must be a whole number');
    const password = values.password ?? (await io.readStdin()).replace(/\r?\n$/, '');
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(problem);

    const { clickhouse: _events, cluster: _cluster, ...location } = storeLocation(values, io, 'users add');
    let storage;
    try {
      storage = await openUsers(location);
    } catch (error) {
      io.stderr(`bidfields users: ${describeStorageError(error, 'users add')}\n`);
      return EXIT_INVALID;
    }
    try {
      const user = await storage.users.add({
        email: values.email,
        name: values.name ?? values.email.split('@')[0]!,
        accountID: Number(account),
        role,
        passwordHash: await hashPassword(password),
      });
      io.stdout(JSON.stringify(toUserRecord(user), null, 2) + '\n');
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof DuplicateEmailError)) throw error;
      io.stderr(`bidfields users: ${error.message}\n`);
      return EXIT_INVALID;
    } finally {
      await storage.close();
    }
  },
};
