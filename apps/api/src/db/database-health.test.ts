import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { environmentWith } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { assertUsableDatabaseFile, DatabaseUnusableError, describeDatabaseFailure } from './database-health.ts';
import { createDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

/** Starts the real server on a database file and collects what it says before it exits. */
function boot(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: environmentWith({ SQLITE_FILE: file, PORT: '0', HOST: '127.0.0.1', SEED_COMPANIES: '0', LOG_LEVEL: 'warn', APP_ENV: 'test', SHUTDOWN_GRACE_MS: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // A server that did start is told to stop once it says so; the test then fails on the exit code.
    child.stdout.on('data', () => {
      if (output.includes('is running')) child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('a database the server must not start on', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-db-health-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an existing empty file, and lets a missing one be a fresh install', () => {
    const empty = path.join(dir, 'empty.sqlite');
    writeFileSync(empty, '');
    expect(() => assertUsableDatabaseFile({ kind: 'sqlite', file: empty })).toThrow(DatabaseUnusableError);
    expect(() => assertUsableDatabaseFile({ kind: 'sqlite', file: empty })).toThrow(/exists but is empty/);
    expect(() => assertUsableDatabaseFile({ kind: 'sqlite', file: path.join(dir, 'missing.sqlite') })).not.toThrow();
  });

  it('says in one sentence that a file of random bytes is corrupt', async () => {
    const garbage = path.join(dir, 'garbage.sqlite');
    writeFileSync(garbage, randomBytes(8192));
    let failure: unknown;
    try {
      const database = await createDatabase({ kind: 'sqlite', file: garbage });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(describeDatabaseFailure(failure, garbage)).toBe(`The database ${garbage} is corrupt or not a SQLite file; restore it from a backup (the server did not start)`);
  });

  it('says in one sentence that a database is read-only', () => {
    expect(describeDatabaseFailure(Object.assign(new Error('attempt to write a readonly database'), { code: 'ERR_SQLITE_ERROR' }), 'data/x.sqlite')).toBe('The database data/x.sqlite is read-only; the server needs to write to it and to its directory');
  });

  it.each([
    ['an empty file', (file: string) => writeFileSync(file, ''), /exists but is empty/],
    ['random bytes', (file: string) => writeFileSync(file, randomBytes(8192)), /is corrupt or not a SQLite file/],
  ])('the server exits with one line and no new admin password on %s', async (_name, make, reason) => {
    const file = path.join(dir, `${randomBytes(4).toString('hex')}.sqlite`);
    make(file);
    const { code, output } = await boot(file);
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(reason);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('first console login');
  });
});

describeDialects('/healthz and /readyz (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
  });
  afterAll(async () => {
    await test.close();
  });

  it('are both ready on a healthy database, and only /readyz notices a broken one', async () => {
    expect((await test.app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok' });
    await sql`ALTER TABLE orders RENAME TO orders_broken`.execute(test.database.db);
    try {
      expect((await test.app.inject('/healthz')).statusCode).toBe(200);
      const ready = await test.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: ERROR_CATALOG.SERVICE_UNAVAILABLE.code, msg: ERROR_CATALOG.SERVICE_UNAVAILABLE.message });
    } finally {
      await sql`ALTER TABLE orders_broken RENAME TO orders`.execute(test.database.db);
    }
    expect((await test.app.inject('/readyz')).statusCode).toBe(200);
  });
});
