import path from 'node:path';
import { readEnv, type Config } from '../config.ts';
import type { DataLocation } from './backup.ts';

/** Where the configured service keeps its data, or why `npm run backup`/`restore` cannot handle it. */
export function dataLocationOf(config: Config): { ok: true; location: DataLocation } | { ok: false; message: string } {
  if (config.database.kind === 'postgres') {
    return {
      ok: false,
      message:
        'DATABASE_URL 指向 PostgreSQL：请用 pg_dump / pg_restore 备份和恢复数据库（步骤见 docs/deploy.md 第 11 节 Backups），' +
        (config.storage.provider === 'disk' ? `上传文件目录 ${config.storage.uploadsDir} 另行复制。` : '上传文件在 S3 存储桶中。'),
    };
  }
  const storage = config.storage.provider === 'disk' ? { provider: 'disk' as const, uploadsDir: config.storage.uploadsDir } : { provider: 's3' as const };
  return { ok: true, location: { sqliteFile: config.database.file, storage } };
}

/** `backups/2026-11-24T08-50-27Z` under the current folder: sortable, and no colon for other file systems. */
export function defaultBackupDir(now: Date, cwd: string): string {
  return path.resolve(cwd, 'backups', now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-'));
}

/** The folder the operator typed the command in: npm runs scripts from the repository root and says where it was called in INIT_CWD. */
export function invokedFrom(): string {
  return readEnv('INIT_CWD') ?? process.cwd();
}
