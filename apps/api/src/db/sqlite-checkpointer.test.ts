import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type SqliteAppDatabase } from './database.ts';
import { migrate } from './migrate.ts';

describe('SQLite checkpoints on a worker thread (db/sqlite-checkpointer.ts)', () => {
  let dir: string;
  let database: SqliteAppDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-checkpoint-'));
    database = (await createDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite'), backgroundCheckpoints: true })) as SqliteAppDatabase;
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the main connection without automatic checkpoints, and copies the log into the database from the worker', async () => {
    expect(database.raw.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    const checkpointer = database.checkpointer!;
    const before = checkpointer.stats.framesCopied;
    for (let i = 0; i < 200; i += 1) await database.db.insertInto('request_nonces').values({ nonce: `checkpoint-test-${i}`, expires_at: 1 }).execute();
    await vi.waitFor(() => expect(checkpointer.stats.framesCopied).toBeGreaterThan(before), { timeout: 20_000, interval: 50 });
    expect(checkpointer.stats.failures).toBe(0);
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM request_nonces WHERE nonce LIKE 'checkpoint-test-%'`.execute(database.db);
    expect(Number(count.rows[0]!.n)).toBe(200);
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
