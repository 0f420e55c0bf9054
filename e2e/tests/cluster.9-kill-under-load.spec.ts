import { expect, test } from '@playwright/test';
import { A, B, bothInstancesUp, exitStatus, figure, requestsServed, signalInstance, startInstance } from '../support/cluster.ts';
import { runLoad, tally, visitorMix, type LoadRequest } from '../support/cluster-load.ts';

// kill -9 of one instance under ~80 GETs a second through nginx: the requests it had in flight are
// passed to the other instance by nginx (proxy_next_upstream error timeout), and none fails
// (docs/decisions/052-degraded-not-down.md; cluster.5-kill does the same between two steps of a journey).
const PER_SECOND = 80;
const KILL_AT_MS = 4000;

test('kill -9 of one instance under 80 GETs a second: 0 failed GETs', async () => {
  test.setTimeout(120_000);
  await bothInstancesUp();
  const mix = visitorMix('kill_under_load');
  // GETs only: a POST nginx had sent to the killed instance is, rightly, never sent again.
  const getsOnly = (index: number): LoadRequest => {
    const request = mix(index);
    return request.method === 'GET' ? request : { kind: 'search', method: 'GET', path: '/api/h5/company', query: { keyword: '北京' } };
  };
  const servedByBBefore = await requestsServed(B);
  const outcomes = await runLoad({ perSecond: PER_SECOND, durationMs: KILL_AT_MS + 8000, request: getsOnly, events: [{ atMs: KILL_AT_MS, run: () => signalInstance(A, 'SIGKILL') }] });
  expect(await exitStatus(A)).toBe(137);
  const figures = tally(outcomes);
  figure(`kill -9 under load: ${figures.sent} GETs at ${PER_SECOND}/s, instance A killed after ${KILL_AT_MS} ms; failed ${figures.failed.length}; statuses ${JSON.stringify(figures.byStatus)}; B answered ${(await requestsServed(B)) - servedByBBefore}`);
  expect(figures.failed.map((outcome) => `${outcome.request.kind} ${outcome.final.status} ${outcome.final.code ?? outcome.final.error ?? ''}`)).toEqual([]);
  await startInstance(A);
});
