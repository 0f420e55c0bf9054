import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import type { SqliteAppDatabase } from './database.ts';
import { migrate } from './migrate.ts';

describe('sqlite database', () => {
  let dir: string;
  let database: SqliteAppDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kuaibao-db-'));
    const opened = await createDatabase({ kind: 'sqlite', file: join(dir, 'nested', 'app.sqlite') });
    if (opened.kind !== 'sqlite') throw new Error('expected sqlite');
    database = opened;
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with WAL, foreign keys and a busy timeout', () => {
    const pragma = (name: string) => Object.values(database.raw.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('foreign_keys')).toBe(1);
    expect(Number(pragma('busy_timeout'))).toBeGreaterThan(0);
  });

  it('migrates once, then reports nothing to apply', async () => {
    const first = await migrate(database);
    expect(first.applied).toContain('001_initial');
    expect(first.applied).toContain('002_company_search');
    expect((await migrate(database)).applied).toEqual([]);
  });

  it('fills timestamp defaults with ISO-8601 UTC strings', async () => {
    await database.db.insertInto('feedback').values({ type: 'other', content: 'x' }).execute();
    const row = await database.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('binds booleans and Dates, reports changes and insert ids, and enforces foreign keys', async () => {
    const inserted = await database.db
      .insertInto('events')
      .values({ key: 'probe', value: sql<string>`${true}`, created_at: new Date(0) as unknown as string })
      .executeTakeFirstOrThrow();
    expect(Number(inserted.insertId)).toBeGreaterThan(0);
    const row = await database.db.selectFrom('events').selectAll().where('key', '=', 'probe').executeTakeFirstOrThrow();
    expect(row.value).toBe('1'); // a TEXT column: an integer, not '1.0' (node:sqlite binds numbers as REAL)
    expect(row.created_at).toBe('1970-01-01T00:00:00.000Z');
    const typed = await sql<{ a: string; b: string; c: string }>`SELECT typeof(${42}) AS a, typeof(${1.5}) AS b, typeof(${false}) AS c`.execute(database.db);
    expect(typed.rows[0]).toEqual({ a: 'integer', b: 'real', c: 'integer' });
    const updated = await database.db.updateTable('events').set({ type: 't' }).where('key', '=', 'probe').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    await expect(database.db.insertInto('order_files').values({ order_id: 999_999, url: 'x' }).execute()).rejects.toThrow(/FOREIGN KEY/);
  });

  it('rolls back a failed transaction', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('feedback').values({ type: 'rollback', content: 'x' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.db.selectFrom('feedback').select('id').where('type', '=', 'rollback').execute()).toEqual([]);
  });

  it('commits a transaction that read before another connection tried to write (it holds the write lock from BEGIN)', async () => {
    // Another process on the same file: a command-line tool, or the e2e specs' own inserts.
    const other = new DatabaseSync(join(dir, 'nested', 'app.sqlite'));
    other.exec('PRAGMA busy_timeout = 50');
    let otherWrite = 'not tried';
    try {
      await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('feedback').select('id').execute();
        try {
          other.prepare("INSERT INTO feedback (type, content) VALUES ('other-connection', 'x')").run();
          otherWrite = 'committed';
        } catch (error) {
          otherWrite = String(error);
        }
        // With a deferred BEGIN the other write commits and this one fails at once with SQLITE_BUSY.
        await trx.insertInto('feedback').values({ type: 'after-read', content: 'x' }).execute();
      });
    } finally {
      other.close();
    }
    expect(otherWrite).toMatch(/locked|busy/i);
    expect(await database.db.selectFrom('feedback').select('type').where('type', 'in', ['after-read', 'other-connection']).execute()).toEqual([{ type: 'after-read' }]);
  });
});
