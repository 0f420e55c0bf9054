import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { backupSqliteFile, inspectSqliteCopy } from '../db/sqlite-backup.ts';
import { ensureWritableFolder } from './backup-folder.ts';
import { describePostgres, dumpPostgres, restorePostgres, userRelationsOf } from './pg-backup.ts';

/**
 * `npm run backup` and `npm run restore` for the embedded database (docs/deploy.md#11-backups,
 * docs/decisions/025-deployment-kit-and-backups.md). A backup folder holds `database.sqlite` (an
 * online-backup snapshot, never a file copy), `uploads/` (the disk storage's files) and
 * `manifest.json` (what, when, which version and migration level, and a SHA-256 per file).
 * With DATABASE_URL the folder holds `database.dump` (pg_dump's custom format) instead of the
 * SQLite file; everything else is the same. Every file is written with mode 0600: a backup holds
 * the encrypted ID numbers and every phone number in clear.
 */

export const BACKUP_FORMAT = 'kuaibao-backup/1';
export const MANIFEST_FILE = 'manifest.json';
const DATABASE_FILE = 'database.sqlite';
const DUMP_FILE = 'database.dump';
/** Backups hold personal data: readable by the service user only. */
const FILE_MODE = 0o600;
const UPLOADS_FOLDER = 'uploads';

const FileEntrySchema = z.object({ path: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('sqlite'),
      file: z.literal(DATABASE_FILE),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      pages: z.number().int().min(0),
      /** The migrations applied in the copy; the last one is its schema level. */
      migrations: z.array(z.string()),
    }),
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(DUMP_FILE),
      format: z.literal('custom'),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** The migrations applied when the dump started (they change only with an update). */
      migrations: z.array(z.string()),
      serverVersion: z.string(),
    }),
  ]),
  uploads: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('disk'), folder: z.literal(UPLOADS_FOLDER), files: z.array(FileEntrySchema) }),
    // Files in S3 stay in the bucket: its versioning or replication keeps them (docs/deploy.md#11-backups).
    z.object({ provider: z.literal('s3') }),
  ]),
});

export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export interface DataLocation {
  /** The live database file (SQLITE_FILE, resolved). */
  sqliteFile: string;
  /** The disk storage's folder (UPLOADS_DIR, resolved), or s3 when files live in a bucket. */
  storage: { provider: 'disk'; uploadsDir: string } | { provider: 's3' };
}

/** The same for PostgreSQL (DATABASE_URL): the database is dumped and restored with pg_dump / pg_restore. */
export interface PostgresLocation {
  databaseUrl: string;
  storage: DataLocation['storage'];
}

export type BackupLocation = DataLocation | PostgresLocation;

function isPostgres(location: BackupLocation): location is PostgresLocation {
  return 'databaseUrl' in location;
}

export type BackupResult =
  | { ok: true; dir: string; manifest: BackupManifest }
  | { ok: false; reason: 'no_database' | 'target_not_empty' | 'target_not_writable' | 'copy_unsound' | 'dump_failed'; message: string };

/** Takes a backup of the running (or stopped) service's data into `targetDir`, which must not exist or be empty. */
export async function createBackup(options: BackupLocation & { targetDir: string; appVersion: string; now: Date }): Promise<BackupResult> {
  const { storage, targetDir } = options;
  if (!isPostgres(options) && !existsSync(options.sqliteFile)) return { ok: false, reason: 'no_database', message: `没有找到数据库文件 ${options.sqliteFile}（SQLITE_FILE）；请在服务器上用服务的配置（/etc/kuaibao/.env）运行` };
  if (!(await isMissingOrEmpty(targetDir))) return { ok: false, reason: 'target_not_empty', message: `备份目录 ${targetDir} 已有内容；请换一个新目录，以免覆盖以前的备份` };
  const writable = await ensureWritableFolder(targetDir);
  if (!writable.ok) return { ok: false, reason: 'target_not_writable', message: writable.message };

  // The database first: an upload written after this moment is extra in the backup, never missing from it.
  let database: BackupManifest['database'];
  if (isPostgres(options)) {
    const described = await describePostgres(options.databaseUrl);
    const dumpFile = path.join(targetDir, DUMP_FILE);
    const dumped = await dumpPostgres(options.databaseUrl, dumpFile);
    if (!dumped.ok) {
      await rm(targetDir, { recursive: true, force: true });
      return { ok: false, reason: 'dump_failed', message: dumped.message };
    }
    database = { kind: 'postgres', file: DUMP_FILE, format: 'custom', ...(await describeFile(dumpFile)), migrations: described.migrations, serverVersion: described.serverVersion };
  } else {
    const databaseCopy = path.join(targetDir, DATABASE_FILE);
    const pages = await backupSqliteFile(options.sqliteFile, databaseCopy);
    await chmod(databaseCopy, FILE_MODE);
    const report = inspectSqliteCopy(databaseCopy);
    if (report.integrity.join() !== 'ok') {
      await rm(targetDir, { recursive: true, force: true });
      return { ok: false, reason: 'copy_unsound', message: `数据库副本未通过完整性检查（${report.integrity.slice(0, 3).join('; ')}）；原数据库可能已损坏，请先检查 ${options.sqliteFile}` };
    }
    database = { kind: 'sqlite', file: DATABASE_FILE, ...(await describeFile(databaseCopy)), pages, migrations: report.migrations };
  }

  let uploads: BackupManifest['uploads'];
  if (storage.provider === 'disk') {
    const files = [];
    for (const relative of await listFiles(storage.uploadsDir)) {
      // Disk storage writes `<key>.<random>.tmp` and renames it (providers/storage/disk.provider.ts): a .tmp is half a file.
      if (relative.endsWith('.tmp')) continue;
      const target = path.join(targetDir, UPLOADS_FOLDER, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(storage.uploadsDir, relative), target);
      await chmod(target, FILE_MODE);
      files.push({ path: relative, ...(await describeFile(target)) });
    }
    uploads = { provider: 'disk', folder: UPLOADS_FOLDER, files };
  } else {
    uploads = { provider: 's3' };
  }

  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: options.now.toISOString(), appVersion: options.appVersion, database, uploads };
  // Written last: a folder without a manifest is an interrupted backup, and restore refuses it.
  await writeFile(path.join(targetDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: FILE_MODE });
  return { ok: true, dir: targetDir, manifest };
}

