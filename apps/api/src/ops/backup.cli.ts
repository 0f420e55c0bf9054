import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { APP_VERSION } from '../modules/system/index.ts';
import { createBackup } from './backup.ts';
import { dataLocationOf, defaultBackupDir, invokedFrom } from './data-location.ts';

/**
 * `npm run backup -- [DIR]`: a consistent copy of the SQLite database (SQLite's online backup, safe
 * while the service runs) and of the uploads folder, with a manifest, into DIR (default
 * ./backups/<UTC time>/). Run it on the server with the service's configuration (docs/deploy.md#11-backups).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const where = dataLocationOf(config);
  if (!where.ok) {
    console.error(where.message);
    process.exit(2);
  }
  const now = new Date();
  const targetDir = process.argv[2] ? path.resolve(invokedFrom(), process.argv[2]) : defaultBackupDir(now, invokedFrom());
  const result = await createBackup({ ...where.location, targetDir, appVersion: APP_VERSION, now });
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  const { database, uploads } = result.manifest;
  console.log(`备份完成：${result.dir}`);
  console.log(`  数据库 ${database.bytes} 字节（${database.pages} 页），迁移到 ${database.migrations.at(-1) ?? '无'}，完整性检查 ok`);
  console.log(uploads.provider === 'disk' ? `  上传文件 ${uploads.files.length} 个` : '  上传文件在 S3 存储桶中，未复制');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
