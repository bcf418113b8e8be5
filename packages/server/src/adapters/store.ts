/**
 * Where adapter records live: the interface the adapters service needs, and its errors. Writes are optimistic: a
 * write names the version it replaces (0 for a record that must not exist yet), and a store refuses a write whose
 * version is no longer the stored one, so two operators editing the same partner cannot silently undo each other.
 */
import type { AdapterRecord } from 'bidfields';
import type { StoredAdapter } from 'bidfields/api';

/** Adapter records by bidder code. */
export interface AdapterStore {
  /** Every record, by bidder code. */
  list(): Promise<StoredAdapter[]>;
  get(bidderCode: string): Promise<StoredAdapter | undefined>;
  /**
   * Creates (`expectedVersion` 0) or replaces (the stored version) a record; the stored result has the next version.
   * A code never had: version 1; a deleted one: one past its last version, so no version of a code is reused.
   * Rejects with {@link VersionConflictError} when the stored version is another.
   */
  put(bidderCode: string, adapter: AdapterRecord, expectedVersion: number): Promise<StoredAdapter>;
  /** Deletes a record, remembering its last version for a re-create; false when there was none. */
  delete(bidderCode: string): Promise<boolean>;
}

/** A write named a version that is not the stored one. */
export class VersionConflictError extends Error {
  override name = 'VersionConflictError';
  /** The stored version (0: there is no record). */
  readonly current: number;
  constructor(bidderCode: string, expected: number, current: number) {
    super(
      current === 0
        ? `there is no adapter '${bidderCode}' to replace (version ${expected} was named); create it with version 0`
        : `adapter '${bidderCode}' is at version ${current}, not ${expected}: reload it, then save again`,
    );
    this.current = current;
  }
}