export type RestoreResult =
  | { ok: true; manifest: BackupManifest }
  | {
      ok: false;
      reason: 'not_a_backup' | 'checksum_mismatch' | 'data_folder_not_empty' | 'storage_mismatch' | 'restored_unsound' | 'database_mismatch' | 'database_not_empty' | 'restore_failed';
      message: string;
    };

/**
 * Brings a backup back into an EMPTY data folder (the folder of SQLITE_FILE, and UPLOADS_DIR when it
 * lies elsewhere). Every checksum is verified before anything is written; if the restore fails half
 * way, what it wrote is removed again, so the folder is left empty rather than half restored.
 */
export async function restoreBackup(options: BackupLocation & { backupDir: string; /** PostgreSQL only: restore over a database that is not empty (its objects are dropped first). */ force?: boolean }): Promise<RestoreResult> {
  const { backupDir, storage } = options;
  const manifest = await readManifest(backupDir);
  if (!manifest.ok) return manifest;
  const backup = manifest.manifest;

  const checked: Array<{ path: string; bytes: number; sha256: string }> = [{ path: backup.database.file, bytes: backup.database.bytes, sha256: backup.database.sha256 }];
  const uploads = backup.uploads;
  if (uploads.provider === 'disk') checked.push(...uploads.files.map((file) => ({ ...file, path: `${uploads.folder}/${file.path}` })));
  for (const expected of checked) {
    const file = path.join(backupDir, expected.path);
    const actual = existsSync(file) ? await describeFile(file) : undefined;
    if (!actual || actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      return { ok: false, reason: 'checksum_mismatch', message: `备份中的 ${expected.path} ${actual ? '与清单的校验值不符' : '不见了'}：这份备份不完整或已被改动，未恢复任何内容` };
    }
  }
  if (uploads.provider !== storage.provider) {
    return { ok: false, reason: 'storage_mismatch', message: `备份的上传文件存放在 ${backup.uploads.provider}，当前配置是 STORAGE_PROVIDER=${storage.provider}；请先改成一致的配置` };
  }
  const wanted = isPostgres(options) ? 'postgres' : 'sqlite';
  if (backup.database.kind !== wanted) {
    return { ok: false, reason: 'database_mismatch', message: `这份备份是 ${backup.database.kind} 数据库的，当前配置的是 ${wanted}（${wanted === 'postgres' ? '设置了' : '没有设置'} DATABASE_URL）` };
  }
  if (isPostgres(options)) return restorePostgresBackup({ ...options, backup });
  const { sqliteFile } = options;

  const dataDir = path.dirname(sqliteFile);
  const targets = [dataDir];
  if (storage.provider === 'disk' && !isInside(storage.uploadsDir, dataDir)) targets.push(storage.uploadsDir);
  for (const folder of targets) {
    if (!(await isMissingOrEmpty(folder))) {
      const found = (await readdir(folder)).slice(0, 5).join(', ');
      return { ok: false, reason: 'data_folder_not_empty', message: `数据目录 ${folder} 不是空的（有 ${found}）；恢复只写入空目录。请先停止服务，把现有目录改名留存（例如 mv ${folder} ${folder}.old），再建一个空目录` };
    }
  }

  try {
    await mkdir(dataDir, { recursive: true });
    // Under a temporary name, then renamed: the server never finds half a database at SQLITE_FILE.
    const staging = `${sqliteFile}.${randomBytes(4).toString('hex')}.restoring`;
    await copyFile(path.join(backupDir, backup.database.file), staging);
    await rename(staging, sqliteFile);
    if (storage.provider === 'disk' && uploads.provider === 'disk') {
      for (const file of uploads.files) {
        const target = path.join(storage.uploadsDir, file.path);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(path.join(backupDir, uploads.folder, file.path), target);
      }
    }
    const report = inspectSqliteCopy(sqliteFile);
    if (report.integrity.join() !== 'ok' || report.migrations.join() !== backup.database.migrations.join()) {
      await emptyFolders(targets);
      return { ok: false, reason: 'restored_unsound', message: '恢复后的数据库未通过检查（完整性或迁移版本与清单不符），已撤回，数据目录保持为空' };
    }
  } catch (error) {
    await emptyFolders(targets);
    throw error;
  }
  return { ok: true, manifest: backup };
}

