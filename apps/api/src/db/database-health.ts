import { existsSync, statSync } from 'node:fs';
import { sql } from 'kysely';
import { getMigrations } from './migrations/index.ts';
import type { AppDatabase, DatabaseOptions } from './database.ts';

/** A database the server must not start on; `message` is one sentence for the operator. */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError';
}

/**
 * Before opening: an existing SQLite file that is empty is not a fresh install (that is a missing
 * file). Starting on it would migrate an empty schema and print a new admin password over what
 * was lost; the operator must restore it or delete it on purpose.
 */
export function assertUsableDatabaseFile(options: DatabaseOptions): void {
  if (options.kind !== 'sqlite' || !existsSync(options.file)) return;
  let size: number;
  try {
    size = statSync(options.file).size;
  } catch (error) {
    throw new DatabaseUnusableError(`SQLITE_FILE ${options.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); check its permissions`);
  }
  if (size === 0) throw new DatabaseUnusableError(`SQLITE_FILE ${options.file} exists but is empty; refusing to start on it (restore it from a backup, or delete it to start fresh)`);
}

/** One sentence for a database error at boot, instead of a stack trace. */
export function describeDatabaseFailure(error: unknown, where: string): string {
  if (error instanceof DatabaseUnusableError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code ?? '';
  if (/file is not a database|malformed|SQLITE_NOTADB|SQLITE_CORRUPT/i.test(`${message} ${code}`)) return `The database ${where} is corrupt or not a SQLite file; restore it from a backup (the server did not start)`;
  if (/readonly|read-only|SQLITE_READONLY|EROFS/i.test(`${message} ${code}`)) return `The database ${where} is read-only; the server needs to write to it and to its directory`;
  if (/unable to open database file|SQLITE_CANTOPEN|EACCES|EPERM/i.test(`${message} ${code}`)) return `The database ${where} cannot be opened; check the path and its permissions`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT/.test(`${message} ${code}`)) return `PostgreSQL is not reachable (${where}): ${code || message}`;
  if (code === '28P01' || code === '3D000') return `PostgreSQL refused the connection (${where}): ${message}`;
  return `The database ${where} could not be used: ${message.split('\n')[0]}`;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Ready: the database answers a read of a real table and every migration is applied. */
export async function checkReadiness(database: AppDatabase): Promise<Readiness> {
  try {
    await database.db.selectFrom('orders').select('id').limit(1).execute();
    const applied = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(database.db);
    const expected = Object.keys(getMigrations(database.kind)).length;
    if (Number(applied.rows[0]?.n ?? 0) < expected) return { ready: false, reason: 'migrations pending' };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: error instanceof Error ? error.message.split('\n')[0]! : 'database error' };
  }
}
