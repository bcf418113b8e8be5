/** Why the stores could not be opened, as errors that name what failed (never with a password) for any caller to word. */
import type { LockNote } from './lock-note.js';
import { ClickHouseLocationError } from './clickhouse/open.js';

/** The data folder is held by another process; `holder` is what is known about it. */
export class StorageLockedError extends Error {
  override name = 'StorageLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: Partial<LockNote>,
    options: { cause: unknown },
  ) {
    super(`the data folder ${dataDir} is in use by another process`, options);
  }
}

/** A store that could not be opened: `what` it was (never with a password), and why. */
export class StorageOpenError extends Error {
  override name = 'StorageOpenError';
}

/** Runs `open`, turning its failure into a {@link StorageOpenError} that names `what`. */
export async function opening<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof StorageOpenError) throw error;
    const message = error instanceof ClickHouseLocationError ? error.message : `cannot open ${what}: ${firstLine(error)}`;
    throw new StorageOpenError(message, { cause: error });
  }
}

function firstLine(error: unknown): string {
  const text = (error as Error)?.message || (error as { code?: string })?.code || String(error);
  return text.split('\n')[0]!;
}

/** What a PostgreSQL URL names, for messages: host and database, never the password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    // Another scheme's "host" may be the text after a password (u:secret@host parses as the scheme u:).
    if (!/^postgres(ql)?:$/i.test(parsed.protocol)) return 'PostgreSQL (not a postgres:// URL)';
    return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (the URL does not parse)';
  }
}
