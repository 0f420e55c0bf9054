import path from 'node:path';
import { ConfigError, environmentWith, loadConfig } from '../config.ts';
import { APP_VERSION } from '../modules/system/index.ts';
import { createBackup } from './backup.ts';
import { backupFolderName, ensureWritableFolder, rotateBackups, runOffsiteCommand } from './backup-folder.ts';
import { backupRoot, dataLocationOf, invokedFrom } from './data-location.ts';

/**
 * `npm run backup -- [DIR]`: a consistent copy of the database (SQLite's online backup, or
 * `pg_dump --format=custom` with DATABASE_URL; both safe while the service runs) and of the
 * uploads folder, with a manifest, every file mode 0600. Without DIR it writes
 * BACKUP_DIR/<UTC time>/ (default ./backups/), keeps the newest BACKUP_KEEP there and then runs
 * BACKUP_OFFSITE_COMMAND with the new folder. Run it on the server with the service's
 * configuration, or by deploy/systemd/kuaibao-backup.timer (docs/deploy.md#11-backups).
 * Exit codes: 0 done, 1 no backup, 2 bad configuration, 3 backup kept but the off-site copy failed.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const where = dataLocationOf(config);
  if (!where.ok) {
    console.error(where.message);
    process.exit(2);
  }
  const now = new Date();
  const explicit = process.argv[2] ? path.resolve(invokedFrom(), process.argv[2]) : undefined;
  const root = backupRoot(config, invokedFrom());
  if (!explicit) {
    const writable = await ensureWritableFolder(root);
    if (!writable.ok) {
      console.error(writable.message);
      process.exit(1);
    }
  }
  const targetDir = explicit ?? path.join(root, backupFolderName(now));
  const result = await createBackup({ ...where.location, targetDir, appVersion: APP_VERSION, now });
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  const { database, uploads } = result.manifest;
  console.log(`备份完成：${result.dir}`);
  if (database.kind === 'sqlite') console.log(`  数据库 ${database.bytes} 字节（${database.pages} 页），迁移到 ${database.migrations.at(-1) ?? '无'}，完整性检查 ok`);
  else console.log(`  PostgreSQL ${database.serverVersion} 的 pg_dump（custom 格式）${database.bytes} 字节，迁移到 ${database.migrations.at(-1) ?? '无'}`);
  console.log(uploads.provider === 'disk' ? `  上传文件 ${uploads.files.length} 个` : '  上传文件在 S3 存储桶中，未复制');
  if (explicit) return;

  const removed = await rotateBackups(root, config.backup.keep);
  if (removed.length > 0) console.log(`  保留最新 ${config.backup.keep} 份，删除了 ${removed.length} 份旧备份`);
  if (config.backup.offsiteCommand) {
    const offsite = await runOffsiteCommand(config.backup.offsiteCommand, result.dir, environmentWith({}));
    if (!offsite.ok) {
      console.error(`${offsite.message}\n本地备份 ${result.dir} 已保留。`);
      process.exit(3);
    }
    console.log('  异地备份命令完成');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
