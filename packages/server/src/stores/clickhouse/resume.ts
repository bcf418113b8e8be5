/**
 * The bookkeeping that makes a ClickHouse import resumable: which runs of a content began and ended, and which
 * deletes came since, so that a re-run picks deduplication tokens that count every row once, or refuses when no
 * choice of tokens can (see {@link ImportLog.beginAttempt}).
 */
import type { ClickHouseClient } from '@clickhouse/client';
import { ResumeConflictError, type ImportedFile, type ImportRecord } from '../../reports/store.js';
import { neverDeduplicated } from './client.js';
import { timestamp } from './encode.js';
import { ATTEMPTS_TABLE, DELETIONS_TABLE, IMPORTS_TABLE, MAX_DATE, MIN_DATE, type BoundQuery } from './sql.js';

/** Runs a SELECT, resolving with its rows. */
export type Select = <T>(q: BoundQuery) => Promise<T[]>;

/** Where one import's batches go: the token prefix, the rows per batch, and what is logged with it. */
export interface Attempt {
  prefix: string;
  batchRows: number;
  deletions: number;
  first: string;
  last: string;
}

/** The import bookkeeping of one store. */
export interface ImportLog {
  findImport(hash: string): Promise<ImportRecord | undefined>;
  /** Chooses (and logs) where this import's batches go; throws {@link ResumeConflictError} when it cannot be exact. */
  beginAttempt(file: ImportedFile, force: boolean): Promise<Attempt>;
  /** Records the file as imported and its attempt as ended. */
  finish(file: ImportedFile, attempt: Attempt, rows: number): Promise<void>;
  /** Logs a delete (before its rows go: a logged delete that then fails only makes a re-run refuse, which is safe). */
  logDeletion(row: Record<string, unknown>): Promise<void>;
}

/**
 * The bookkeeping over `client`; `batchRows` is the batch size of a run that starts afresh.
 *
 * @example
 * const log = createImportLog(client, select, 100_000)
 * const attempt = await log.beginAttempt(file, false)
 */
