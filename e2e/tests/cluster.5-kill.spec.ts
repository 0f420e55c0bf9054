import { expect, test } from '@playwright/test';
import { A, B, exitStatus, figure, nginxAccessLog, requestsServed, signalInstance, sql, startInstance } from '../support/cluster.ts';
import { confirmAuthorization, payQrCode, submitHomeForm, type Customer } from '../support/journey.ts';

// The cluster runs on its own PostgreSQL database, one spec at a time, so these specs name their
// seeded companies (e2e/support/companies.ts claims from the SQLite file of the other runs): another
// company than cluster.1-journey's, so this order is new.
const customer: Customer = { name: '上海市长宁区百盛贸易有限公司', creditCode: '91310105609427303U', legal: '姚波洁', phone: '13912340004', goodsId: 2 };

test('kill -9 of one instance between two steps of a journey leaves the journey working on the other', async ({ page, context }) => {
  // Step one: the order is placed and the pay dialog shows its QR code (and polls the order).
  await submitHomeForm(page, customer);
  // A cancellation: the 授权委托书 is confirmed before the QR code (decision 035).
  await confirmAuthorization(page.getByTestId('pay-dialog'), customer.legal);
  await expect(page.getByTestId('pay-dialog').getByTestId('pay-qr')).toBeVisible();

  const linesBefore = nginxAccessLog().length;
  const servedByBBefore = await requestsServed(B);
  signalInstance(A, 'SIGKILL');
  expect(await exitStatus(A)).toBe(137);

  // Step two: the payer pays in the cashier; the dialog, still polling through nginx, sees it.
  await payQrCode(page, context);
  await expect(page.getByTestId('success-dialog')).toBeVisible();
  expect(sql(`SELECT status FROM orders WHERE entity_id = '${customer.creditCode}' AND goods_id = ${customer.goodsId}`)).toBe('2');

  const after = nginxAccessLog().slice(linesBefore);
  const failed = after.filter((line) => /" (5\d\d) /.test(line));
  figure(`kill -9: instance A exited 137; afterwards nginx answered ${after.length} requests, ${failed.length} with 5xx; instance B answered ${(await requestsServed(B)) - servedByBBefore}`);
  expect(failed).toEqual([]);

  // Back to two instances for the next spec.
  await startInstance(A);
});
