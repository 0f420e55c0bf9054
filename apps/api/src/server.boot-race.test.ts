import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Client, defaults as pgDefaults } from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { environmentWith } from './config.ts';
import { createDatabase, type DatabaseOptions } from './db/database.ts';
import { getMigrations } from './db/migrations/index.ts';
import { DEFAULT_GOODS } from './seed/defaults.ts';
import { describeDialects } from './test/dialects.ts';
import { testDatabaseUrl } from './test/test-servers.ts';

/**
 * Two instances started at the same moment on an empty database (db/boot-lock.ts,
 * docs/decisions/053-releases-and-boot-lock.md): both must come up ready, with every migration
 * applied once and the seed written once. Real server processes, as systemd starts them, ten rounds
 * per dialect, each on a database nobody has touched (a new SQLite file; a new PostgreSQL database).
 */

const SERVER = path.resolve(import.meta.dirname, 'server.ts');
const ROUNDS = 10;
/** A small directory: the race is in migrating and seeding, not in the directory's size. */
const SEED_COMPANIES = '300';

interface Started {
  child: ChildProcess;
  output: () => string;
  /** The port it listens on, once it says it is running; rejects with its output if it exits first. */
  port: Promise<number>;
}

let dir: string;
const children: ChildProcess[] = [];
/** PostgreSQL databases a round made and has not dropped yet (a round that times out). */
const databases = new Set<string>();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-boot-race-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
});

function start(database: Record<string, string>): Started {
  // The worker's own environment without any database setting, then this round's.
  const env = environmentWith({ PORT: '0', HOST: '127.0.0.1', SEED_COMPANIES, LOG_LEVEL: 'warn', APP_ENV: 'test' });
  for (const key of ['DATABASE_URL', 'SQLITE_FILE', 'REDIS_URL']) delete env[key];
  const child = spawn(process.execPath, [SERVER], {
    env: { ...env, ...database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const running = /is running: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (running) resolve(Number(running[1]));
    });
    child.on('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)));
  });
  return { child, output: () => output, port };
}

async function readyz(port: number): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
}

/** What the two starts left in the database: migrations recorded, and the seed's single rows. */
async function inspect(options: DatabaseOptions): Promise<{ migrations: number; distinctMigrations: number; agreements: number; goods: number; companies: number }> {
  const database = await createDatabase(options);
  try {
    const migrations = await sql<{ n: number; names: number }>`SELECT count(*) AS n, count(DISTINCT name) AS names FROM kysely_migration`.execute(database.db);
    const agreements = await database.db.selectFrom('agreements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const goods = await database.db.selectFrom('goods').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const companies = await database.db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { migrations: Number(migrations.rows[0]!.n), distinctMigrations: Number(migrations.rows[0]!.names), agreements: Number(agreements.n), goods: Number(goods.n), companies: Number(companies.n) };
  } finally {
    await database.close();
  }
}

/** The test PostgreSQL's URL with another database name. */
function urlOfDatabase(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  // As createDatabase does: the OS user's role when the URL names none.
  pgDefaults.user ??= userInfo().username;
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// About 4 s a round on an idle two-core machine; the timeout leaves room for a loaded one.
describeDialects('two instances started at once on an empty database (%s)', { timeout: 600_000 }, (dialect) => {
  it(`both become ready, with each migration applied once and the seed written once, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
    const expectedMigrations = Object.keys(getMigrations(dialect)).length;
    const failures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let settings: Record<string, string>;
      let options: DatabaseOptions;
      let drop = async () => {};
      if (dialect === 'sqlite') {
        const file = path.join(dir, `round-${round}`, 'kuaibao.sqlite');
        settings = { SQLITE_FILE: file };
        options = { kind: 'sqlite', file };
      } else {
        const name = `kb_boot_race_${process.pid}_${round}`;
        await admin(async (client) => {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
        });
        databases.add(name);
        settings = { DATABASE_URL: urlOfDatabase(name) };
        options = { kind: 'postgres', url: urlOfDatabase(name), max: 1 };
        drop = async () => {
          await admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
          databases.delete(name);
        };
      }
      // Both at once: neither waits for the other to be ready, as two units started together.
      const first = start(settings);
      const second = start(settings);
      const outcomes = await Promise.allSettled([first.port, second.port]);
      const problems = outcomes.flatMap((outcome, index) => (outcome.status === 'rejected' ? [`instance ${index + 1}: ${(outcome.reason as Error).message.split('\n').slice(0, 3).join(' / ')}`] : []));
      for (const outcome of outcomes) if (outcome.status === 'fulfilled' && (await readyz(outcome.value)) !== 200) problems.push(`port ${outcome.value}: /readyz not 200`);
      for (const { child } of [first, second]) child.kill('SIGKILL');
      const state = await inspect(options).catch((error: Error) => {
        problems.push(`the database cannot be read: ${error.message.split('\n')[0]}`);
        return { migrations: expectedMigrations, distinctMigrations: expectedMigrations, agreements: 1, goods: DEFAULT_GOODS.length, companies: Number(SEED_COMPANIES) };
      });
      if (state.migrations !== expectedMigrations || state.distinctMigrations !== expectedMigrations) problems.push(`migrations recorded ${state.migrations} (${state.distinctMigrations} distinct), expected ${expectedMigrations}`);
      if (state.agreements !== 1) problems.push(`${state.agreements} agreement versions, expected 1`);
      if (state.goods !== DEFAULT_GOODS.length) problems.push(`${state.goods} goods, expected ${DEFAULT_GOODS.length}`);
      if (state.companies !== Number(SEED_COMPANIES)) problems.push(`${state.companies} companies, expected ${SEED_COMPANIES}`);
      await drop();
      if (problems.length > 0) failures.push(`round ${round}: ${problems.join('; ')}`);
      console.log(`[boot race ${dialect}] round ${round}: ${problems.length === 0 ? 'both ready' : problems.join('; ')}`);
    }
    console.log(`[boot race ${dialect}] ${ROUNDS - failures.length} of ${ROUNDS} rounds with both instances ready${failures.length > 0 ? `:\n${failures.join('\n')}` : ''}`);
    expect(failures).toEqual([]);
  });
});
