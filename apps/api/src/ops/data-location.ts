import path from 'node:path';
import { readEnv, type Config } from '../config.ts';
import type { BackupLocation } from './backup.ts';
import { backupFolderName } from './backup-folder.ts';

/** Where the configured service keeps its data, for `npm run backup`/`restore`: the SQLite file, or the PostgreSQL database of DATABASE_URL. */
export function dataLocationOf(config: Config): { ok: true; location: BackupLocation } | { ok: false; message: string } {
  const storage = config.storage.provider === 'disk' ? { provider: 'disk' as const, uploadsDir: config.storage.uploadsDir } : { provider: 's3' as const };
  if (config.database.kind === 'postgres') return { ok: true, location: { databaseUrl: config.database.url, storage } };
  return { ok: true, location: { sqliteFile: config.database.file, storage } };
}

/** The folder dated backups go into: BACKUP_DIR, else `backups/` under the folder the command was typed in. */
export function backupRoot(config: Config, cwd: string): string {
  return config.backup.dir ?? path.resolve(cwd, 'backups');
}

/** `backups/2026-11-24T08-50-27Z` under the current folder: sortable, and no colon for other file systems. */
export function defaultBackupDir(now: Date, cwd: string): string {
  return path.resolve(cwd, 'backups', backupFolderName(now));
}

/** The folder the operator typed the command in: npm runs scripts from the repository root and says where it was called in INIT_CWD. */
export function invokedFrom(): string {
  return readEnv('INIT_CWD') ?? process.cwd();
}
