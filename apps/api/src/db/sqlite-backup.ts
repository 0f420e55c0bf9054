import { existsSync } from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';

/**
 * SQLite's online backup API over node:sqlite, for `npm run backup` (apps/api/src/ops/backup.ts,
 * docs/decisions/025-deployment-kit-and-backups.md). A file copy of a live WAL database can tear
 * (pages of the main file from one moment, the -wal from another); the backup API reads one
 * snapshot instead.
 */

/**
 * All pages in one step. Between steps, a write from another connection (the running server) makes
 * SQLite restart the copy, so a busy server could keep a page-by-page backup from ever finishing.
 * One step reads a single WAL snapshot; in WAL mode the server's writers are not blocked meanwhile.
 */
const ALL_PAGES_IN_ONE_STEP = 2_147_483_647;

/** Copies the live database `sourceFile` to `targetFile` (overwritten) as one consistent snapshot; returns the page count. */
export async function backupSqliteFile(sourceFile: string, targetFile: string, options: { busyTimeoutMs?: number } = {}): Promise<number> {
  if (!existsSync(sourceFile)) throw new Error(`no SQLite database at ${sourceFile}`);
  const source = new DatabaseSync(sourceFile);
  try {
    // The server may hold a write lock for a moment; wait for it rather than fail.
    source.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 10_000))}`);
    const pages = await backup(source, targetFile, { rate: ALL_PAGES_IN_ONE_STEP });
    // The copy inherits WAL mode from the server's file; a rollback journal leaves it one
    // self-contained file (no -wal or -shm beside it), so its checksum means what it says.
    const copy = new DatabaseSync(targetFile);
    try {
      copy.exec('PRAGMA journal_mode = DELETE');
    } finally {
      copy.close();
    }
    return pages;
  } finally {
    source.close();
  }
}

export interface SqliteCopyReport {
  /** `PRAGMA integrity_check`'s answer: `['ok']` for a sound file. */
  integrity: string[];
  /** The Kysely migrations recorded in the copy, in order (empty for a database never migrated). */
  migrations: string[];
}

/** Opens a copy (a backup or a restored file) and reports whether it is sound and how far it is migrated. */
export function inspectSqliteCopy(file: string): SqliteCopyReport {
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const integrity = copy.prepare('PRAGMA integrity_check').all().map((row) => String(Object.values(row)[0]));
    const hasMigrations = copy.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get() !== undefined;
    const migrations = hasMigrations ? copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all().map((row) => String(row.name)) : [];
    return { integrity, migrations };
  } finally {
    copy.close();
  }
}