export function createImportLog(client: ClickHouseClient, select: Select, batchRows: number): ImportLog {
  /** One row of bookkeeping (an import record, an attempt, a deletion); never deduplicated: each is an event of its own. */
  const record = async (table: string, row: Record<string, unknown>) =>
    void (await client.insert({ table, values: [row], format: 'JSONEachRow', clickhouse_settings: neverDeduplicated() }));
  const logAttempt = (hash: string, prefix: string, state: 'started' | 'ended', rowsPerBatch: number, deletions: number, first: string, last: string) =>
    record(ATTEMPTS_TABLE, { hash, prefix, state, batch_rows: rowsPerBatch, deletions, first_date: first, last_date: last });

  const countImports = async (hash: string): Promise<number> => {
    const [row] = await select<{ n: number }>({ query: `SELECT count() AS n FROM ${IMPORTS_TABLE} WHERE \`hash\` = {hash:String}`, params: { hash } });
    return Number(row?.n ?? 0);
  };

  /**
   * Where this import's batches go, chosen so that a re-run counts every row once. The tokens are
   * `[force<completed imports, if any>-]<hash>-<batch rows>-d<deletions>-<batch number>`: the same for two runs of the same
   * content (an interrupted run and its re-run, or two loads of one file at the same moment), so ClickHouse drops
   * the batches it has. An unfinished earlier run is continued with its own prefix and batch size (its size is what
   * makes the tokens match), unless rows of the file's dates were deleted since it began: its kept rows may then be
   * partly gone, and no choice of tokens is exact (resending them counts the rest twice, skipping them loses the
   * deleted ones). That is refused ({@link ResumeConflictError}), unless forced, which gives such runs up and
   * starts afresh: what they kept and the delete left then counts twice, as a forced import's rows do.
   */
  const beginAttempt = async (file: ImportedFile, force: boolean): Promise<Attempt> => {
    const [first, last] = [file.dates?.first ?? MIN_DATE, file.dates?.last ?? MAX_DATE];
    const [counted] = await select<{ n: number }>({ query: `SELECT count() AS n FROM ${DELETIONS_TABLE}`, params: {} });
    const deletions = Number(counted?.n ?? 0);
    type Logged = { prefix: string; batch_rows: number; deletions: number; at: number; first: string; last: string };
    const open = await select<Logged>({
      query:
        `SELECT \`prefix\`, any(\`batch_rows\`) AS batch_rows, any(\`deletions\`) AS deletions, toUnixTimestamp64Milli(min(\`at\`)) AS at,` +
        ` toString(any(\`first_date\`)) AS first, toString(any(\`last_date\`)) AS last FROM ${ATTEMPTS_TABLE} WHERE \`hash\` = {hash:String}` +
        ` GROUP BY \`prefix\` HAVING countIf(\`state\` = 'ended') = 0 ORDER BY at`,
      params: { hash: file.hash },
    });
    // A run is stale when a deletion made since it began (server times) covers any of its dates.
    const stale: Logged[] = [];
    for (const a of open) {
      if (Number(a.deletions) === deletions) continue;
      const [hit] = await select<{ n: number }>({
        query:
          `SELECT count() AS n FROM ${DELETIONS_TABLE} WHERE \`deleted_at\` >= fromUnixTimestamp64Milli({at:Int64}, 'UTC')` +
          ` AND \`start_date\` <= {last:Date} AND \`end_date\` >= {first:Date}`,
        params: { at: Number(a.at), first: a.first, last: a.last },
      });
      if (Number(hit?.n ?? 0) > 0) stale.push(a);
    }
    if (stale.length > 0 && !force) throw new ResumeConflictError(new Date(Number(stale[0]!.at)));
    for (const a of stale) await logAttempt(file.hash, a.prefix, 'ended', Number(a.batch_rows), Number(a.deletions), a.first, a.last);
    // Forcing content that no import completed loads it for the first time, as a run without force does: no salt, so
    // each continues the other's interrupted run (which an earlier version salted `force0-`: continued too).
    const imports = force ? await countImports(file.hash) : 0;
    const salt = imports > 0 ? `force${imports}-` : '';
    const continues = (prefix: string) => prefix.startsWith(`${salt}${file.hash}-`) || (salt === '' && prefix.startsWith(`force0-${file.hash}-`));
    const resumed = open.find((a) => !stale.includes(a) && continues(a.prefix));
    const attempt = resumed
      ? { prefix: resumed.prefix, batchRows: Number(resumed.batch_rows), deletions: Number(resumed.deletions) }
      : { prefix: `${salt}${file.hash}-${batchRows}-d${deletions}`, batchRows, deletions };
    await logAttempt(file.hash, attempt.prefix, 'started', attempt.batchRows, attempt.deletions, first, last);
    return { ...attempt, first, last };
  };

  return {
    async findImport(hash) {
      const [row] = await select<{ hash: string; at: number; rows: number; name: string }>({
        query:
          `SELECT \`hash\`, toUnixTimestamp64Milli(\`imported_at\`) AS at, \`row_count\` AS rows, \`name\` FROM ${IMPORTS_TABLE}` +
          ` WHERE \`hash\` = {hash:String} ORDER BY \`imported_at\` DESC LIMIT 1`,
        params: { hash },
      });
      return row && { hash: row.hash, importedAt: new Date(Number(row.at)), rows: Number(row.rows), name: row.name };
    },
    beginAttempt,
    async finish(file, attempt, rows) {
      await record(IMPORTS_TABLE, { hash: file.hash, imported_at: timestamp(), row_count: rows, name: file.name });
      await logAttempt(file.hash, attempt.prefix, 'ended', attempt.batchRows, attempt.deletions, attempt.first, attempt.last);
    },
    logDeletion: (row) => record(DELETIONS_TABLE, row),
  };
}
