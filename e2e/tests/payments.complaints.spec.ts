import { expect, test } from '@playwright/test';
import { signInToConsole } from '../support/console.ts';
import { accessibilityViolations, snapshot } from '../support/journey.ts';
import { fakeGateways, placeOrder } from '../support/payments-orders.ts';

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3171)}`;

test.use({ viewport: { width: 1280, height: 800 } });
// A long walk (payment, complaint, reply, refund approval, completion) on a busy 2-core machine.
test.setTimeout(120_000);

test('投诉处理: a complaint filed in WeChat Pay is answered and refunded through the approval (reported to WeChat), then marked handled', async ({ page, request }, testInfo) => {
  const fakes = fakeGateways();
  const order = await placeOrder(request, 'weixin');
  expect((await (await request.post(`${fakes.wechatpay}/__fake/pay`, { data: { out_trade_no: order.outTradeNo } })).json()).notified).toBe(204);
  // The customer complains in WeChat Pay; WeChat (the fake) notifies our complaint URL, signed and encrypted.
  const filed = await request.post(`${fakes.wechatpay}/__fake/complaint`, {
    data: { out_trade_no: order.outTradeNo, detail: '付款后两天没人联系，要求退款', notify_url: `${ORIGIN}/api/pay/notify/wechat-complaints` },
  });
  const { complaint_id: complaintId, notified } = (await filed.json()) as { complaint_id: string; notified: number };
  expect(notified).toBe(204);

  await signInToConsole(page);
  await page.getByRole('menuitem', { name: /投诉处理/ }).click();
  await page.getByRole('tab', { name: '微信支付投诉' }).click();
  await expect(page).toHaveURL(/\/console\/feedback\?source=wechat$/);
  const row = page.getByTestId('wechat-complaints-table').locator('tbody tr').filter({ hasText: order.orderNo });
  await expect(row).toContainText('付款后两天没人联系，要求退款');
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: `查看投诉 ${complaintId}` }).click();

  const drawer = page.getByTestId('wechat-complaint-drawer');
  await expect(drawer).toContainText(complaintId);
  await expect(drawer.getByTestId('wechat-complaint-history')).toContainText('用户提交投诉');
  await drawer.getByLabel('回复客户（客户在微信支付里看到）').fill('您好，非常抱歉，已为您申请全额退款，专员今天会致电说明。');
  await drawer.getByRole('button', { name: '回复客户' }).click();
  await expect(drawer.getByTestId('wechat-complaint-history')).toContainText('商户回复');
  await expect(drawer).toContainText('处理中');

  await drawer.getByRole('button', { name: '申请退款' }).click();
  const modal = page.getByRole('dialog', { name: '从投诉申请退款' });
  await modal.getByLabel('退款原因').fill('客户在微信支付投诉未及时联系，全额退款');
  await modal.getByRole('button', { name: '提交退款申请' }).click();
  await expect(drawer.getByTestId('wechat-complaint-refund')).toContainText('待管理员审批');
  await snapshot(page, testInfo, 'console-wechat-complaint-replied');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The admin approves it in 退款审批, as any refund.
  await page.goto('/console/refunds');
  const refundRow = page.locator('tbody tr').filter({ hasText: complaintId });
  await expect(refundRow).toContainText(order.orderNo);
  await refundRow.getByRole('button', { name: '批准' }).click();
  await page.getByRole('button', { name: '确认退款' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: complaintId })).toHaveCount(0);

  await page.goto('/console/feedback?source=wechat');
  await page.getByLabel('微信支付投诉状态').getByText('处理中', { exact: true }).click();
  await page.getByTestId('wechat-complaints-table').getByRole('button', { name: `查看投诉 ${complaintId}` }).click();
  await expect(drawer.getByTestId('wechat-complaint-refund')).toContainText('退款处理中');
  // The approval launched the refund, so WeChat was told 同意退款 (更新退款审批结果) and shows it in the history.
  await expect(drawer.getByTestId('wechat-complaint-refund-progress')).toContainText('已向微信支付上报退款审批结果：同意退款');
  await expect(drawer.getByTestId('wechat-complaint-history')).toContainText('商户同意退款');
  await drawer.getByRole('button', { name: '标记处理完成' }).click();
  await page.getByRole('button', { name: '确认处理完成' }).click();
  await expect(drawer).toContainText('已反馈处理完成');
  await expect(drawer.getByTestId('wechat-complaint-history')).toContainText('商户反馈处理完成');
  await snapshot(page, testInfo, 'console-wechat-complaint-done');
});
