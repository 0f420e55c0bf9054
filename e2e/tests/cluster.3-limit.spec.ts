import { expect, test } from '@playwright/test';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { A, B, CLIENT_HEADERS, figure, metricSum, scrape, signedQuery } from '../support/cluster.ts';

/** The phone-lookup limit (apps/api/src/modules/order/order.routes.ts): 30 per 10 minutes per address. */
const LIMIT = 30;
const WINDOW_MS = 10 * 60_000;
const ROUTE = '/api/h5/order/phone';

const lookups = async (instance: typeof A) => metricSum(await scrape(instance), 'kuaibao_http_requests_total', { route: ROUTE });

test('the phone-lookup limit holds across both instances behind nginx', async ({ request }) => {
  // The windows are fixed on the clock (docs/decisions/024-shared-state-in-redis.md): do not straddle an edge.
  const intoWindow = Date.now() % WINDOW_MS;
  if (intoWindow > WINDOW_MS - 30_000) await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - intoWindow + 1000));
  const before = [await lookups(A), await lookups(B)];
  // Nothing earlier in the run looked up a phone: the whole limit is ours.
  expect(before).toEqual([0, 0]);

  const statuses: number[] = [];
  let refusal: { code: number; msg: string } | undefined;
  for (let attempt = 1; attempt <= LIMIT + 1; attempt++) {
    const response = await request.get(`${ROUTE}?${signedQuery({ phone: '13900001111' })}`, { headers: CLIENT_HEADERS });
    statuses.push(response.status());
    if (response.status() !== 200) refusal = (await response.json()) as { code: number; msg: string };
  }
  const served = [(await lookups(A)) - before[0]!, (await lookups(B)) - before[1]!];
  figure(`limit: lookups 1-${LIMIT} answered ${[...new Set(statuses.slice(0, LIMIT))].join('/')}, lookup ${LIMIT + 1} HTTP ${statuses[LIMIT]} code ${refusal?.code}; instance A answered ${served[0]}, B ${served[1]}`);
  expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
  expect(statuses[LIMIT]).toBe(ERROR_CATALOG.RATE_LIMITED.status);
  expect(refusal).toMatchObject({ code: ERROR_CATALOG.RATE_LIMITED.code });
  expect(served[0]).toBeGreaterThan(0);
  expect(served[1]).toBeGreaterThan(0);
  expect(served[0]! + served[1]!).toBe(LIMIT + 1);
});
