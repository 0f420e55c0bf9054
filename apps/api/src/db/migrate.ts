import { Migrator } from 'kysely/migration';
import type { AppDatabase } from './database.ts';
import { getMigrations } from './migrations/index.ts';

export interface MigrateResult {
  /** names of the migrations applied by this call (empty when already up to date) */
  applied: string[];
}

/**
 * Brings the schema up to date. Safe to call at every start and from several instances at once
 * (Kysely takes a lock: an advisory lock on PostgreSQL). Throws if a migration fails.
 */
export async function migrate(database: AppDatabase): Promise<MigrateResult> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => getMigrations(database.kind) },
    // With an explicit schema (tests), keep Kysely's bookkeeping tables in it too: its existence
    // check looks across schemas and would otherwise find another schema's lock table.
    ...(database.kind === 'postgres' && database.schema ? { migrationTableSchema: database.schema } : {}),
    // Plain code-unit order, not locale order, for the zero-padded names.
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ? `"${failed}" ` : ''}failed: ${(error as Error).message ?? String(error)}`, {
      cause: error,
    });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
