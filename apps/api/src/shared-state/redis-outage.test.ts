import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOG, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import { buildApp } from '../app.ts';
import { describeReadiness } from '../modules/system/system.routes.ts';
import { buildTestApp, signedInject, validOrderForm, type SignedRequest, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { startTestRedis, type TestRedis } from '../test/redis.ts';

/**
 * Redis away, the visitor journey goes on: limits counted per instance, logged once per outage and
 * counted, Redis used again once back; an unreachable REDIS_URL at boot gives a ready, degraded
 * instance (docs/decisions/052-degraded-not-down.md).
 */

const PHONE_LOOKUP = { url: '/api/h5/order/phone', query: { phone: '13812345678' } } as const;
const LIMIT = 30;

interface LogLine {
  level: number;
  msg: string;
}

/** The start-up call, a search and an order: the visitor journey up to paying. */
async function visitorJourney(test: TestApp, index: number): Promise<number[]> {
  const form = validOrderForm({ entity_phone: `1391234${String(index).padStart(4, '0')}` });
  return [
    (await signedInject(test, { url: '/api/h5/corp' })).statusCode,
    (await signedInject(test, { url: '/api/h5/company', query: { keyword: '字节跳动' } })).statusCode,
    (await signedInject(test, { method: 'POST', url: '/api/h5/order', body: form })).statusCode,
  ];
}

async function statuses(test: TestApp, request: SignedRequest, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) answers.push((await signedInject(test, request)).statusCode);
  return answers;
}

/**
 * Decision 024's nonce store refuses signed calls for a window after it first sees Redis fail; the
 * nonce rule is not what this file tests (its successor keeps nonces in process): one call shows
 * it the failure, then the clock moves a window on. Harmless where nonces never touch Redis.
 */
async function pastTheNonceWindow(test: TestApp): Promise<void> {
  await signedInject(test, { url: '/env' });
  test.clock.advance((SIGNATURE_WINDOW_SECONDS + 1) * 1000);
}

async function waitForRedis(app: FastifyInstance): Promise<void> {
  await vi.waitFor(() => expect(app.services.sharedState.redis?.status, 'the app did not reconnect to Redis').toBe('ready'), { timeout: 10_000, interval: 100 });
}

describeDialects('Redis stopped under two instances (%s)', { redis: true }, (dialect) => {
  let redis: TestRedis;
  let first: TestApp;
  let second: TestApp;
  const logLines: LogLine[] = [];
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) };
  beforeAll(async () => {
    redis = await startTestRedis();
    first = await buildTestApp({ dialect, env: { REDIS_URL: redis.url, LOG_LEVEL: 'info' }, logStream });
    const app = await buildApp({ config: first.config, database: first.database, now: () => first.clock.now, logStream });
    second = { ...first, app, close: () => app.close() };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  it('keeps the journey answering, counts each limit per instance, logs once, and goes back to Redis when it returns', async () => {
    const counters = first.app.services.sharedState.counters;
    const before = counters.rateLimitPerInstance;
    expect(await visitorJourney(first, 1)).toEqual([200, 200, 200]);
    await redis.stop();
    await pastTheNonceWindow(first);
    await pastTheNonceWindow(second);
    const fromA = { ...PHONE_LOOKUP, remoteAddress: '10.40.0.1' };
    try {
      expect(await visitorJourney(first, 2)).toEqual([200, 200, 200]);
      expect(await visitorJourney(second, 3)).toEqual([200, 200, 200]);

      // Each instance holds the limit on its own: 30 answered, the 31st refused with the time left in the window.
      expect((await statuses(first, fromA, LIMIT)).filter((status) => status !== 200)).toEqual([]);
      const refused = await signedInject(first, fromA);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: ERROR_CATALOG.RATE_LIMITED.code, msg: ERROR_CATALOG.RATE_LIMITED.message });
      const windowMs = 10 * 60_000;
      const secondsLeft = Math.ceil((windowMs - (first.clock.now.getTime() % windowMs)) / 1000);
      expect(refused.headers['retry-after']).toBe(String(secondsLeft));
      // The other instance never heard of those 31: its own 30 (what two instances without Redis give).
      expect((await statuses(second, fromA, LIMIT)).filter((status) => status !== 200)).toEqual([]);
      expect((await signedInject(second, fromA)).statusCode).toBe(429);
      // Counted: 31 on the first instance's counter; logged once per instance, not once per request.
      expect(counters.rateLimitPerInstance - before).toBe(LIMIT + 1);
      const metrics = await first.app.metrics.render();
      expect(metrics.body).toMatch(/kuaibao_redis_fallback_total\{[^}]*kind="rateLimitPerInstance"[^}]*\} (\d+)/);
      const fallbackLines = logLines.filter((line) => line.msg === 'Redis unavailable: rate limits counted per instance');
      expect(fallbackLines).toHaveLength(2);
      expect(fallbackLines.every((line) => line.level === 50)).toBe(true);

      // Ready all along, degraded: the public /readyz says ok, the detailed report names Redis.
      expect((await first.app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok' });
      const report = await describeReadiness(first.app, first.database);
      expect(report.ready).toBe(true);
      expect(report.degraded.join(' ')).toMatch(/^Redis: /);
    } finally {
      await redis.start();
    }
    await waitForRedis(first.app);
    await waitForRedis(second.app);
    expect(logLines.filter((line) => line.msg === 'Redis back: rate limits counted per instance shared again')).toHaveLength(2);
    // Back on Redis: the limit is shared again (15 + 15 then a refusal), and no longer counted here.
    first.clock.advance(10 * 60_000);
    const fromB = { ...PHONE_LOOKUP, remoteAddress: '10.40.0.2' };
    const local = counters.rateLimitPerInstance;
    const answers = [...(await statuses(first, fromB, 15)), ...(await statuses(second, fromB, 15))];
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect((await signedInject(first, fromB)).statusCode).toBe(429);
    expect(counters.rateLimitPerInstance).toBe(local);
    expect((await describeReadiness(first.app, first.database)).degraded).toEqual([]);
  });
});

describeDialects('a REDIS_URL nothing answers at boot (%s)', { redis: true, only: ['sqlite'] }, () => {
  it('boots ready and degraded: the journey answers, limits hold per instance, /readyz is ok and the metrics port says why', async () => {
    const redis = await startTestRedis();
    await redis.stop();
    const test = await buildTestApp({ companies: 2000, env: { REDIS_URL: redis.url } });
    try {
      await pastTheNonceWindow(test);
      expect(await visitorJourney(test, 4)).toEqual([200, 200, 200]);
      const lookups = await statuses(test, PHONE_LOOKUP, LIMIT + 1);
      expect(lookups.slice(0, LIMIT).filter((status) => status !== 200)).toEqual([]);
      expect(lookups[LIMIT]).toBe(429);
      expect((await test.app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok' });
      const report = await describeReadiness(test.app, test.database);
      expect(report).toMatchObject({ ready: true, reasons: [] });
      expect(report.degraded).toHaveLength(1);
    } finally {
      await test.close();
    }
  });
});
