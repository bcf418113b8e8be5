/**
 * The note a process leaves in the data folder while it holds the database: which command (`serve`, `data
 * import`, `users add`, …), its PID and since when. DuckDB's file lock lets one process write, and its error
 * names only a PID; the note lets the next process say who holds the folder and what to do instead. A note whose
 * PID is not alive (left by a `kill -9`) is stale and ignored; the next holder overwrites it.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The note's file name inside the data folder. */
export const LOCK_NOTE_FILE = 'bidfields.lock.json';

/** Who holds a data folder. */
export interface LockNote {
  /** The command, e.g. `serve` or `data import`. */
  command: string;
  pid: number;
  /** ISO 8601. */
  startedAt: string;
}

/**
 * Writes this process's note (atomically: a reader never sees half a note) and returns a function that removes
 * it, unless another process has written its own since.
 *
 * @example
 * const remove = writeLockNote('.bidfields', 'data import')
 * try { … } finally { remove() }
 */
export function writeLockNote(dataDir: string, command: string): () => void {
  const path = join(dataDir, LOCK_NOTE_FILE);
  const note: LockNote = { command, pid: process.pid, startedAt: new Date().toISOString() };
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(note) + '\n');
  renameSync(temporary, path);
  return () => {
    if (readLockNote(dataDir)?.pid === process.pid) rmSync(path, { force: true });
  };
}

/**
 * The note of a live holder of the folder, if there is one (a stale or unreadable note is none).
 *
 * @example
 * readLockNote('.bidfields') // { command: 'serve', pid: 4242, startedAt: '2026-11-21T09:00:00.000Z' }
 */
export function readLockNote(dataDir: string): LockNote | undefined {
  let note: Partial<LockNote>;
  try {
    note = JSON.parse(readFileSync(join(dataDir, LOCK_NOTE_FILE), 'utf8')) as Partial<LockNote>;
  } catch {
    return undefined;
  }
  const { command, pid, startedAt } = note;
  if (typeof command !== 'string' || !Number.isSafeInteger(pid) || typeof startedAt !== 'string') return undefined;
  return isAlive(pid!) ? { command, pid: pid!, startedAt } : undefined;
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}
