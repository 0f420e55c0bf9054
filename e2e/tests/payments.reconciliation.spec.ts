import { expect, test } from '@playwright/test';
import { shanghaiIsoDay } from '@kuaibao/domain';
import { signInToConsole } from '../support/console.ts';
import { accessibilityViolations, snapshot } from '../support/journey.ts';
import { fakeGateways, placeOrder } from '../support/payments-orders.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('对账: today’s WeChat Pay bill with one planted difference of each kind, and a clean Alipay bill', async ({ page, request }, testInfo) => {
  const fakes = fakeGateways();
  const today = shanghaiIsoDay(new Date());
  const pay = async (outTradeNo: string, notify = true) => {
    const paid = await request.post(`${fakes.wechatpay}/__fake/pay`, { data: { out_trade_no: outTradeNo, notify } });
    expect(paid.ok()).toBe(true);
    expect((await paid.json()).notified).toBe(notify ? 204 : 0);
  };

  const matched = await placeOrder(request, 'weixin');
  await pay(matched.outTradeNo);
  const theirsMissing = await placeOrder(request, 'weixin');
  await pay(theirsMissing.outTradeNo);
  const amount = await placeOrder(request, 'weixin');
  await pay(amount.outTradeNo);
  // Paid at WeChat, but the notification never reached us.
  const status = await placeOrder(request, 'weixin');
  await pay(status.outTradeNo, false);
  const oursMissing = 'KBNOTOURS01P01';
  const planted = await request.post(`${fakes.wechatpay}/__fake/bill`, {
    data: {
      omit: [theirsMissing.outTradeNo],
      amounts: { [amount.outTradeNo]: 1 },
      extra: [{ date: today, row: { kind: 'payment', time: `${today} 09:30:00`, outTradeNo: oursMissing, providerTxnId: '4200000000001', orderFen: 4200, description: '别家的交易' } }],
    },
  });
  expect(planted.ok()).toBe(true);
  // One Alipay payment through its cashier: its bill matches.
  const alipay = await placeOrder(request, 'alipay');
  expect((await request.post(`${fakes.alipay}/cashier/${alipay.outTradeNo}/pay`, { maxRedirects: 0 })).ok()).toBe(true);

  await signInToConsole(page);
  await page.getByRole('menuitem', { name: '对账' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '对账' })).toBeVisible();
  // antd's picker (decision 063): opened, typed, confirmed, as e2e/support/console.ts fillDayRange does.
  await page.getByLabel('账单日期').click();
  await page.getByLabel('账单日期').fill(today);
  await page.getByLabel('账单日期').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/console/reconciliation\\?date=${today}$`));

  await page.getByRole('button', { name: '对账 微信支付' }).click();
  const wechat = page.getByTestId('reconciliation-wechatpay');
  // Other specs of this project pay on the same day too: their lines match; the four planted ones do not.
  await expect(wechat.getByTestId('reconciliation-wechatpay-summary')).toHaveText(/^一致 [1-9]\d* 笔 · 差异 4 笔$/);
  const rows = wechat.getByTestId('reconciliation-wechatpay-differences').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: '我方缺失' })).toContainText(oursMissing);
  await expect(rows.filter({ hasText: '对方缺失' })).toContainText(theirsMissing.orderNo);
  await expect(rows.filter({ hasText: '金额不符' })).toContainText('0.01');
  await expect(rows.filter({ hasText: '状态不符' })).toContainText('待支付');

  await page.getByRole('button', { name: '对账 支付宝' }).click();
  const alipayCard = page.getByTestId('reconciliation-alipay');
  await expect(alipayCard.getByTestId('reconciliation-alipay-summary')).toHaveText(/^一致 [1-9]\d* 笔 · 差异 0 笔$/);
  await expect(alipayCard).toContainText('账单与我方记录一致');

  // The order behind a difference is one click away.
  await expect(rows.filter({ hasText: '对方缺失' }).getByRole('link', { name: theirsMissing.orderNo })).toBeVisible();
  await snapshot(page, testInfo, 'console-reconciliation-day');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Re-running the day gives the same answer (the run is replaced, not added to).
  await wechat.getByRole('button', { name: `重新对账 微信支付 ${today}` }).click();
  await expect(wechat.getByTestId('reconciliation-wechatpay-summary')).toHaveText(/^一致 [1-9]\d* 笔 · 差异 4 笔$/);
  await expect(rows).toHaveCount(4);
});
