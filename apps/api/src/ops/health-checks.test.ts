import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { describeDialects } from '../test/dialects.ts';
import { openTestDatabase } from '../test/helper.ts';
import { startTestRedis } from '../test/redis.ts';
import { testDatabaseUrl } from '../test/test-servers.ts';
import { checkDatabase, checkRedis, formatCheckLine } from './health-checks.ts';

/** The database as the checks see it: the test schema of PostgreSQL through the URL's search_path. */
function databaseSetting(database: Awaited<ReturnType<typeof openTestDatabase>>['database'], sqliteFile: string): Config['database'] {
  if (database.kind === 'sqlite') return { kind: 'sqlite', file: sqliteFile };
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${database.schema}`);
  return { kind: 'postgres', url: url.toString() };
}

describeDialects('check-config --connect and doctor: the database line (%s)', (dialect) => {
  it('is ok on a migrated database, warns while migrations are pending, and says so on an empty one', async () => {
    const { database, dir, cleanup } = await openTestDatabase(dialect);
    try {
      const setting = databaseSetting(database, path.join(dir, 'test.sqlite'));
      expect((await checkDatabase(setting)).detail).toContain('还是空的');
      await migrate(database);
      const ok = await checkDatabase(setting);
      expect(ok).toMatchObject({ name: '数据库', status: 'ok' });
      expect(ok.detail).toMatch(/迁移 (\d+)\/\1 已是最新/);
      // The newest migration forgotten: what an instance still on the old code would have left.
      await sql`DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration)`.execute(database.db);
      const pending = await checkDatabase(setting);
      expect(pending.status).toBe('warn');
      expect(pending.detail).toContain('1 个迁移待执行');
    } finally {
      await cleanup();
    }
  });
});

describe('check-config --connect and doctor: reaching the servers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-health-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('does not create a SQLite file that is not there yet (it warns instead)', async () => {
    const file = path.join(dir, 'nothing-yet.sqlite');
    const line = await checkDatabase({ kind: 'sqlite', file });
    expect(line.status).toBe('warn');
    expect(existsSync(file)).toBe(false);
  });

  it('fails a PostgreSQL that is not listening, in one sentence', async () => {
    const line = await checkDatabase({ kind: 'postgres', url: 'postgres://kuaibao:secret@127.0.0.1:9/kuaibao' });
    expect(line.status).toBe('fail');
    expect(line.detail).toContain('PostgreSQL is not reachable');
    expect(line.detail).not.toContain('secret');
  });

  it('fails a REDIS_URL with a wrong port, hiding the password; answers ok for a live Redis', async () => {
    const wrong = await checkRedis('redis://:hunter2@127.0.0.1:9');
    expect(wrong.status).toBe('fail');
    expect(formatCheckLine(wrong)).toMatch(/^fail  Redis：redis:\/\/:\*\*\*@127\.0\.0\.1:9 连不上（ECONNREFUSED）$/);
    const redis = await startTestRedis();
    try {
      // The test server keeps no AOF: reachable, and the operator is told it would forget.
      const live = await checkRedis(redis.url);
      expect(live.status).toBe('warn');
      expect(live.detail).toContain('未开 AOF');
    } finally {
      await redis.stop();
    }
    expect((await checkRedis(undefined)).status).toBe('ok');
  });
});
