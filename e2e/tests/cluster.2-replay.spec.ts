import { expect, test } from '@playwright/test';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { A, B, CLIENT_HEADERS, figure, signedQuery } from '../support/cluster.ts';

test('a request signed once and replayed to the other instance is refused', async () => {
  const url = `/api/user/config?${signedQuery({})}`;
  const first = await fetch(`${A.origin}${url}`, { headers: CLIENT_HEADERS });
  expect(first.status).toBe(200);
  expect(((await first.json()) as { code: number }).code).toBe(0);

  const replayed = await fetch(`${B.origin}${url}`, { headers: CLIENT_HEADERS });
  const answer = (await replayed.json()) as { code: number; msg: string };
  figure(`replay: instance A answered ${first.status}; the same signed request at instance B: HTTP ${replayed.status}, code ${answer.code} ${answer.msg}`);
  expect(replayed.status).toBe(ERROR_CATALOG.REQUEST_REPLAYED.status);
  expect(answer).toMatchObject({ code: ERROR_CATALOG.REQUEST_REPLAYED.code, msg: ERROR_CATALOG.REQUEST_REPLAYED.message });
});
