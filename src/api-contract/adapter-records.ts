/**
 * The shapes of stored adapter records as the API sends them: the record itself, its bidder code (the
 * key it is stored under), its version for optimistic writes and when it last changed. Types only, so the
 * browser-side client can share them.
 */
import type { AdapterRecord } from '../core/types.js';

/** An adapter record as stored: `GET /api/adapters/{bidderCode}` answers with this. */
export interface StoredAdapter {
  bidderCode: string;
  /**
   * Starts at 1 and grows by one with every write; a write must name the version it replaces (0 for a new one). A
   * record re-created after a delete continues after the deleted one's last version: no version is reused.
   */
  version: number;
  /** ISO 8601 UTC with milliseconds, as the user records' timestamps. */
  updatedAt: string;
  adapter: AdapterRecord;
}

/** The body of `PUT /api/adapters/{bidderCode}`. */
export interface AdapterWrite {
  /** The version being replaced: 0 to create, else the stored one (a stale one is 409 `version_conflict`). */
  version: number;
  adapter: AdapterRecord;
}
