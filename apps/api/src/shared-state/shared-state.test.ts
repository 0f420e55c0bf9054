import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CATALOG, type ErrorCode, type OAuthStateResponse } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { CONSOLE_REQUEST_HEADER } from '../modules/console/console.routes.ts';
import { LOGIN_MAX_FAILURES_PER_IP_AND_USER } from '../modules/staff/staff-auth.service.ts';
import { issueMockCode } from '../providers/wechat-auth/mock.provider.ts';
import { buildTestApp, envelopeOf, signedInject, type SignedRequest, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { startTestRedis, type TestRedis } from '../test/redis.ts';

/**
 * With REDIS_URL two instances share every limit and single-use states (docs/decisions/024-shared-state-in-redis.md);
 * the replay cache stays in each process (docs/decisions/051-replay-in-process.md).
 */

const PHONE_LOOKUP = { url: '/api/h5/order/phone', query: { phone: '13812345678' } } as const;

/** A second instance: another buildApp on the same database, clock and configuration (what a second process is). */
async function secondInstance(test: TestApp, logStream?: { write(line: string): void }): Promise<TestApp> {
  const app = await buildApp({ config: test.config, database: test.database, now: () => test.clock.now, ...(logStream ? { logStream } : { logger: false }) });
  return { ...test, app, close: () => app.close() };
}

async function statuses(test: TestApp, request: SignedRequest, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) answers.push((await signedInject(test, request)).statusCode);
  return answers;
}

function expectError(response: { statusCode: number; body: string; json(): unknown }, code: ErrorCode): void {
  expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
  expect(response.json()).toEqual({ code: ERROR_CATALOG[code].code, msg: ERROR_CATALOG[code].message });
}

const storedNonces = async (test: TestApp, nonce: string) => (await test.database.db.selectFrom('request_nonces').select('nonce').where('nonce', '=', nonce).execute()).length;

/** Each instance keeps its own replay cache: the one that took a request refuses it again, the other (what nginx retries on) accepts it. */
async function expectOwnReplayCaches(first: TestApp, second: TestApp, nonce: string): Promise<void> {
  const request = { url: '/env', nonce };
  expect((await signedInject(first, request)).statusCode).toBe(200);
  expectError(await signedInject(first, request), 'REQUEST_REPLAYED');
  expect((await signedInject(second, request)).statusCode).toBe(200);
  expectError(await signedInject(second, request), 'REQUEST_REPLAYED');
  expect(await storedNonces(first, nonce)).toBe(0);
}

describe('REDIS_URL', () => {
  it('takes redis:// and rediss:// URLs, and is unset by default', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.internal:6380' }).redisUrl).toBe('rediss://user:secret@cache.internal:6380');
  });

  it('stops the boot with one line naming the variable for anything else', () => {
    for (const bad of ['127.0.0.1:6379', 'http://cache:6379', 'redis://', 'redis://a b']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    }
  });
});

