import { devices, expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { orderCancellationAndPay } from '../support/mini-program-host.ts';
import { fakeGateways } from '../support/payments-orders.ts';
import { stubWeChat, WECHAT_MINI_PROGRAM_UA } from '../support/wechat.ts';

const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];

/**
 * The mini-program variant against the real WeChat Pay adapter and the fake WeChat
 * (docs/decisions/055-mini-program-payment-appid.md): the web-view logs in with the host's
 * `mpCode` (the fake's jscode2session issues the openid for the mini-program's appid), 立即办理
 * hands the jsapi parameters to the host's pay page, and the fake pays that prepay_id as
 * `wx.requestPayment` would. WeChat Pay (the fake) creates the trade only under the mini-program's
 * appid: the official account's answers "appid和openid不匹配" and nothing reaches the host.
 */
test.describe('inside the mini-program, WeChat Pay', () => {
  test.use({ ...pixel, userAgent: WECHAT_MINI_PROGRAM_UA });

  test("prepays under the mini-program's appid with its openid; paying the handed-off prepay_id lands on success", async ({ page }) => {
    const company = claimCompany();
    const wechat = await stubWeChat(page, { miniProgram: true });
    await page.goto(`/?mpCode=mp-appid-payer.${Date.now().toString(36)}`);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(1);

    await orderCancellationAndPay(page, company.name);

    // The hand-off to the host's /pages/pay/index carries parameters WeChat Pay created under the mini-program's appid.
    await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(2);
    const navigate = wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI')[1]!.params as { name: string; arg: { url: string } };
    expect(navigate.name).toBe('navigateTo');
    const target = new URL(navigate.arg.url, 'https://mini.program');
    expect(target.pathname).toBe('/pages/pay/index');
    const handoff = JSON.parse(Buffer.from(target.searchParams.get('data')!, 'base64').toString('utf8')) as { order: { payParam: string } };
    const params = JSON.parse(handoff.order.payParam) as { appId: string; package: string; signType: string; paySign: string };
    const settings = (await (await page.request.get(`${fakeGateways().wechatpay}/__fake/keys`)).json()) as { appId: string; miniProgramAppId: string };
    expect(params).toMatchObject({ appId: settings.miniProgramAppId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx\d+$/), paySign: expect.any(String) });
    expect(params.appId).not.toBe(settings.appId);

    // The host's wx.requestPayment: WeChat takes the money on that prepay_id and notifies our server.
    const paid = await page.request.post(`${fakeGateways().wechatpay}/__fake/pay`, { data: { prepay_id: params.package.replace(/^prepay_id=/, '') } });
    expect(paid.ok(), await paid.text()).toBe(true);
    expect((await paid.json()).notified).toBe(204);
    // Back in the web-view (the tab shows again), the paid order is seen.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText('支付成功').first()).toBeVisible();
  });
});
