import { expect, test } from '@playwright/test';
import { A, B, bothInstancesUp, figure, metricSum, scrape, sql, startRedis, stopRedis } from '../support/cluster.ts';
import { runLoad, tally, unorderedCompany, visitorMix } from '../support/cluster-load.ts';

// Redis stopped for 20 s under a steady visitor stream: the visitor journey keeps answering, the
// limits are counted per instance meanwhile, and the instances are back on Redis afterwards
// (docs/decisions/052-degraded-not-down.md).
const PER_SECOND = 40;
const STOP_AT_MS = 5000;
const OUTAGE_MS = 20_000;

test('Redis stopped for 20 s under load: 0 failed visitor requests', async () => {
  test.setTimeout(120_000);
  await bothInstancesUp();
  const fallbacksBefore = metricSum(await scrape(A), 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' }) + metricSum(await scrape(B), 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' });
  const ordersBefore = Number(sql('SELECT count(*) FROM orders'));
  let stoppedAt = 0;
  let backAt = 0;
  const outcomes = await runLoad({
    perSecond: PER_SECOND,
    durationMs: STOP_AT_MS + OUTAGE_MS + 5000,
    request: visitorMix('redis_outage', unorderedCompany(0)),
    events: [
      { atMs: STOP_AT_MS, run: () => void (stopRedis(), (stoppedAt = Date.now())) },
      { atMs: STOP_AT_MS + OUTAGE_MS, run: async () => void (await startRedis(), (backAt = Date.now())) },
    ],
  });
  const figures = tally(outcomes);
  const fallbacks = metricSum(await scrape(A), 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' }) + metricSum(await scrape(B), 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' }) - fallbacksBefore;
  const ordersAfter = Number(sql('SELECT count(*) FROM orders'));
  figure(
    `Redis outage: ${figures.sent} requests at ${PER_SECOND}/s, Redis away ${backAt - stoppedAt} ms; failed ${figures.failed.length}; statuses ${JSON.stringify(figures.byStatus)}; ` +
      `limits counted per instance ${fallbacks} times; orders ${ordersBefore} → ${ordersAfter} (${figures.ordersAccepted} accepted)`,
  );
  expect(figures.failed.map((outcome) => `${outcome.request.kind} ${outcome.final.status} ${outcome.final.code ?? outcome.final.error ?? ''}`)).toEqual([]);
  expect(ordersAfter - ordersBefore).toBe(figures.ordersAccepted);
  // The limited route (events) was counted in process while Redis was away.
  expect(fallbacks).toBeGreaterThan(0);
});
