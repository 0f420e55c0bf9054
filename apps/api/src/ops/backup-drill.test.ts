import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { environmentWith, loadConfig } from '../config.ts';
import { createDatabase, type AppDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { insertOrder } from '../modules/console/console.test-support.ts';
import { seedDatabase } from '../seed/seed.ts';
import { describeDialects, type Dialect } from '../test/dialects.ts';
import type { TestApp } from '../test/helper.ts';
import { testDatabaseUrl } from '../test/test-servers.ts';
import { createBackup, restoreBackup, type BackupLocation } from './backup.ts';
import { newestBackup, rotateBackups, runOffsiteCommand } from './backup-folder.ts';
import { connectionFor, pgClient } from './pg-backup.ts';

/**
 * The restore drill of docs/deploy.md#11-backups as a test, on each database: a seeded database is
 * backed up, restored into a fresh one, and the key tables compared; every file of the backup is
 * readable by its owner only. Then the backup folder's rules (rotation, the newest backup, the
 * off-site command) and `npm run backup` itself as the timer runs it.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-drill-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const KEY_TABLES = ['orders', 'companies', 'goods', 'agreements', 'site_config', 'kysely_migration'] as const;

/** A database of its own (PostgreSQL: a whole database, since pg_dump dumps one; SQLite: a file), not migrated. */
async function freshLocation(dialect: Dialect, name: string): Promise<{ location: BackupLocation; open(): Promise<AppDatabase> }> {
  const dir = tempDir();
  const storage = { provider: 'disk' as const, uploadsDir: path.join(dir, 'uploads') };
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'kuaibao.sqlite');
    return { location: { sqliteFile: file, storage }, open: () => createDatabase({ kind: 'sqlite', file }) };
  }
  const admin = pgClient(testDatabaseUrl());
  await admin.connect();
  const database = `${new URL(testDatabaseUrl()).pathname.slice(1)}_${name}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = pgClient(testDatabaseUrl());
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  return { location: { databaseUrl: url.toString(), storage }, open: () => createDatabase({ kind: 'postgres', url: url.toString() }) };
}

async function rowCounts(database: AppDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of KEY_TABLES) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(database.db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/** A migrated, seeded database with a few orders and an upload; returns its row counts. */
async function seed(place: { location: BackupLocation; open(): Promise<AppDatabase> }): Promise<Record<string, number>> {
  const database = await place.open();
  try {
    await migrate(database);
    await seedDatabase(database, { companies: 60 });
    const test = { database, config: loadConfig({ APP_ENV: 'test' }), clock: { now: new Date('2026-11-24T03:00:00Z') } } as unknown as TestApp;
    for (let i = 0; i < 3; i++) await insertOrder(test);
    const uploadsDir = (place.location.storage as { uploadsDir: string }).uploadsDir;
    mkdirSync(path.join(uploadsDir, 'orders'), { recursive: true });
    writeFileSync(path.join(uploadsDir, 'orders', 'receipt.png'), 'a screenshot');
    return await rowCounts(database);
  } finally {
    await database.close();
  }
}

async function countsIn(place: { open(): Promise<AppDatabase> }): Promise<Record<string, number>> {
  const database = await place.open();
  try {
    return await rowCounts(database);
  } finally {
    await database.close();
  }
}

function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) modes[path.relative(dir, path.join(entry.parentPath, entry.name))] = (statSync(path.join(entry.parentPath, entry.name)).mode & 0o777).toString(8);
  }
  return modes;
}

describeDialects('backup and restore drill (%s)', { timeout: 60_000 }, (dialect) => {
  it('a seeded database backed up and restored into a fresh one has the same rows in its key tables; every file of the backup is 0600', async () => {
    const source = await freshLocation(dialect, 'src');
    const seeded = await seed(source);
    expect(seeded.orders).toBe(3);
    expect(seeded.companies).toBeGreaterThanOrEqual(60);

    const backupDir = path.join(tempDir(), '2026-11-24T03-10-00Z');
    const backup = await createBackup({ ...source.location, targetDir: backupDir, appVersion: 'test', now: new Date() });
    expect(backup).toMatchObject({ ok: true, manifest: { database: { kind: dialect } } });
    const modes = modesUnder(backupDir);
    expect(Object.keys(modes).sort()).toEqual([dialect === 'postgres' ? 'database.dump' : 'database.sqlite', 'manifest.json', path.join('uploads', 'orders', 'receipt.png')].sort());
    expect(new Set(Object.values(modes))).toEqual(new Set(['600']));
    // pg_dump's custom format, or a SQLite file.
    const [file, magic] = dialect === 'postgres' ? ['database.dump', 'PGDMP'] : ['database.sqlite', 'SQLite format 3'];
    expect(readFileSync(path.join(backupDir, file)).subarray(0, magic.length).toString()).toBe(magic);

    // The service goes on after the backup: one more order, not in the restored copy.
    const live = await source.open();
    await insertOrder({ database: live, config: loadConfig({ APP_ENV: 'test' }), clock: { now: new Date() } } as unknown as TestApp);
    await live.close();

    const target = await freshLocation(dialect, 'dst');
    const restored = await restoreBackup({ ...target.location, backupDir });
    expect(restored).toMatchObject({ ok: true });
    expect(await countsIn(target)).toEqual(seeded);
    expect(readFileSync(path.join((target.location.storage as { uploadsDir: string }).uploadsDir, 'orders', 'receipt.png'), 'utf8')).toBe('a screenshot');
  });

  it('restore refuses a database that is not empty, and leaves it as it was', async () => {
    const source = await freshLocation(dialect, 'src');
    await seed(source);
    const backupDir = path.join(tempDir(), 'backup');
    expect((await createBackup({ ...source.location, targetDir: backupDir, appVersion: 'test', now: new Date() })).ok).toBe(true);

    const occupied = await freshLocation(dialect, 'occ');
    const before = await seed(occupied);
    rmSync((occupied.location.storage as { uploadsDir: string }).uploadsDir, { recursive: true, force: true });
    const refused = await restoreBackup({ ...occupied.location, backupDir });
    expect(refused).toMatchObject({ ok: false, reason: dialect === 'postgres' ? 'database_not_empty' : 'data_folder_not_empty' });
    expect(await countsIn(occupied)).toEqual(before);
  });
});

describeDialects('restore --force over a database that is not empty (%s)', { only: ['postgres'], timeout: 60_000 }, () => {
  it('drops what is there and brings the backup back', async () => {
    const source = await freshLocation('postgres', 'src');
    const seeded = await seed(source);
    const backupDir = path.join(tempDir(), 'backup');
    expect((await createBackup({ ...source.location, targetDir: backupDir, appVersion: 'test', now: new Date() })).ok).toBe(true);
    const occupied = await freshLocation('postgres', 'occ');
    await seed(occupied);
    const extra = await occupied.open();
    await insertOrder({ database: extra, config: loadConfig({ APP_ENV: 'test' }), clock: { now: new Date() } } as unknown as TestApp);
    await extra.close();
    expect(await restoreBackup({ ...occupied.location, backupDir, force: true })).toMatchObject({ ok: true });
    expect(await countsIn(occupied)).toEqual(seeded);
  });
});

/** A complete dated backup folder, finished at `at`. */
function fakeBackup(root: string, name: string, at?: Date): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'manifest.json'), '{}');
  if (at) utimesSync(path.join(dir, 'manifest.json'), at, at);
  return dir;
}

describe('the backup folder: rotation, the newest backup, the off-site command', () => {
  it('keeps the newest N complete backups, drops interrupted ones older than the newest, and touches nothing else', async () => {
    const root = tempDir();
    for (const day of ['20', '21', '22', '23', '24']) fakeBackup(root, `2026-11-${day}T03-10-00Z`);
    mkdirSync(path.join(root, '2026-11-22T09-00-00Z')); // interrupted: no manifest
    mkdirSync(path.join(root, '2026-11-25T03-10-00Z')); // being written now
    mkdirSync(path.join(root, 'keep-me-2020'));
    writeFileSync(path.join(root, 'notes.txt'), 'the operator’s');

    const removed = await rotateBackups(root, 2);
    expect(removed.map((dir) => path.basename(dir))).toEqual(['2026-11-20T03-10-00Z', '2026-11-21T03-10-00Z', '2026-11-22T03-10-00Z', '2026-11-22T09-00-00Z']);
    expect(readdirSync(root).sort()).toEqual(['2026-11-23T03-10-00Z', '2026-11-24T03-10-00Z', '2026-11-25T03-10-00Z', 'keep-me-2020', 'notes.txt']);
  });

  it('the newest backup is the newest complete dated folder, finished when its manifest was written', async () => {
    const root = tempDir();
    expect(await newestBackup(root)).toBeUndefined();
    expect(await newestBackup(path.join(root, 'missing'))).toBeUndefined();
    fakeBackup(root, '2026-11-23T03-10-00Z', new Date('2026-11-23T03:11:00Z'));
    mkdirSync(path.join(root, '2026-11-24T03-10-00Z'));
    expect(await newestBackup(root)).toEqual({ dir: path.join(root, '2026-11-23T03-10-00Z'), finishedAt: new Date('2026-11-23T03:11:00Z') });
  });

  it('runs the off-site command with the backup folder as $1, and reports its failure with its exit code and output', async () => {
    const dir = tempDir();
    const seen = path.join(dir, 'seen.txt');
    expect(await runOffsiteCommand(`printf '%s' "$1" > '${seen}'`, '/var/backups/kuaibao/2026-11-24T03-10-00Z', environmentWith({}))).toEqual({ ok: true });
    expect(readFileSync(seen, 'utf8')).toBe('/var/backups/kuaibao/2026-11-24T03-10-00Z');
    const failed = await runOffsiteCommand('echo "rsync: connection refused" >&2; exit 12', dir, environmentWith({}));
    expect(failed).toEqual({ ok: false, message: expect.stringMatching(/退出码 12.*connection refused/) });
  });
});

describe('pg_dump and pg_restore get the password in PGPASSWORD, never on their command line (ps shows it)', () => {
  it('takes the password out of the URL and keeps the rest', () => {
    const { dbname, env } = connectionFor('postgres://kuaibao:s3cr%40t%2Fx@127.0.0.1:5432/kuaibao?sslmode=require');
    expect(dbname).toBe('postgres://kuaibao@127.0.0.1:5432/kuaibao?sslmode=require');
    expect(env.PGPASSWORD).toBe('s3cr@t/x');
    expect(connectionFor('postgres:///kuaibao?host=/var/run/postgresql').dbname).toBe('postgres:///kuaibao?host=/var/run/postgresql');
  });
});

describe('npm run backup as the timer runs it (SQLite)', () => {
  const cli = path.join(import.meta.dirname, 'backup.cli.ts');
  function runBackup(env: Record<string, string>) {
    return spawnSync(process.execPath, [cli], { env: environmentWith({ APP_ENV: 'test', LOG_LEVEL: 'silent', INIT_CWD: tmpdir(), ...env }), encoding: 'utf8', timeout: 60_000 });
  }

  it('writes a dated folder into BACKUP_DIR, keeps BACKUP_KEEP, calls the off-site command; its failure exits 3 and keeps the backup', async () => {
    const dir = tempDir();
    const place = await freshLocation('sqlite', 'cli');
    await seed(place);
    const root = path.join(dir, 'backups');
    for (const day of ['20', '21', '22']) fakeBackup(root, `2026-11-${day}T03-10-00Z`);
    const calls = path.join(dir, 'offsite-calls.txt');
    const env = { SQLITE_FILE: (place.location as { sqliteFile: string }).sqliteFile, BACKUP_DIR: root, BACKUP_KEEP: '2', BACKUP_OFFSITE_COMMAND: `echo "$1" >> '${calls}'` };

    const ok = runBackup(env);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const kept = readdirSync(root).sort();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe('2026-11-22T03-10-00Z');
    expect(kept[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(readFileSync(calls, 'utf8')).toBe(`${path.join(root, kept[1]!)}\n`);

    rmSync(path.join(root, kept[1]!), { recursive: true });
    const failing = runBackup({ ...env, BACKUP_OFFSITE_COMMAND: 'echo "offsite host unreachable" >&2; exit 7' });
    expect(failing.status).toBe(3);
    expect(failing.stderr).toMatch(/异地备份命令失败（退出码 7）：offsite host unreachable/);
    const newest = await newestBackup(root);
    expect(newest && existsSync(path.join(newest.dir, 'database.sqlite'))).toBe(true);
  });

  it('says clearly when BACKUP_DIR is not writable, naming the owner and mode of the folder in the way', async () => {
    // Root writes into any folder whatever its mode, so the folder in the way is a file here.
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a-file'), '');
    chmodSync(path.join(dir, 'a-file'), 0o640);
    const place = await freshLocation('sqlite', 'cli');
    await seed(place);
    const result = runBackup({ SQLITE_FILE: (place.location as { sqliteFile: string }).sqliteFile, BACKUP_DIR: path.join(dir, 'a-file', 'backups') });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/备份目录 .*a-file\/backups 不可写（ENOTDIR，运行备份的用户是 uid \d+；.*a-file 的属主是 uid \d+，权限 640）/);
    expect(result.stderr).toContain('install -d -o kuaibao -g kuaibao -m 700');
  });
});
