/** `bidfields users list`: the users as an aligned table for people (`--json` gives the records). No hash, ever. */
import { ROLE } from '../auth/roles.js';
import type { StoredUser } from '../auth/user.js';

const ROLE_NAMES = new Map<number, string>(Object.entries(ROLE).map(([name, code]) => [code, name]));

/**
 * The users as text: a header line, then one line per user, columns padded to their widest cell.
 *
 * @example
 * formatUserTable(users) // 'ID  EMAIL              NAME  ROLE   STATUS  ACCOUNT  DELETED\n1   ada@example.com  Ada   admin  active  1\n'
 */
export function formatUserTable(users: readonly StoredUser[]): string {
  if (users.length === 0) return 'no users\n';
  const rows = [
    ['ID', 'EMAIL', 'NAME', 'ROLE', 'STATUS', 'ACCOUNT', 'DELETED'],
    ...users.map((u) => [
      String(u.id),
      u.email,
      u.name,
      ROLE_NAMES.get(u.role) ?? String(u.role),
      u.status === 1 ? 'active' : 'inactive',
      String(u.accountID),
      u.deletedAt ? u.deletedAt.toISOString() : '',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
