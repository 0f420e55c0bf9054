import { sql } from 'kysely';
import type { AppDatabase } from './database.ts';

/**
 * Runs `run` only if this process takes the PostgreSQL advisory lock named `key`, so a job runs
 * once across every instance on the same database; 'skipped' when another instance holds it.
 * SQLite is one process's file: it runs directly. The lock lives on one connection, held for the run.
 */
export async function withAdvisoryLock<T>(database: AppDatabase, key: string, run: () => Promise<T>): Promise<T | 'skipped'> {
  if (database.kind !== 'postgres') return run();
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(connection);
    if (!rows[0]?.locked) return 'skipped';
    try {
      return await run();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
