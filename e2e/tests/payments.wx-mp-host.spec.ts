import { DatabaseSync } from 'node:sqlite';
import { devices, expect, test } from '@playwright/test';
import { DB_FILE, fakeGateways } from '../support/payments-orders.ts';
import { payThroughHost } from '../support/mini-program-host.ts';
import { stubWeChat, WECHAT_MINI_PROGRAM_UA } from '../support/wechat.ts';

const { defaultBrowserType: _chromium, ...pixel } = devices['Pixel 7'];

/** The attempt WeChat Pay knows the order by (the fake pays a trade by its out_trade_no). */
function attemptOf(publicId: string): string {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const row = db.prepare('SELECT a.out_trade_no AS attempt FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE o.public_id = ? ORDER BY a.id DESC LIMIT 1').get(publicId) as { attempt: string } | undefined;
    if (!row) throw new Error(`no payment attempt for ${publicId} in ${DB_FILE}`);
    return row.attempt;
  } finally {
    db.close();
  }
}

test.describe('the mini-program variant, real WeChat Pay adapter', () => {
  test.use({ ...pixel, userAgent: WECHAT_MINI_PROGRAM_UA });

  test('the host’s pay page pays the JSAPI prepay at the fake WeChat Pay gateway and the web-view lands on the success page', async ({ page, baseURL }) => {
    const bridge = await stubWeChat(page, { miniProgram: true });
    // WeChat's client pays the trade behind the prepay; WeChat (the fake) then notifies our server.
    const { outcome, host, path } = await payThroughHost(page, baseURL!, bridge, async (_params, orderId) => {
      const paid = await fetch(`${fakeGateways().wechatpay}/__fake/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ out_trade_no: attemptOf(orderId) }) });
      return paid.ok && ((await paid.json()) as { notified: number }).notified === 204;
    });
    expect(outcome.kind).toBe('paid');
    expect(host.payments).toHaveLength(1);
    // WeChat Pay's own prepay id, and the RSA paySign the adapter made for it.
    expect(host.payments[0]).toMatchObject({ package: expect.stringMatching(/^prepay_id=wx\d+$/), signType: 'RSA', paySign: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
    expect(path).toBe('/success');
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText('支付成功').first()).toBeVisible();
  });
});
