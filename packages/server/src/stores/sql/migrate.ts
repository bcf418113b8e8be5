/**
 * One versioned migrator for the SQL engines (DuckDB and PostgreSQL): each component's schema is a list of
 * migrations whose number is its version, recorded in `bidfields_schema`, run in one transaction (on PostgreSQL
 * under an advisory lock, so instances starting at once do not both create a table); a schema newer than the code
 * is refused rather than misread.
 */

/** A component's schema, version by version: migration k (a list of statements) takes it from k - 1 to k; `[0]` is empty. Never edit a shipped one: add one. */
export type Migrations = readonly (readonly string[])[];

/** Runs one statement inside the migration's transaction, resolving with its rows. */
export type RunStatement = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What an engine gives the migrator: a transaction, and the statement that takes its schema lock, if it needs one. */
export interface MigrationTarget {
  transaction<T>(fn: (run: RunStatement) => Promise<T>): Promise<T>;
  lockStatement?: string;
}

/** What {@link migrate} did: the component's schema went from version `from` (0: none) to `to`. */
export interface Migration {
  component: string;
  from: number;
  to: number;
}

/**
 * Brings `component`'s schema to version `migrations.length - 1`; resolves with the versions before and after.
 *
 * @example
 * await migrate(target, 'users', [[], ['CREATE TABLE users (…)']]) // { component: 'users', from: 0, to: 1 }
 */
export function migrate(target: MigrationTarget, component: string, migrations: Migrations): Promise<Migration> {
  const to = migrations.length - 1;
  return target.transaction(async (run) => {
    if (target.lockStatement) await run(target.lockStatement);
    await run('CREATE TABLE IF NOT EXISTS bidfields_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const [found] = await run('SELECT version FROM bidfields_schema WHERE component = $1', [component]);
    const from = found === undefined ? 0 : Number(found.version);
    if (from > to) throw new Error(`the ${component} schema is at version ${from}, newer than this bidfields (${to}); upgrade bidfields`);
    for (let version = from + 1; version <= to; version++) {
      for (const statement of migrations[version]!) await run(statement);
    }
    await run('INSERT INTO bidfields_schema (component, version) VALUES ($1, $2) ON CONFLICT (component) DO UPDATE SET version = excluded.version', [
      component,
      to,
    ]);
    return { component, from, to };
  });
}
