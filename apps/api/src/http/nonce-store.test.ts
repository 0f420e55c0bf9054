import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { ERROR_CATALOG, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { buildTestApp, signedInject, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { startTestRedis, type TestRedis } from '../test/redis.ts';
import { createMemoryNonceStore, NONCE_CACHE_MAX_ENTRIES } from './nonce-store.ts';

/** The replay cache in process, bounded (docs/decisions/051-replay-in-process.md). */

const W = SIGNATURE_WINDOW_SECONDS;
const T = 1_764_000_000;

describe('the in-process nonce cache', () => {
  it('accepts a nonce once while its timestamp is in the window, and again once the window has passed', () => {
    const nonces = createMemoryNonceStore();
    expect(nonces.remember('nonce-aaaa-1', T, T)).toBe(true);
    expect(nonces.remember('nonce-aaaa-1', T + 1, T)).toBe(false);
    // Up to the last second the signature check still accepts this timestamp.
    expect(nonces.remember('nonce-aaaa-1', T + W, T)).toBe(false);
    expect(nonces.remember('nonce-bbbb-2', T + 1, T + 1)).toBe(true);
    // From here the signature check refuses the timestamp itself: the nonce is no longer needed.
    expect(nonces.remember('nonce-aaaa-1', T + W + 1, T + W + 1)).toBe(true);
    expect(nonces.remember('nonce-aaaa-1', T + W + 2, T + W + 1)).toBe(false);
    expect(nonces.size).toBe(1);
  });

  it('keeps a nonce signed ahead of our clock until its own window ends', () => {
    const nonces = createMemoryNonceStore();
    expect(nonces.remember('ahead-of-us-1', T, T + W)).toBe(true);
    expect(nonces.remember('ahead-of-us-1', T + 2 * W, T + W)).toBe(false);
    expect(nonces.remember('other-nonce-2', T + 2 * W + 1, T + 2 * W + 1)).toBe(true);
    expect(nonces.size).toBe(1);
  });

  it('never holds more than its cap, however many nonces arrive inside one window; the oldest signed go first', () => {
    const cap = 1000;
    const nonces = createMemoryNonceStore(cap);
    let largest = 0;
    for (let i = 0; i < 50_000; i += 1) {
      // 100 a second, signed up to a window either side of the clock, as a flood may send them.
      const now = T + Math.floor(i / 100);
      expect(nonces.remember(`flood-${i}`, now, now - W + ((i * 7919) % (2 * W)))).toBe(true);
      largest = Math.max(largest, nonces.size);
    }
    expect(largest).toBe(cap);
    // The newest are still known; one of the first is long gone (expired or evicted).
    expect(nonces.remember('flood-49999', T + 499, T + 499)).toBe(false);
    expect(nonces.remember('flood-0', T + 499, T + 499)).toBe(true);
    expect(nonces.size).toBeLessThanOrEqual(cap);
  });

  it('evicts the nonce closest to leaving the window when full', () => {
    const nonces = createMemoryNonceStore(3);
    expect(nonces.remember('late-signed', T, T + 10)).toBe(true);
    expect(nonces.remember('early-signed', T, T - 10)).toBe(true);
    expect(nonces.remember('now-signed', T, T)).toBe(true);
    expect(nonces.remember('fourth-one', T, T)).toBe(true);
    expect(nonces.size).toBe(3);
    expect(nonces.remember('late-signed', T, T + 10)).toBe(false);
    expect(nonces.remember('now-signed', T, T)).toBe(false);
    expect(nonces.remember('early-signed', T, T - 10)).toBe(true);
  });

  it('forgets everything after a long quiet spell or a clock jump, without walking every second', () => {
    const nonces = createMemoryNonceStore();
    for (let i = 0; i < 10; i += 1) nonces.remember(`quiet-${i}`, T, T + i);
    expect(nonces.size).toBe(10);
    expect(nonces.remember('after-a-year', T + 365 * 86_400, T + 365 * 86_400)).toBe(true);
    expect(nonces.size).toBe(1);
  });

  it('has a cap that holds a busy window (about 20 MB at most)', () => {
    expect(NONCE_CACHE_MAX_ENTRIES).toBeGreaterThanOrEqual(50_000);
    expect(NONCE_CACHE_MAX_ENTRIES).toBeLessThanOrEqual(200_000);
  });
});

/** Counts the statements that may write (everything but SELECT) sent through one Kysely instance. */
function writeCounter(): KyselyPlugin & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (args.node.kind !== 'SelectQueryNode') writes.push(args.node.kind);
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

describeDialects('signed requests and the replay cache (%s)', (dialect) => {
  let test: TestApp;
  let counted: TestApp;
  const counter = writeCounter();
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 0 });
    // The same app on the same database, every statement it sends counted.
    const app = await buildApp({ config: test.config, database: { ...test.database, db: test.database.db.withPlugin(counter) } as typeof test.database, now: () => test.clock.now, logger: false });
    counted = { ...test, app, close: () => app.close() };
  });
  afterAll(async () => {
    await counted?.close();
    await test?.close();
  });

  it('refuses the same nonce twice on one instance with 40104', async () => {
    const request = { url: '/env', nonce: `twice-${dialect}-0001` };
    expect((await signedInject(test, request)).statusCode).toBe(200);
    const replay = await signedInject(test, request);
    expect(replay.statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
    expect(replay.json()).toEqual({ code: 40104, msg: ERROR_CATALOG.REQUEST_REPLAYED.message });
  });

  it('writes nothing to the database for a signed request, accepted or replayed', async () => {
    const before = counter.writes.length;
    for (let i = 0; i < 50; i += 1) {
      const request = { url: i % 2 ? '/env' : '/api/user/config', nonce: `no-write-${dialect}-${i}` };
      expect((await signedInject(counted, request)).statusCode).toBe(200);
      expect((await signedInject(counted, request)).statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
    }
    expect(counter.writes.slice(before)).toEqual([]);
    // And the old table took nothing (docs/decisions/051-replay-in-process.md leaves it in place).
    const rows = await test.database.db.selectFrom('request_nonces').select('nonce').where('nonce', 'like', `no-write-${dialect}-%`).execute();
    expect(rows).toEqual([]);
  });

  it('accepts on another instance, or after a restart, what this one took: each process has its own cache', async () => {
    const request = { url: '/env', nonce: `other-${dialect}-0001` };
    expect((await signedInject(test, request)).statusCode).toBe(200);
    expect((await signedInject(counted, request)).statusCode).toBe(200);
    expect((await signedInject(test, request)).statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
  });
});

describeDialects('signed requests with REDIS_URL (%s)', { redis: true, only: ['sqlite'] }, () => {
  let redis: TestRedis;
  let test: TestApp;
  let inspector: Redis;
  beforeAll(async () => {
    redis = await startTestRedis();
    test = await buildTestApp({ companies: 0, env: { REDIS_URL: redis.url } });
    inspector = new Redis(redis.url);
  });
  afterAll(async () => {
    inspector?.disconnect();
    await test?.close();
    await redis?.stop();
  });

  /** Commands Redis has run since it started, by name, without the inspector's own. */
  async function commandsRun(): Promise<Record<string, number>> {
    const info = await inspector.info('commandstats');
    const calls: Record<string, number> = {};
    for (const [, name, count] of info.matchAll(/^cmdstat_([\w|]+):calls=(\d+)/gm)) if (!['info', 'ping', 'hello', 'client', 'select'].includes(name!)) calls[name!] = Number(count);
    return calls;
  }

  it('sends Redis no command for a signed request, and keeps answering with Redis down', async () => {
    const before = await commandsRun();
    for (let i = 0; i < 20; i += 1) {
      const request = { url: '/env', nonce: `redis-quiet-${i}` };
      expect((await signedInject(test, request)).statusCode).toBe(200);
      expect((await signedInject(test, request)).statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
    }
    expect(await commandsRun()).toEqual(before);
    expect(await inspector.keys('kuaibao:nonce:*')).toEqual([]);
    await redis.stop();
    try {
      // No 503 for want of a nonce store: the cache is in this process.
      expect((await signedInject(test, { url: '/env', nonce: 'redis-down-1' })).statusCode).toBe(200);
      expect((await signedInject(test, { url: '/env', nonce: 'redis-down-1' })).statusCode).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
    } finally {
      await redis.start();
    }
  });
});