/** The PostgreSQL half of restoreBackup, after the checksums: an empty database (unless forced), then the uploads. */
async function restorePostgresBackup(options: PostgresLocation & { backupDir: string; force?: boolean; backup: BackupManifest }): Promise<RestoreResult> {
  const { backup, backupDir, databaseUrl, storage } = options;
  const force = options.force === true;
  const uploadsTarget = storage.provider === 'disk' && backup.uploads.provider === 'disk' ? storage.uploadsDir : undefined;
  if (!force) {
    const found = await userRelationsOf(databaseUrl);
    if (found.length > 0) {
      return { ok: false, reason: 'database_not_empty', message: `数据库不是空的（有 ${found.join(', ')}）；恢复只写入空数据库。请新建一个空库（步骤见 docs/deploy.md 第 11 节），或确认要覆盖时加 --force` };
    }
    if (uploadsTarget && !(await isMissingOrEmpty(uploadsTarget))) {
      const names = (await readdir(uploadsTarget)).slice(0, 5).join(', ');
      return { ok: false, reason: 'data_folder_not_empty', message: `上传文件目录 ${uploadsTarget} 不是空的（有 ${names}）；请先改名留存，或确认要覆盖时加 --force` };
    }
  }
  const restored = await restorePostgres(databaseUrl, path.join(backupDir, backup.database.file), { clean: force });
  // One transaction: on failure the database is as it was.
  if (!restored.ok) return { ok: false, reason: 'restore_failed', message: `${restored.message}\n数据库没有改动。` };
  if (uploadsTarget && backup.uploads.provider === 'disk') {
    for (const file of backup.uploads.files) {
      const target = path.join(uploadsTarget, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(backupDir, backup.uploads.folder, file.path), target);
    }
  }
  const { migrations } = await describePostgres(databaseUrl);
  if (migrations.join() !== backup.database.migrations.join()) {
    return { ok: false, reason: 'restored_unsound', message: `恢复后的数据库迁移版本（${migrations.at(-1) ?? '无'}）与清单（${backup.database.migrations.at(-1) ?? '无'}）不符；请检查后再启动服务` };
  }
  return { ok: true, manifest: backup };
}

async function readManifest(backupDir: string): Promise<{ ok: true; manifest: BackupManifest } | { ok: false; reason: 'not_a_backup'; message: string }> {
  const notABackup = (why: string) => ({ ok: false as const, reason: 'not_a_backup' as const, message: `${backupDir} 不是可用的备份（${why}）` });
  let text: string;
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    return notABackup(`没有 ${MANIFEST_FILE}，可能是中断的备份`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return notABackup(`${MANIFEST_FILE} 不是 JSON`);
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) return notABackup(`${MANIFEST_FILE} 的格式不对：${parsed.error.issues[0]?.path.join('.') ?? ''}`);
  // Paths come from a file anyone could edit: none may leave the backup folder.
  const paths = parsed.data.uploads.provider === 'disk' ? parsed.data.uploads.files.map((file) => file.path) : [];
  if (paths.some((relative) => path.isAbsolute(relative) || relative.split(/[\\/]/).includes('..'))) return notABackup('清单里有指向备份目录以外的路径');
  return { ok: true, manifest: parsed.data };
}

async function describeFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

/** Every file under `dir`, as paths relative to it with forward slashes, sorted; none when `dir` is missing. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Removes what a failed restore wrote; the folders were empty before it started. */
async function emptyFolders(folders: string[]): Promise<void> {
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const entry of await readdir(folder)) await rm(path.join(folder, entry), { recursive: true, force: true });
  }
}
