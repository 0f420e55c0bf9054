import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzApp, routeKey, type FuzzReport } from '../attack/fuzz.ts';
import { buildTestApp, type TestApp } from './test/helper.ts';

/**
 * The attack suite's fuzzer (apps/api/attack/fuzz.ts), 50 cases per route in process: whatever
 * malformed request reaches any route, the answer is never a 5xx, and on /api/* it is always the
 * envelope of docs/decisions/002-envelope.md. A failure lists each broken route with the exact
 * requests that broke it; the seed makes the run reproducible.
 */
const ADMIN = { username: 'admin', password: 'fuzz-admin-pass-1' };

describe('fuzzer, in process', () => {
  let test: TestApp;
  let report: FuzzReport;
  const lines: string[] = [];

  beforeAll(async () => {
    test = await buildTestApp({ companies: 200 });
    await test.app.services.console.auth.ensureFirstAdmin(ADMIN);
    report = await fuzzApp(test.app, {
      casesPerRoute: 50,
      consoleAdmin: ADMIN,
      // The signature window is checked against the app's clock (the test clock).
      nowSeconds: () => Math.floor(test.clock.now.getTime() / 1000),
      log: (line) => lines.push(line),
    });
  }, 150_000);
  afterAll(async () => {
    await test?.close();
  });

  const failures = (pick: (s: FuzzReport['routes'][number]) => number) =>
    report.routes.filter((s) => pick(s) > 0).map((s) => `${routeKey(s.route)}: ${pick(s)}\n${s.examples.map((e) => `  ${e.verdict}: ${e.request}\n    → ${e.answer}`).join('\n')}`);

  it('covers every route the app registers, 50 cases each', () => {
    const keys = report.routes.map((s) => routeKey(s.route));
    for (const expected of ['POST /api/h5/order', 'GET /api/h5/company', 'PUT /api/console/site-config/:key', 'POST /api/console/orders/:id/files', 'POST /api/pay/notify/:provider', 'POST /sandbox/cashier/:outTradeNo/pay', 'GET /uploads/:name', 'GET /env', 'GET /healthz', 'GET /*']) {
      expect(keys).toContain(expected);
    }
    expect(report.routes.every((s) => s.cases === 50)).toBe(true);
  });

  it('answers no 5xx', () => {
    expect(failures((s) => s.fiveXx), `seed ${report.seed}\n${lines.join('\n')}`).toEqual([]);
  });

  it('answers the envelope on every /api route', () => {
    expect(failures((s) => s.nonEnvelope), `seed ${report.seed}`).toEqual([]);
  });
});
