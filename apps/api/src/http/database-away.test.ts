import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type AppDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDatabase } from '../seed/seed.ts';
import { describeDialects } from '../test/dialects.ts';
import { signedInject, validOrderForm, type TestApp } from '../test/helper.ts';
import { testDatabaseUrl } from '../test/test-servers.ts';
import { isDatabaseAway } from './error-handler.ts';

/**
 * PostgreSQL restarting answers 503 DATABASE_UNAVAILABLE with Retry-After, never 500
 * (docs/decisions/052-degraded-not-down.md). The app reaches the test PostgreSQL through a TCP
 * relay this test owns: "restarting" is the relay cutting every connection and refusing new ones,
 * which the machine's PostgreSQL, shared with other runs, never has to do.
 */

/** A relay from a 127.0.0.1 port to the test PostgreSQL (its Unix socket or its TCP port). */
async function startRelay(target: { path: string } | { host: string; port: number }): Promise<{ port: number; cut(): Promise<void>; resume(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  };
  const cut = async () => {
    const closed = server ? once(server, 'close') : Promise.resolve();
    server?.close();
    for (const socket of sockets) socket.destroy();
    await closed;
    server = undefined;
  };
  await listen();
  return { port, cut, resume: listen, close: cut };
}

function relayTarget(url: string): { path: string } | { host: string; port: number } {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  const pgPort = Number(parsed.port || 5432);
  if (socketDir?.startsWith('/')) return { path: `${socketDir}/.s.PGSQL.${pgPort}` };
  return { host: parsed.hostname || '127.0.0.1', port: pgPort };
}

describe('a database that is away, not broken', () => {
  it('is recognised by its codes and by what node-postgres says, through causes', () => {
    const code = (value: string) => Object.assign(new Error('x'), { code: value });
    for (const away of ['ECONNREFUSED', '57P01', '57P03', '08006']) expect(isDatabaseAway(code(away)), away).toBe(true);
    expect(isDatabaseAway(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseAway(new Error('wrapped', { cause: code('57P01') }))).toBe(true);
    expect(isDatabaseAway(new AggregateError([code('ECONNREFUSED'), code('ECONNREFUSED')]))).toBe(true);
    // A broken query or a constraint is the app's fault: 500 or its own answer, not "come back later".
    for (const broken of ['42P01', '23505', '22P02']) expect(isDatabaseAway(code(broken)), broken).toBe(false);
    expect(isDatabaseAway(new Error('relation "orders" does not exist'))).toBe(false);
  });
});

describeDialects('PostgreSQL restarting under the app (%s)', { only: ['postgres'] }, () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: AppDatabase;
  let test: TestApp;
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  beforeAll(async () => {
    const url = testDatabaseUrl();
    relay = await startRelay(relayTarget(url));
    const parsed = new URL(url);
    const relayed = new URL(`postgres://127.0.0.1:${relay.port}${parsed.pathname}`);
    if (parsed.username) relayed.username = parsed.username;
    if (parsed.password) relayed.password = parsed.password;
    database = await createDatabase({ kind: 'postgres', url: relayed.toString(), schema, max: 4 });
    await migrate(database);
    await seedDatabase(database, { companies: 200 });
    const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent' });
    const clock = { now: new Date(), advance: (ms: number) => void (clock.now = new Date(clock.now.getTime() + ms)) };
    const app = await buildApp({ config, database, now: () => clock.now, logger: false });
    test = { app, config, database, clock, close: () => app.close() };
  });
  afterAll(async () => {
    await test?.close();
    await relay?.resume().catch(() => undefined);
    if (database?.kind === 'postgres') await database.raw.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await database?.close();
    await relay?.close();
  });

  const orderCount = async () => Number((await database.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is away, and 200 once it is back, losing no order', async () => {
    const search = { url: '/api/h5/company', query: { keyword: '字节跳动' } };
    expect((await signedInject(test, search)).statusCode).toBe(200);
    expect((await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: '13912300001' }) })).statusCode).toBe(200);
    const ordersBefore = await orderCount();

    // Every connection cut (what a restart does to the pool), then refused while it is down.
    await relay.cut();
    const answers = [await signedInject(test, search), await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: '13912300002' }) })];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual({ code: ERROR_CATALOG.DATABASE_UNAVAILABLE.code, msg: '系统维护中，请稍后再试' });
      expect(answer.headers['retry-after']).toBe('3');
    }
    expect((await test.app.inject('/readyz')).statusCode).toBe(503);

    await relay.resume();
    expect((await signedInject(test, search)).statusCode).toBe(200);
    expect((await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: '13912300003' }) })).statusCode).toBe(200);
    // The order refused while it was away was never half-written; the two accepted ones are there.
    expect(await orderCount()).toBe(ordersBefore + 1);
  });

  it('answers 503 with Retry-After for a pool pointed at a port where nothing listens', async () => {
    const dead = createServer();
    dead.listen(0, '127.0.0.1');
    await once(dead, 'listening');
    const deadPort = (dead.address() as { port: number }).port;
    dead.close();
    await once(dead, 'close');
    const { Pool } = await import('pg');
    const { Kysely, PostgresDialect } = await import('kysely');
    const pool = new Pool({ connectionString: `postgres://127.0.0.1:${deadPort}/nothing`, max: 1 });
    pool.on('error', () => {});
    const deadDatabase: AppDatabase = { kind: 'postgres', db: new Kysely({ dialect: new PostgresDialect({ pool }) }), raw: pool, schema: undefined, close: async () => undefined };
    const app = await buildApp({ config: test.config, database: deadDatabase, now: () => test.clock.now, logger: false });
    try {
      const answer = await signedInject({ ...test, app, database: deadDatabase }, { url: '/api/h5/company', query: { keyword: '字节跳动' } });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().code).toBe(ERROR_CATALOG.DATABASE_UNAVAILABLE.code);
      expect(answer.headers['retry-after']).toBe('3');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
