import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { restoreBackup } from './backup.ts';
import { dataLocationOf, invokedFrom } from './data-location.ts';

/**
 * `npm run restore -- DIR [--force]`: brings a backup made by `npm run backup` back into an EMPTY
 * data folder (the folder of SQLITE_FILE, and UPLOADS_DIR), or with DATABASE_URL into an EMPTY
 * PostgreSQL database (pg_restore in one transaction; `--force` drops what is there first), after
 * checking every checksum. Stop the service first; start it again afterwards (docs/deploy.md#11-backups).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const backupDir = args.find((arg) => arg !== '--force');
  if (!backupDir) {
    console.error('usage: npm run restore -- <backup folder> [--force]');
    process.exit(2);
  }
  const config = loadConfig();
  const where = dataLocationOf(config);
  if (!where.ok) {
    console.error(where.message);
    process.exit(2);
  }
  const result = await restoreBackup({ ...where.location, backupDir: path.resolve(invokedFrom(), backupDir), force });
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  const { createdAt, database, uploads } = result.manifest;
  console.log(`已恢复 ${createdAt} 的备份到 ${'sqliteFile' in where.location ? where.location.sqliteFile : 'DATABASE_URL 的数据库'}`);
  console.log(`  迁移版本 ${database.migrations.at(-1) ?? '无'}，完整性检查 ok${uploads.provider === 'disk' ? `，上传文件 ${uploads.files.length} 个` : ''}`);
  console.log('  现在可以启动服务了。');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
