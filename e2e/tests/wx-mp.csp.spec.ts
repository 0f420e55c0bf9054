import { expect, test } from '@playwright/test';
import { claimCompany } from '../support/companies.ts';
import { confirmAuthorization, fillPerson, searchAndPick, snapshot } from '../support/journey.ts';
import { describeWatch, expectInlineScriptRefused, watchCsp } from '../support/csp.ts';
import { stubWeChat } from '../support/wechat.ts';

/*
 * Finding 10: the mini-program web-view variant passes its Content-Security-Policy
 * (docs/decisions/015-security-headers.md): mpCode login and the token posted to the host, the pay
 * page's hand-off to the host, the way back to success, home with the visitor's orders. The
 * web-view is a WebView, not a frame, so frame-ancestors 'none' does not stand in its way.
 */

test('the mini-program web-view variant runs under the policy without a violation', async ({ page, context }, testInfo) => {
  test.slow();
  const company = claimCompany();
  const csp = await watchCsp(context);
  const wechat = await stubWeChat(page, { miniProgram: true });
  const mpCode = `mpcsp.${Date.now().toString(36)}`;

  await page.goto(`/?mpCode=${mpCode}`);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(1);
  await expectInlineScriptRefused(page, csp);
  await snapshot(page, testInfo, 'csp-wx-mp-home');

  await page.getByTestId('goods-2').click();
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  await confirmAuthorization(page, company.legal);
  await page.getByTestId('pay-now').click();
  await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(2);
  const navigate = wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI')[1]!.params as { arg: { url: string } };
  const handoff = JSON.parse(Buffer.from(new URL(navigate.arg.url, 'https://mini.program').searchParams.get('data')!, 'base64').toString('utf8')) as { order: { payParam: string } };
  const outTradeNo = /^prepay_id=SBX_(.+)$/.exec((JSON.parse(handoff.order.payParam) as { package: string }).package)![1]!;

  // The host pays (the sandbox stands in for wx.requestPayment) and the visitor comes back.
  expect((await page.request.post(`/sandbox/cashier/${outTradeNo}/pay`, { form: {} })).ok()).toBe(true);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/success$/);
  // The success page has taken the stored order (and forgotten it) once it shows the result;
  // leaving earlier would send home straight back to /success.
  await expect(page.getByText('支付成功').first()).toBeVisible();
  await page.goto(`/?mpCode=${mpCode}`);
  await expect(page.getByTestId('mp-orders').getByTestId('mp-order')).toContainText(company.name);

  testInfo.annotations.push({ type: 'csp', description: describeWatch(csp) });
  for (const path of ['/pay', '/success']) expect([...csp.visited]).toContain(path);
  csp.expectClean();
});
