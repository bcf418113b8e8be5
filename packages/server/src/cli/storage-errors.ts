/** The CLI's one line on a store that would not open, with the advice that fits the command that was refused. */
import { StorageLockedError, StorageOpenError } from '../stores/index.js';

/**
 * A one-line explanation of why the storage could not be opened. For a held folder it names the holder (command
 * and PID) and, to someone running `data import` or `data delete` while `serve` holds it, suggests going through
 * the server.
 *
 * @example
 * describeStorageError(error, 'data import')
 * // 'the data folder .bidfields is in use by `bidfields serve` (PID 4242, since 2026-11-21T09:00:00.000Z); …'
 */
export function describeStorageError(error: unknown, opener?: string): string {
  if (error instanceof StorageLockedError) {
    const { command, pid, startedAt } = error.holder;
    const who = command ? `\`bidfields ${command}\`` : 'another process';
    const details = [pid && `PID ${pid}`, startedAt && `since ${startedAt}`].filter(Boolean).join(', ');
    let text = `the data folder ${error.dataDir} is in use by ${who}${details ? ` (${details})` : ''}`;
    if (opener === 'data import' && (command === 'serve' || command === undefined)) {
      text += '; to load into a running server, use `bidfields data import FILE --server URL`';
    } else if (opener === 'data delete' && (command === 'serve' || command === undefined)) {
      text += '; to delete through a running server, add `--server URL` (POST /api/data/delete)';
    } else if (opener?.startsWith('users ') && (command === 'serve' || command === undefined)) {
      // Users cannot be changed through the server (there is no user API), so say what does work.
      text += '; stop the server to change its users (keep users in PostgreSQL, --postgres, to change them while servers run)';
    } else if (command && command !== 'serve') text += '; try again when it has finished';
    return text;
  }
  if (error instanceof StorageOpenError) return error.message;
  const message = (error as Error)?.message ?? String(error);
  if (/lock/i.test(message)) return 'the data folder is in use by another process';
  return `cannot open the data folder: ${message.split('\n')[0]}`;
}
