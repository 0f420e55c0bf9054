import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { placeAndPay } from '../modules/console/console.test-support.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { dialectSuites } from '../test/dialects.ts';
import { createMetrics } from './metrics.ts';
import { startMetricsServer } from './metrics-server.ts';
import { PRODUCTION_SETTINGS } from '../test/production-settings.ts';

/** The value of one sample in the text exposition, or undefined when the series does not exist. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inside.split(',');
    if (wanted.every((w) => parts.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

for (const { dialect, describeDialect } of dialectSuites()) {
  describeDialect(`metrics (${dialect})`, () => {
    let test: TestApp;
    const text = async () => (await test.app.metrics.render()).body;

    beforeAll(async () => {
      test = await buildTestApp({ dialect, env: { SMS_OUTBOX_INTERVAL_MS: '0' } });
    });
    afterAll(async () => test?.close());

    it('counts an order created and paid, the notification that paid it, and the SMS it queued', async () => {
      expect(sample(await text(), 'kuaibao_orders_paid_total', { provider: 'sandbox' })).toBeUndefined();
      await placeAndPay(test);
      let body = await text();
      expect(sample(body, 'kuaibao_orders_created_total', { goods_type: 'license_year' })).toBe(1);
      expect(sample(body, 'kuaibao_orders_paid_total', { provider: 'sandbox' })).toBe(1);
      expect(sample(body, 'kuaibao_payment_notifications_total', { provider: 'sandbox', kind: 'payment', outcome: 'APPLIED' })).toBe(1);
      expect(sample(body, 'kuaibao_sms_outbox_backlog', {})).toBe(1);

      await test.app.services.smsOutbox.runOnce();
      body = await text();
      expect(sample(body, 'kuaibao_sms_total', { result: 'sent' })).toBe(1);
      expect(sample(body, 'kuaibao_sms_outbox_backlog', {})).toBe(0);
    });

    it('counts requests and their latency by route pattern, and every unknown path under one label', async () => {
      await test.app.inject({ method: 'GET', url: '/healthz' });
      await test.app.inject({ method: 'GET', url: '/api/no-such-route-4242' });
      const body = await text();
      expect(sample(body, 'kuaibao_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'kuaibao_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(body).not.toContain('no-such-route-4242');
      expect(sample(body, 'kuaibao_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' })).toBeGreaterThanOrEqual(1);
      // Redis fallbacks are exported even without Redis (all zero).
      expect(sample(body, 'kuaibao_redis_fallback_total', { kind: 'rateLimitPerInstance' })).toBe(0);
    });

    it('counts a rejected notification, and sweep runs by result', async () => {
      await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{"forged":true}' });
      await test.app.services.paymentSweeps.runOnce();
      const body = await text();
      expect(sample(body, 'kuaibao_payment_notifications_total', { provider: 'sandbox', outcome: 'REJECTED' })).toBe(1);
      expect(sample(body, 'kuaibao_payment_sweep_runs_total', { sweep: 'attempts', result: 'ran' })).toBeGreaterThanOrEqual(1);
    });
  });
}

describe('the metrics listener', () => {
  it('answers /metrics only, and only with the bearer token when one is set', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.ordersCreated.inc({ goods_type: 'license_year' });
    const server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0, token: 'a-metrics-token-of-some-length' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await fetch(server.url)).status).toBe(401);
      expect((await fetch(server.url, { headers: { authorization: 'Bearer a-metrics-token-of-some-lengtX' } })).status).toBe(401);
      const ok = await fetch(server.url, { headers: { authorization: 'Bearer a-metrics-token-of-some-length' } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
      expect(await ok.text()).toContain('kuaibao_orders_created_total{goods_type="license_year",app="kuaibao"} 1');
      expect((await fetch(server.url.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('is off unless METRICS_PORT is set, and production refuses it on the network without a token', () => {
    expect(loadConfig({ APP_ENV: 'test' }).metrics).toBeUndefined();
    expect(loadConfig({ APP_ENV: 'test', METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464, token: undefined });
    const prod = {
      ...PRODUCTION_SETTINGS,
      PAYMENT_PROVIDERS: 'alipay',
    };
    expect(() => loadConfig({ ...prod, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...prod, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(ConfigError);
  });
});
