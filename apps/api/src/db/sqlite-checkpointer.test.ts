import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type SqliteAppDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { startSqliteCheckpointer } from './sqlite-checkpointer.ts';
import { openSqliteFile, WAL_SIZE_LIMIT_BYTES } from './sqlite-dialect.ts';

const walBytes = (file: string): number => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

describe('SQLite checkpoints on a worker thread (db/sqlite-checkpointer.ts)', () => {
  let dir: string;
  let database: SqliteAppDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-checkpoint-'));
    database = (await createDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite'), backgroundCheckpoints: true })) as SqliteAppDatabase;
    await migrate(database);
    database.raw.exec('CREATE TABLE checkpoint_scratch (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the main connection without automatic checkpoints, and copies the log into the database from the worker', async () => {
    expect(database.raw.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    const checkpointer = database.checkpointer!;
    const before = checkpointer.stats.framesCopied;
    for (let i = 0; i < 200; i += 1) await sql`INSERT INTO checkpoint_scratch (body) VALUES (${Buffer.alloc(100, i)})`.execute(database.db);
    await vi.waitFor(() => expect(checkpointer.stats.framesCopied).toBeGreaterThan(before), { timeout: 20_000, interval: 50 });
    expect(checkpointer.stats.failures).toBe(0);
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM checkpoint_scratch`.execute(database.db);
    expect(Number(count.rows[0]!.n)).toBe(200);
  });

  it('bounds the log kept on disk (journal_size_limit) on every connection', () => {
    expect(database.raw.prepare('PRAGMA journal_size_limit').get()).toEqual({ journal_size_limit: WAL_SIZE_LIMIT_BYTES });
    expect(WAL_SIZE_LIMIT_BYTES).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('truncates the log to nothing once writes stop', async () => {
    const checkpointer = database.checkpointer!;
    database.raw.exec('BEGIN');
    for (let i = 0; i < 2000; i += 1) database.raw.prepare('INSERT INTO checkpoint_scratch (body) VALUES (?)').run(Buffer.alloc(1000, i));
    database.raw.exec('COMMIT');
    const file = path.join(dir, 'db.sqlite');
    expect(walBytes(file)).toBeGreaterThan(1024 * 1024);
    await vi.waitFor(() => expect(walBytes(file)).toBe(0), { timeout: 20_000, interval: 100 });
    expect(checkpointer.stats.truncations).toBeGreaterThan(0);
  });

  it('stops its worker on close, and a database without it checkpoints as SQLite does by default', async () => {
    const plain = (await createDatabase({ kind: 'sqlite', file: path.join(dir, 'plain.sqlite') })) as SqliteAppDatabase;
    try {
      expect(plain.checkpointer).toBeUndefined();
      expect(plain.raw.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 1000 });
    } finally {
      await plain.close();
    }
  });
});

describe('the log while writes never stop', () => {
  it('stays near its limit, where copying alone lets it grow with every commit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-wal-'));
    const file = path.join(dir, 'busy.sqlite');
    const raw = openSqliteFile(file);
    const limit = 512 * 1024;
    const checkpointer = startSqliteCheckpointer(raw, file, { intervalMs: 50, sizeLimitBytes: limit });
    try {
      raw.exec('CREATE TABLE busy (key TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
      raw.exec('CREATE INDEX busy_expires_idx ON busy (expires_at)');
      const insert = raw.prepare('INSERT INTO busy (key, expires_at) VALUES (?, ?)');
      // A small commit every turn of the event loop for 4 s, as a row written per request makes:
      // some commit nearly always lands while a checkpoint copies, so the log is never started over.
      const started = Date.now();
      let commits = 0;
      let largest = 0;
      while (Date.now() - started < 4000) {
        insert.run(randomUUID(), commits);
        commits += 1;
        if (commits % 20 === 0) largest = Math.max(largest, walBytes(file));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      console.log(`[wal] ${commits} commits in 4 s; the log reached ${(largest / 2 ** 20).toFixed(2)} MB at most (limit ${(limit / 2 ** 20).toFixed(2)} MB), truncated ${checkpointer.stats.truncations} times`);
      expect(largest).toBeLessThan(8 * 1024 * 1024);
      expect(checkpointer.stats.failures).toBe(0);
      expect(checkpointer.stats.truncations).toBeGreaterThan(0);
    } finally {
      await checkpointer.stop();
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
