import { expect, test } from '@playwright/test';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { A, B, CLIENT_HEADERS, figure, signedQuery } from '../support/cluster.ts';

/**
 * The replay cache is in each process (docs/decisions/051-replay-in-process.md): the instance that
 * took a signed request refuses it again inside its window; the other instance accepts it once.
 * That is what nginx's retry of an in-flight GET on the other instance needs (the first instance may
 * have seen the request before it died), and it gives nobody more than a freshly signed request
 * would: the signing secret ships in the web app.
 */
test('a signed request replayed to the instance that took it is refused; the other instance accepts it once', async () => {
  const url = `/api/user/config?${signedQuery({})}`;
  const call = async (origin: string) => {
    const response = await fetch(`${origin}${url}`, { headers: CLIENT_HEADERS });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string } };
  };
  const first = await call(A.origin);
  expect(first.status).toBe(200);
  expect(first.body.code).toBe(0);

  const replayedToA = await call(A.origin);
  const retriedOnB = await call(B.origin);
  const replayedToB = await call(B.origin);
  figure(
    `replay: instance A answered ${first.status}; the same signed request again at A: HTTP ${replayedToA.status} code ${replayedToA.body.code}; ` +
      `at B (nginx's failover): HTTP ${retriedOnB.status} code ${retriedOnB.body.code}; again at B: HTTP ${replayedToB.status} code ${replayedToB.body.code}`,
  );
  const refused = { code: ERROR_CATALOG.REQUEST_REPLAYED.code, msg: ERROR_CATALOG.REQUEST_REPLAYED.message };
  expect(replayedToA.status).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
  expect(replayedToA.body).toMatchObject(refused);
  expect(retriedOnB.status).toBe(200);
  expect(retriedOnB.body.code).toBe(0);
  expect(replayedToB.status).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
  expect(replayedToB.body).toMatchObject(refused);
});
