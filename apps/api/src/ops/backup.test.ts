import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { insertOrder } from '../modules/console/console.test-support.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { createBackup, MANIFEST_FILE, restoreBackup, type DataLocation } from './backup.ts';
import { dataLocationOf, defaultBackupDir } from './data-location.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function runningApp(): Promise<TestApp & { location: DataLocation }> {
  const test = await buildTestApp({ companies: 50 });
  cleanups.push(() => test.close());
  const where = dataLocationOf(test.config);
  if (!where.ok) throw new Error(where.message);
  if (!('sqliteFile' in where.location)) throw new Error('a SQLite test app');
  return { ...test, location: where.location };
}

async function orderIdsIn(sqliteFile: string): Promise<number[]> {
  const database = await createDatabase({ kind: 'sqlite', file: sqliteFile });
  try {
    const rows = await database.db.selectFrom('orders').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

describe('npm run backup / npm run restore (SQLite)', () => {
  it('backup → a later order and upload → restore into an empty folder: the backup’s state is back, the later order is not', async () => {
    const test = await runningApp();
    const uploadsDir = (test.location.storage as { uploadsDir: string }).uploadsDir;
    const kept = await insertOrder(test);
    mkdirSync(path.join(uploadsDir, 'orders'), { recursive: true });
    writeFileSync(path.join(uploadsDir, 'orders', 'kept.png'), Buffer.from('screenshot before the backup'));
    writeFileSync(path.join(uploadsDir, 'orders', 'half.png.ab12cd.tmp'), 'an upload being written');

    const backupDir = path.join(tempDir(), 'backup');
    const backup = await createBackup({ ...test.location, targetDir: backupDir, appVersion: '3.0.0', now: test.clock.now });
    expect(backup.ok).toBe(true);
    if (!backup.ok) return;
    expect(backup.manifest.database.migrations.at(-1)).toMatch(/^\d{3}_/);
    expect(backup.manifest.uploads).toMatchObject({ provider: 'disk', files: [{ path: 'orders/kept.png' }] });

    // The service goes on: a new order and a new upload after the backup.
    const later = await insertOrder(test);
    writeFileSync(path.join(uploadsDir, 'orders', 'later.png'), 'after the backup');
    expect(await orderIdsIn(test.location.sqliteFile)).toEqual([kept, later]);

    const restoredDataDir = path.join(tempDir(), 'data');
    const restored: DataLocation = { sqliteFile: path.join(restoredDataDir, 'kuaibao.sqlite'), storage: { provider: 'disk', uploadsDir: path.join(restoredDataDir, 'uploads') } };
    const result = await restoreBackup({ ...restored, backupDir });
    expect(result).toMatchObject({ ok: true });

    expect(await orderIdsIn(restored.sqliteFile)).toEqual([kept]);
    expect(readFileSync(path.join(restoredDataDir, 'uploads', 'orders', 'kept.png'), 'utf8')).toBe('screenshot before the backup');
    expect(existsSync(path.join(restoredDataDir, 'uploads', 'orders', 'later.png'))).toBe(false);
    expect(existsSync(path.join(restoredDataDir, 'uploads', 'orders', 'half.png.ab12cd.tmp'))).toBe(false);
  });

  it('a backup taken while another connection keeps writing is one consistent snapshot', async () => {
    const dir = tempDir();
    const liveFile = path.join(dir, 'live.sqlite');
    const writer = new DatabaseSync(liveFile);
    cleanups.push(() => writer.close());
    writer.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000');
    // Every transaction moves an amount between two accounts: any consistent snapshot sums to zero.
    writer.exec('CREATE TABLE transfers (id INTEGER PRIMARY KEY, account TEXT NOT NULL, amount INTEGER NOT NULL, padding BLOB NOT NULL)');
    const insert = writer.prepare('INSERT INTO transfers (account, amount, padding) VALUES (?, ?, randomblob(512))');
    const transfer = (amount: number) => {
      writer.exec('BEGIN');
      insert.run('a', -amount);
      insert.run('b', amount);
      writer.exec('COMMIT');
    };
    // A database of a few megabytes (one transaction: twenty thousand commits would each wait for the disk).
    writer.exec('BEGIN');
    for (let i = 1; i <= 20_000; i++) {
      insert.run('a', -i);
      insert.run('b', i);
    }
    writer.exec('COMMIT');

    let writesDuringBackup = 0;
    const backup = { running: true };
    const writing = (async () => {
      while (backup.running) {
        transfer(7);
        writesDuringBackup += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const backupDir = path.join(dir, 'backup');
    const result = await createBackup({ sqliteFile: liveFile, storage: { provider: 's3' }, targetDir: backupDir, appVersion: 'test', now: new Date() });
    backup.running = false;
    await writing;

    expect(result.ok).toBe(true);
    // The writer really ran while the copy was taken, or this test would prove nothing.
    expect(writesDuringBackup).toBeGreaterThan(0);
    const copy = new DatabaseSync(path.join(backupDir, 'database.sqlite'), { readOnly: true });
    cleanups.push(() => copy.close());
    expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const totals = copy.prepare('SELECT count(*) AS rows, sum(amount) AS balance FROM transfers').get() as { rows: number; balance: number };
    expect(totals.balance).toBe(0);
    expect(totals.rows % 2).toBe(0);
    expect(totals.rows).toBeGreaterThanOrEqual(40_000);
    // A self-contained file: the copy is not left in WAL mode.
    expect(copy.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'delete' });
  });

  it('restore refuses a data folder that is not empty, and writes nothing', async () => {
    const test = await runningApp();
    await insertOrder(test);
    const backupDir = path.join(tempDir(), 'backup');
    expect((await createBackup({ ...test.location, targetDir: backupDir, appVersion: '3.0.0', now: test.clock.now })).ok).toBe(true);

    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'kuaibao.sqlite'), 'the database someone forgot to move aside');
    const result = await restoreBackup({ sqliteFile: path.join(dataDir, 'kuaibao.sqlite'), storage: { provider: 'disk', uploadsDir: path.join(dataDir, 'uploads') }, backupDir });
    expect(result).toMatchObject({ ok: false, reason: 'data_folder_not_empty', message: expect.stringContaining('不是空的（有 kuaibao.sqlite）') });
    expect(readFileSync(path.join(dataDir, 'kuaibao.sqlite'), 'utf8')).toBe('the database someone forgot to move aside');
  });

  it('restore refuses a backup whose file no longer matches its checksum, before writing anything', async () => {
    const test = await runningApp();
    const uploadsDir = (test.location.storage as { uploadsDir: string }).uploadsDir;
    mkdirSync(uploadsDir, { recursive: true });
    writeFileSync(path.join(uploadsDir, 'a.png'), 'original');
    const backupDir = path.join(tempDir(), 'backup');
    expect((await createBackup({ ...test.location, targetDir: backupDir, appVersion: '3.0.0', now: test.clock.now })).ok).toBe(true);
    writeFileSync(path.join(backupDir, 'uploads', 'a.png'), 'tampered');

    const dataDir = path.join(tempDir(), 'data');
    const result = await restoreBackup({ sqliteFile: path.join(dataDir, 'kuaibao.sqlite'), storage: { provider: 'disk', uploadsDir: path.join(dataDir, 'uploads') }, backupDir });
    expect(result).toMatchObject({ ok: false, reason: 'checksum_mismatch', message: expect.stringContaining('uploads/a.png') });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('restore refuses an interrupted backup (no manifest) and a manifest pointing outside the backup', async () => {
    const test = await runningApp();
    const backupDir = path.join(tempDir(), 'backup');
    expect((await createBackup({ ...test.location, targetDir: backupDir, appVersion: '3.0.0', now: test.clock.now })).ok).toBe(true);
    const manifestFile = path.join(backupDir, MANIFEST_FILE);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { uploads: { files: Array<{ path: string; bytes: number; sha256: string }> } };
    const dataDir = path.join(tempDir(), 'data');
    const target: DataLocation = { sqliteFile: path.join(dataDir, 'kuaibao.sqlite'), storage: { provider: 'disk', uploadsDir: path.join(dataDir, 'uploads') } };

    manifest.uploads.files.push({ path: '../../etc/cron.d/evil', bytes: 1, sha256: '0'.repeat(64) });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(await restoreBackup({ ...target, backupDir })).toMatchObject({ ok: false, reason: 'not_a_backup' });

    rmSync(manifestFile);
    expect(await restoreBackup({ ...target, backupDir })).toMatchObject({ ok: false, reason: 'not_a_backup', message: expect.stringContaining('中断') });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('backup refuses a folder that already holds something, one it cannot create, and a database that is not there', async () => {
    const test = await runningApp();
    const occupied = tempDir();
    writeFileSync(path.join(occupied, 'older-backup.txt'), 'keep me');
    expect(await createBackup({ ...test.location, targetDir: occupied, appVersion: '3.0.0', now: test.clock.now })).toMatchObject({ ok: false, reason: 'target_not_empty' });
    expect(readFileSync(path.join(occupied, 'older-backup.txt'), 'utf8')).toBe('keep me');

    const underAFile = path.join(occupied, 'older-backup.txt', 'new');
    expect(await createBackup({ ...test.location, targetDir: underAFile, appVersion: '3.0.0', now: test.clock.now })).toMatchObject({ ok: false, reason: 'target_not_writable' });

    const missing = path.join(tempDir(), 'nowhere.sqlite');
    expect(await createBackup({ sqliteFile: missing, storage: { provider: 's3' }, targetDir: path.join(tempDir(), 'b'), appVersion: '3.0.0', now: test.clock.now })).toMatchObject({ ok: false, reason: 'no_database' });
  });

  it('with DATABASE_URL it backs up that database (pg_dump, backup-drill.test.ts), and the default folder is a sortable UTC time', () => {
    const where = dataLocationOf(loadConfig({ APP_ENV: 'test', DATABASE_URL: 'postgres://kuaibao@127.0.0.1/kuaibao' }));
    expect(where).toMatchObject({ ok: true, location: { databaseUrl: 'postgres://kuaibao@127.0.0.1/kuaibao' } });
    expect(defaultBackupDir(new Date('2026-11-24T08:50:27.123Z'), '/srv/kuaibao')).toBe('/srv/kuaibao/backups/2026-11-24T08-50-27Z');
  });
});
