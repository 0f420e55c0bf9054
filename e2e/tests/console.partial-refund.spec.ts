import { expect, test } from '@playwright/test';
import { signInToConsole } from '../support/console.ts';
import { motionDone, snapshot } from '../support/journey.ts';
import { placeOrder } from '../support/payments-orders.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * A partial refund (docs/decisions/057-partial-refunds.md) in Chromium: an order paid in the sandbox,
 * a refund asked for on its page, and the admin's approve dialog — 部分退款 with an amount in yuan that
 * the dialog refuses beyond what was paid and without a reason, then ¥50.00 with a reason. The order
 * then reads 已部分退款 with paid / refunded / net, and the refunds list shows the amount.
 */

test('an admin approves ¥50.00 of a ¥199.00 order with a reason; the order and the refunds list show the amount', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // This spec runs in the default config: its server's database, not the payments config's.
  const order = await placeOrder(request, 'weixin', { dbFile: E2E_DB_FILE });
  expect((await request.post(`/sandbox/cashier/${order.outTradeNo}/pay`, { form: {} })).ok()).toBe(true);
  expect(order.totalFen).toBe(19900);

  await signInToConsole(page);
  await page.goto(`/console/orders/${order.orderId}`);
  await expect(page.getByTestId('order-info')).toContainText(order.orderNo, { timeout: 60_000 });
  await page.getByTestId('refund-request').click();
  const ask = page.getByRole('dialog', { name: /申请退款/ });
  await ask.getByLabel('退款原因（必填）').fill('客户撤回，核名已完成');
  await ask.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('refund-pending')).toContainText('申请退款（实付 ¥199.00）');

  await page.getByTestId('refund-approve').click();
  const dialog = page.getByRole('dialog', { name: /确认全额退款 ¥199\.00/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: '部分退款' }).check();
  const confirm = page.getByRole('dialog').getByRole('button', { name: '确认退款' });
  // More than was paid: refused in the dialog, 确认退款 stays off.
  await page.getByLabel(/退款金额（元/).fill('199.01');
  await expect(page.getByTestId('refund-amount-hint')).toContainText('退款金额不能超过可退金额');
  await expect(confirm).toBeDisabled();
  // A partial amount without a reason: still off.
  await page.getByLabel(/退款金额（元/).fill('50');
  await expect(page.getByTestId('refund-amount-hint')).toContainText('部分退款须填写原因');
  await expect(confirm).toBeDisabled();
  await page.getByLabel(/部分退款原因/).fill('已完成核名，扣除已产生的费用');
  await expect(page.getByRole('dialog', { name: /确认部分退款 ¥50\.00/ })).toBeVisible();
  await motionDone(page);
  await snapshot(page, testInfo, 'partial-refund-dialog');

  const approved = page.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await confirm.click();
  const body = (await (await approved).json()) as { data: { amount_fen: number; partial_reason: string; status: string } };
  expect(body.data).toMatchObject({ amount_fen: 5000, partial_reason: '已完成核名，扣除已产生的费用', status: 'SUCCEEDED' });

  // The sandbox refunds at once: the order reads refunded in part, with its money.
  await expect(page.getByTestId('refund-done')).toHaveText('已部分退款 ¥50.00（实付 ¥199.00），原因：已完成核名，扣除已产生的费用。');
  await expect(page.getByTestId('order-money')).toHaveText('实付 ¥199.00 · 已退 ¥50.00 · 净额 ¥149.00');
  await expect(page.getByTestId('order-info')).toContainText('已部分退款');

  await page.goto('/console/refunds?status=SUCCEEDED');
  const row = page.getByTestId('refund-table').locator('tbody tr').filter({ hasText: order.orderNo });
  // Loaded slowly on a busy machine: the first look after a navigation waits longer.
  await expect(row.getByTestId('refund-amount-cell')).toHaveText('¥50.00（部分）', { timeout: 60_000 });
  await motionDone(page);
  await snapshot(page, testInfo, 'partial-refund-list');
});
