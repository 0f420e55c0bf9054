import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { restoreBackup } from './backup.ts';
import { dataLocationOf, invokedFrom } from './data-location.ts';

/**
 * `npm run restore -- DIR`: brings a backup made by `npm run backup` back into an EMPTY data folder
 * (the folder of SQLITE_FILE, and UPLOADS_DIR), after checking every checksum. Stop the service first;
 * start it again afterwards (docs/deploy.md#11-backups).
 */
async function main(): Promise<void> {
  const backupDir = process.argv[2];
  if (!backupDir) {
    console.error('usage: npm run restore -- <backup folder>');
    process.exit(2);
  }
  const config = loadConfig();
  const where = dataLocationOf(config);
  if (!where.ok) {
    console.error(where.message);
    process.exit(2);
  }
  const result = await restoreBackup({ ...where.location, backupDir: path.resolve(invokedFrom(), backupDir) });
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  const { createdAt, database, uploads } = result.manifest;
  console.log(`已恢复 ${createdAt} 的备份到 ${where.location.sqliteFile}`);
  console.log(`  迁移版本 ${database.migrations.at(-1) ?? '无'}，完整性检查 ok${uploads.provider === 'disk' ? `，上传文件 ${uploads.files.length} 个` : ''}`);
  console.log('  现在可以启动服务了。');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
