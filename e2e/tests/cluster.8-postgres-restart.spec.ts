import { expect, test } from '@playwright/test';
import { bothInstancesUp, figure, nginxAccessLog, postgres, sql } from '../support/cluster.ts';
import { runLoad, tally, visitorMix } from '../support/cluster-load.ts';

// The run's private PostgreSQL (scripts/cluster-postgres.sh) stopped and started again under a
// steady visitor stream: what needs the database answers 503 with Retry-After meanwhile, never 500
// or 502; the client asks again after Retry-After, as a visitor's page would; no order is lost or
// doubled (docs/decisions/052-degraded-not-down.md).
const PER_SECOND = 30;
const STOP_AT_MS = 5000;
const DOWN_MS = 4000;

test('PostgreSQL restarted under load: only 503s, each retried, 0 lost orders', async () => {
  test.setTimeout(120_000);
  await bothInstancesUp();
  const ordersBefore = Number(sql('SELECT count(*) FROM orders'));
  const linesBefore = nginxAccessLog().length;
  let downFor = 0;
  const outcomes = await runLoad({
    perSecond: PER_SECOND,
    durationMs: STOP_AT_MS + DOWN_MS + 10_000,
    request: visitorMix('postgres_restart'),
    retry503: 5,
    events: [
      {
        atMs: STOP_AT_MS,
        run: async () => {
          const stoppedAt = Date.now();
          postgres('stop');
          await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
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
  // Every order the visitors were told was taken is there, once.
  expect(ordersAfter - ordersBefore).toBe(figures.ordersAccepted);
  // The stop really met the stream.
  expect(figures.served503).toBeGreaterThan(0);
});