describeDialects('two instances without Redis, on one database (%s)', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ dialect, companies: 0 });
    second = await secondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('each refuse a replay of what they took, and accept what the other took: no nonce in the database', async () => {
    await expectOwnReplayCaches(first, second, `no-redis-${dialect}-0001`);
  });

  it('count the phone-lookup limit each in its own process (what Redis is for)', async () => {
    const answers = [...(await statuses(first, PHONE_LOOKUP, 30)), ...(await statuses(second, PHONE_LOOKUP, 30))];
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await signedInject(first, PHONE_LOOKUP)).statusCode).toBe(ERROR_CATALOG.RATE_LIMITED.status);
  });

  it('share the console sign-in lockout: its counters are rows under a lock, not process memory', async () => {
    await first.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: 'admin-password-2026' });
    const signIn = (test: TestApp, password: string) =>
      test.app.inject({ method: 'POST', url: '/api/console/session', remoteAddress: '10.20.0.1', headers: { 'content-type': 'application/json', [CONSOLE_REQUEST_HEADER]: '1' }, payload: JSON.stringify({ username: 'admin', password }) });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP_AND_USER; i += 1) expectError(await signIn(i % 2 ? first : second, `wrong-guess-${i}-x`), 'CONSOLE_LOGIN_FAILED');
    expectError(await signIn(first, 'admin-password-2026'), 'CONSOLE_LOGIN_LOCKED');
    expectError(await signIn(second, 'admin-password-2026'), 'CONSOLE_LOGIN_LOCKED');
  });

  it('are ready, and /readyz notices pending migrations', async () => {
    expect((await first.app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok' });
    const last = (await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(first.database.db)).rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(first.database.db);
    try {
      expectError(await first.app.inject('/readyz'), 'SERVICE_UNAVAILABLE');
      expect((await first.app.inject('/healthz')).json()).toEqual({ code: 0, msg: 'ok' });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last.name}, ${last.timestamp})`.execute(first.database.db);
    }
    expect((await first.app.inject('/readyz')).statusCode).toBe(200);
  });
});

describeDialects('two instances with one Redis (%s)', { redis: true }, (dialect) => {
  let redis: TestRedis;
  let first: TestApp;
  let second: TestApp;
  const logLines: string[] = [];
  const logStream = { write: (line: string) => void logLines.push(line) };
  beforeAll(async () => {
    redis = await startTestRedis();
    first = await buildTestApp({ dialect, companies: 0, env: { REDIS_URL: redis.url, LOG_LEVEL: 'error' }, logStream });
    second = await secondInstance(first, logStream);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });
  // A new window for every test: the limits below start from zero.
  afterEach(() => first.clock.advance(10 * 60_000));

  it('share the phone-lookup limit: 30 in ten minutes from one address, whichever instance answers', async () => {
    const answers = [...(await statuses(first, PHONE_LOOKUP, 15)), ...(await statuses(second, PHONE_LOOKUP, 15))];
    expect(answers.every((status) => status === 200)).toBe(true);
    const limited = await signedInject(second, PHONE_LOOKUP);
    expectError(limited, 'RATE_LIMITED');
    // The answer is the catalog's, as before the plugin: none of its headers, but Retry-After (decision 052).
    expect(Object.keys(limited.headers).filter((name) => /ratelimit|retry-after/i.test(name))).toEqual(['retry-after']);
    expectError(await signedInject(first, PHONE_LOOKUP), 'RATE_LIMITED');
    // The next window starts afresh on both.
    first.clock.advance(10 * 60_000);
    expect((await signedInject(second, PHONE_LOOKUP)).statusCode).toBe(200);
  });

  it('share the per-device event limit, and count devices apart', async () => {
    const event = (deviceId: string, i: number): SignedRequest => ({ method: 'POST', url: '/api/user/event', body: { key: 'client.shared.limit', type: 'event', value: String(i) }, headers: { 'x-device-id': deviceId } });
    const answers: number[] = [];
    for (let i = 0; i < 60; i += 1) answers.push((await signedInject(i % 2 ? first : second, event('device-shared', i))).statusCode);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expectError(await signedInject(first, event('device-shared', 60)), 'RATE_LIMITED');
    expect((await signedInject(first, event('device-other', 0))).statusCode).toBe(200);
  });

  it('keep the replay cache each in its own process, not in Redis', async () => {
    const nonce = `redis-${dialect}-0001`;
    await expectOwnReplayCaches(first, second, nonce);
    expect(await first.app.services.sharedState.redis!.exists(`kuaibao:nonce:${nonce}`)).toBe(0);
  });

  it('take an official-account state once across both instances', async () => {
    const headers = { 'x-platform': 'wx-oa', 'x-channel': 'wx-oa' };
    const issued = await signedInject(first, { method: 'POST', url: '/api/corp/user/oauth-state', body: {}, headers });
    const state = envelopeOf<OAuthStateResponse>(first, issued).data.state;
    const cookie = String(issued.headers['set-cookie']).split(';')[0]!;
    const login = (test: TestApp, user: string) =>
      signedInject(test, { method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode(user), code_type: 'wx-oa', state } }, headers: { ...headers, cookie } });
    expect((await login(first, 'shared-state-owner')).statusCode).toBe(200);
    expectError(await login(second, 'shared-state-replayer'), 'WECHAT_STATE_INVALID');
  });

  it('ask the payment provider once per interval for one attempt, whichever instance is polled', async () => {
    const keys = [first.app.services.onceKeys, second.app.services.onceKeys];
    expect(await keys[0]!.claim('payment-query:424242', 2000)).toBe(true);
    expect(await keys[1]!.claim('payment-query:424242', 2000)).toBe(false);
    expect(await keys[1]!.claim('payment-query:424243', 2000)).toBe(true);
  });

  it('keep answering while Redis is down: limits counted per instance, loudly, signed calls not refused, /readyz still ready (decisions 051, 052)', async () => {
    const app: FastifyInstance = first.app;
    const counters = app.services.sharedState.counters;
    const before = { ...counters };
    logLines.length = 0;
    const early = { url: '/env', nonce: `outage-${dialect}-early` };
    expect((await signedInject(first, early)).statusCode).toBe(200);
    await redis.stop();
    try {
      // Signed calls: no 503 for want of a nonce store (decision 051); each process still refuses its own replays.
      expectError(await signedInject(first, early), 'REQUEST_REPLAYED');
      expect((await signedInject(second, early)).statusCode).toBe(200);
      expect((await signedInject(first, { url: '/env', nonce: `outage-${dialect}-new` })).statusCode).toBe(200);

      // Limits: 40 lookups from one address, 30 answered and counted in this process, one error line for them all.
      const answers = await statuses(first, PHONE_LOOKUP, 40);
      expect(answers.filter((status) => status === 200)).toHaveLength(30);
      expect(counters.rateLimitPerInstance - before.rateLimitPerInstance).toBe(40);
      const failOpenLines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.msg === 'Redis unavailable: rate limits counted per instance');
      expect(failOpenLines).toHaveLength(1);
      expect(failOpenLines[0]!.level).toBe(50);

      expect((await app.inject('/readyz')).statusCode).toBe(200);
      expect((await app.inject('/healthz')).statusCode).toBe(200);

      await redis.start();
      await waitUntilReady(app);
      expect((await app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok' });
    } finally {
      await redis.start().catch(() => undefined);
    }
  });
});

describeDialects('an instance whose Redis is down at boot (%s)', { redis: true, only: ['sqlite'] }, () => {
  it('starts, answers, is ready (degraded: decision 052), and uses Redis once it comes', async () => {
    const redis = await startTestRedis();
    await redis.stop();
    const startedAt = Date.now();
    const test = await buildTestApp({ companies: 0, env: { REDIS_URL: redis.url } });
    try {
      // Connection refused: the boot does not wait for Redis.
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      // No 503 for want of a nonce store (decision 051): the signed call is answered.
      expect((await signedInject(test, PHONE_LOOKUP)).statusCode).toBe(200);
      expect((await test.app.inject('/readyz')).statusCode).toBe(200);
      await redis.start();
      await vi.waitFor(() => expect(test.app.services.sharedState.redis?.status).toBe('ready'), { timeout: 10_000, interval: 100 });
      expect((await signedInject(test, PHONE_LOOKUP)).statusCode).toBe(200);
      expect(await test.app.services.sharedState.redis!.keys('kuaibao:rate-limit:*')).not.toEqual([]);
    } finally {
      await test.close();
      await redis.stop();
    }
  });
});

async function waitUntilReady(app: FastifyInstance): Promise<void> {
  // Redis away no longer makes /readyz 503 (decision 052): wait on the connection itself.
  await vi.waitFor(() => expect(app.services.sharedState.redis?.status, 'the app did not reconnect to Redis').toBe('ready'), { timeout: 10_000, interval: 100 });
}
