import { expect, test } from '@playwright/test';
import { A, B, figure, requestsServed, sql } from '../support/cluster.ts';
import { payOnDesktop, type Customer } from '../support/journey.ts';

// A seeded company of the synthetic directory, named here: the cluster runs on its own PostgreSQL
// database, one spec at a time (e2e/support/companies.ts claims from the SQLite file of the other runs).
const customer: Customer = { name: '北京市力鑫信息技术有限公司', creditCode: '9111000042896138XH', legal: '龚轩芳', phone: '13912340002', goodsId: 2 };

test('the visitor journey through nginx pays and succeeds while both instances answer it', async ({ page, context }) => {
  const before = [await requestsServed(A), await requestsServed(B)];
  await payOnDesktop(page, context, customer);
  await expect(page.getByTestId('success-dialog')).toContainText('支付成功');
  const served = [(await requestsServed(A)) - before[0]!, (await requestsServed(B)) - before[1]!];
  figure(`journey through nginx: instance A answered ${served[0]} requests, instance B ${served[1]}`);
  expect(served[0]).toBeGreaterThan(0);
  expect(served[1]).toBeGreaterThan(0);
  expect(sql(`SELECT status FROM orders WHERE entity_id = '${customer.creditCode}' AND goods_id = ${customer.goodsId}`)).toBe('2');
});
