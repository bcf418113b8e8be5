/**
 * Creating or migrating the PostgreSQL schemas (users, the sign-in throttle, adapter records) ahead of a deploy, as
 * `bidfields db init --postgres URL` does: each component at its latest version, with what was done.
 */
import { ADAPTERS_MIGRATIONS, THROTTLE_MIGRATIONS, USERS_MIGRATIONS } from './postgres/migrations.js';
import { migratePostgres, openPostgres } from './postgres/database.js';
import { describePostgres, StorageOpenError } from './errors.js';

/** One component's schema: its name and its version before and after. */
export type SchemaStep = Awaited<ReturnType<typeof migratePostgres>>;

/**
 * Brings every PostgreSQL schema the server uses to its latest version.
 *
 * @example
 * for (const step of await initPostgresSchemas(url)) console.log(step.component, step.from, '→', step.to)
 */
export async function initPostgresSchemas(url: string): Promise<SchemaStep[]> {
  const postgres = await openPostgres(url).catch((error: unknown) => {
    throw new StorageOpenError(`cannot open ${describePostgres(url)}: ${(error as Error).message}`, { cause: error });
  });
  try {
    return [
      await migratePostgres(postgres.pool, 'users', USERS_MIGRATIONS),
      await migratePostgres(postgres.pool, 'signin_throttle', THROTTLE_MIGRATIONS),
      await migratePostgres(postgres.pool, 'adapters', ADAPTERS_MIGRATIONS),
    ];
  } finally {
    await postgres.close();
  }
}
