import { expect, test } from '@playwright/test';
import https from 'node:https';
import { A, bothInstancesUp, figure, nginxAccessLog, postgres, sql } from '../support/cluster.ts';
import { runLoad, tally, unorderedCompany, visitorMix } from '../support/cluster-load.ts';

// The run's private PostgreSQL (scripts/cluster-postgres.sh) stopped and started again under a
// steady visitor stream: what needs the database answers 503 with Retry-After meanwhile, never 500
// or 502; the client asks again after Retry-After, as a visitor's page would; no order is lost or
// doubled (docs/decisions/052-degraded-not-down.md).
const PER_SECOND = 30;
const STOP_AT_MS = 5000;
const DOWN_MS = 4000;

/** /readyz through nginx, as anyone on the internet can ask it. */
function publicReadyz(): Promise<{ status: number; body: string }> {
  const base = new URL(process.env.CLUSTER_BASE_URL ?? 'https://127.0.0.1:3401');
  return new Promise((resolve, reject) => {
    https
      .get({ host: base.hostname, port: base.port, path: '/readyz', rejectUnauthorized: false, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('PostgreSQL restarted under load: only 503s, each retried, 0 lost orders', async () => {
  test.setTimeout(120_000);
  await bothInstancesUp();
  const ordersBefore = Number(sql('SELECT count(*) FROM orders'));
  const linesBefore = nginxAccessLog().length;
  let downFor = 0;
  let probes: { public: { status: number; body: string }; metrics: { status: number; body: string } } | undefined;
  const outcomes = await runLoad({
    perSecond: PER_SECOND,
    durationMs: STOP_AT_MS + DOWN_MS + 10_000,
    request: visitorMix('postgres_restart', unorderedCompany(1)),
    retry503: 5,
    events: [
      {
        atMs: STOP_AT_MS,
        run: async () => {
          const stoppedAt = Date.now();
          postgres('stop');
          // While it is down: the public /readyz says "not ready" and nothing more; the metrics port says why.
          const metricsAnswer = await fetch(`http://127.0.0.1:${A.metricsPort}/readyz`);
          probes = { public: await publicReadyz(), metrics: { status: metricsAnswer.status, body: await metricsAnswer.text() } };
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + DOWN_MS - Date.now())));
          postgres('start');
          downFor = Date.now() - stoppedAt;
        },
      },
    ],
  });
  const figures = tally(outcomes);
  const ordersAfter = Number(sql('SELECT count(*) FROM orders'));
  // What nginx answered: no 5xx other than the app's 503s (no 500, no 502 of a marked-down upstream).
  const statuses = nginxAccessLog()
    .slice(linesBefore)
    .map((line) => /" (\d{3}) /.exec(line)?.[1])
    .filter((status): status is string => status !== undefined);
  const otherFailures = statuses.filter((status) => status.startsWith('5') && status !== '503');
  figure(
    `PostgreSQL restart: ${figures.sent} requests at ${PER_SECOND}/s, database down ${downFor} ms; failed ${figures.failed.length}; 503 answers ${figures.served503} ` +
      `(${figures.retried} requests asked again after Retry-After); attempts by status ${JSON.stringify(figures.byStatus)}; nginx 5xx other than 503: ${otherFailures.length}; ` +
      `orders ${ordersBefore} → ${ordersAfter} (${figures.ordersAccepted} accepted)`,
  );
  expect(figures.failed.map((outcome) => `${outcome.request.kind} ${outcome.attempts.map((attempt) => attempt.status).join('→')} ${outcome.final.code ?? outcome.final.error ?? ''}`)).toEqual([]);
  expect(otherFailures).toEqual([]);
  expect(Object.keys(figures.byStatus).sort()).toEqual(figures.served503 > 0 ? ['200', '503'] : ['200']);
  figure(`PostgreSQL restart: /readyz through nginx ${probes?.public.status} ${probes?.public.body}; on A's metrics port ${probes?.metrics.status} ${probes?.metrics.body.trim()}`);
  expect(probes?.public.status).toBe(503);
  expect(JSON.parse(probes!.public.body)).toEqual({ code: 50301, msg: '服务暂不可用，请稍后再试' });
  expect(probes?.metrics.status).toBe(503);
  expect((JSON.parse(probes!.metrics.body) as { reasons: string[] }).reasons.join(' ')).toMatch(/^database: /);
  // Every order the visitors were told was taken is there, once.
  expect(ordersAfter - ordersBefore).toBe(figures.ordersAccepted);
  // The stop really met the stream.
  expect(figures.served503).toBeGreaterThan(0);
});
