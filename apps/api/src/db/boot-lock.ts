import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { AppDatabase } from './database.ts';

/**
 * The lock every instance takes around its start-up work on the database (migrations, then the
 * seed), so that instances started at once on an empty database do it one after the other: the
 * first migrates and seeds, the next finds it done (docs/decisions/053-releases-and-boot-lock.md).
 *
 * - PostgreSQL: a session advisory lock on a fixed key, on one connection reserved for the run
 *   (the work itself uses the pool). Blocking: a second instance waits for the first, however long
 *   its seed takes; a crashed holder's lock goes with its connection.
 * - SQLite: an exclusive transaction on a lock file beside the database (`<SQLITE_FILE>-boot.lock`).
 *   Not on the database itself: the work needs the database's write lock on the instance's own
 *   connection, which a second connection of the same process holding it would deadlock. The
 *   operating system drops the file lock when the process ends, so a crash leaves nothing held.
 */

/** The advisory lock's key: "kuaibao" in ASCII and 1 (Kysely's own migration lock uses another key). */
export const BOOT_LOCK_KEY = 0x6b75_6169_6261_6f01n;
/** The key as SQL: a constant, written as a bigint literal. */
const KEY_SQL = sql.raw(`${BOOT_LOCK_KEY}::bigint`);

export interface BootLockOptions {
  /** the SQLite file of the database (unused on PostgreSQL; ':memory:' takes no lock) */
  sqliteFile?: string | undefined;
  /** how long a SQLite start waits for another instance's start-up work (default 10 minutes) */
  sqliteWaitMs?: number;
  /** told once when another instance holds the lock and this one waits */
  onWait?: () => void;
}

/** The lock file of a SQLite database file. */
export function sqliteBootLockFile(databaseFile: string): string {
  return `${databaseFile}-boot.lock`;
}

/** Runs `run` holding the boot lock of `database`; other instances wait until it returns or throws. */
export async function withBootLock<T>(database: AppDatabase, options: BootLockOptions, run: () => Promise<T>): Promise<T> {
  if (database.kind === 'postgres') {
    return database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${KEY_SQL}) AS locked`.execute(connection);
      if (!rows[0]?.locked) {
        options.onWait?.();
        await sql`SELECT pg_advisory_lock(${KEY_SQL})`.execute(connection);
      }
      try {
        return await run();
      } finally {
        await sql`SELECT pg_advisory_unlock(${KEY_SQL})`.execute(connection);
      }
    });
  }
  return withSqliteBootLock(options.sqliteFile, options, run);
}

/**
 * The SQLite half alone, on the lock file beside `file`: the server takes it before it even opens the
 * database, so that its check of an existing file (db/database-health.ts) never sees the empty file
 * another instance has just created and is about to migrate.
 */
export async function withSqliteBootLock<T>(file: string | undefined, options: Pick<BootLockOptions, 'sqliteWaitMs' | 'onWait'>, run: () => Promise<T>): Promise<T> {
  if (file === undefined || file === '' || file === ':memory:') return run();
  const lock = new DatabaseSync(sqliteBootLockFile(file));
  try {
    // A rollback-journal file (not WAL): BEGIN EXCLUSIVE then keeps every other connection out.
    try {
      lock.exec('PRAGMA busy_timeout = 0');
      lock.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      if (!isBusy(error)) throw error;
      options.onWait?.();
      // The wait blocks this process's thread, which has nothing else to do before the database is ready.
      lock.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.sqliteWaitMs ?? 600_000))}`);
      lock.exec('BEGIN EXCLUSIVE');
    }
    try {
      return await run();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}

function isBusy(error: unknown): boolean {
  const { errcode, message } = error as { errcode?: number; message?: string };
  // SQLITE_BUSY is 5 (extended codes keep it in the low byte).
  return (typeof errcode === 'number' && (errcode & 0xff) === 5) || /database is locked|SQLITE_BUSY/i.test(message ?? '');
}
