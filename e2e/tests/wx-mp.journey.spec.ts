import { expect, test, type Request } from '@playwright/test';
import { submitLabel } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, fillPerson, searchAndPick, snapshot, VALID_ID } from '../support/journey.ts';
import { setProcessStatus, stubWeChat } from '../support/wechat.ts';

/** The JSON a base64 text carries (UTF-8). */
function decodeBase64Json(text: string): unknown {
  return JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
}

test('inside a mini-program: mpCode login posted to the host, weixin only, hand-off to the host’s pay page, status on home', async ({ page }, testInfo) => {
  const company = claimCompany();
  const wechat = await stubWeChat(page, { miniProgram: true });
  const logins: Request[] = [];
  const corpIds = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/h5/user/login') logins.push(request);
    if (url.pathname.startsWith('/api/')) corpIds.add(request.headers()['b-corp-id'] ?? '');
  });

  // The host opens the web-view with the code of its wx.login().
  const mpCode = `mpvisitor1.${Date.now().toString(36)}`;
  await page.goto(`/?mpCode=${mpCode}`);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect.poll(() => logins.length).toBe(1);
  expect(logins[0]!.postDataJSON()).toEqual({ login_type: 'weixin', weixin: { code: mpCode, code_type: 'wx-mp' } });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate(() => localStorage.getItem('corpId'))).toBe('10006');
  // The token goes to the host mini-program, through the bridge as wx.miniProgram.postMessage does it.
  await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(1);
  expect(wechat.calls.find((call) => call.name === 'invokeMiniProgramAPI')!.params).toEqual({ name: 'postMessage', arg: { token } });

  // Not the official-account variant: no bottom tabs, the palette variant's submit label.
  await expect(page.getByTestId('corp-tabs')).toHaveCount(0);
  await expect(page.getByTestId('submit')).toHaveText(submitLabel({ goodsType: 'license_year', variant: 'v0', platform: 'wx-mp', now: new Date() }));
  await snapshot(page, testInfo, 'wx-mp-home');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByTestId('goods-2').click();
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  // Inside WeChat: WeChat Pay only.
  await expect(page.getByTestId('pay-method-weixin')).toBeVisible();
  await expect(page.getByTestId('pay-method-alipay')).toHaveCount(0);
  await snapshot(page, testInfo, 'wx-mp-pay');
  expect(await accessibilityViolations(page)).toEqual([]);

  // A cancellation: the legal representative confirms the authorisation first (decision 035).
  const legal = /法定代表人（负责人）：(.+?)受托人/.exec((await page.getByTestId('authorization-text').textContent()) ?? '')![1]!;
  await page.getByTestId('authorization-signer').fill(legal);
  await page.getByTestId('authorization-tick').check();
  // 'Handle now' hands off to the mini-program's pay page with the order and the form as base64 JSON.
  await page.getByTestId('pay-now').click();
  await expect.poll(() => wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(2);
  const navigate = wechat.calls.filter((call) => call.name === 'invokeMiniProgramAPI')[1]!.params as { name: string; arg: { url: string } };
  expect(navigate.name).toBe('navigateTo');
  const target = new URL(navigate.arg.url, 'https://mini.program');
  expect(target.pathname).toBe('/pages/pay/index');
  const handoff = decodeBase64Json(target.searchParams.get('data')!) as {
    order: { orderId: string; payFee: number; payParam: string };
    form: Record<string, string>;
  };
  expect(handoff.order).toMatchObject({ orderId: expect.any(String), payFee: 69900 });
  expect(JSON.parse(handoff.order.payParam)).toMatchObject({ appId: 'wxsandbox000000000', signType: 'RSA', package: expect.stringMatching(/^prepay_id=SBX_KB\d+P\d\d$/) });
  expect(handoff.form).toEqual({
    goods_id: '2',
    pay_type: 'weixin',
    pay_source: 'jsapi',
    entity_name: company.name,
    entity_id: expect.stringMatching(/^[0-9A-Z]{18}$/),
    entity_legal: expect.any(String),
    entity_phone: '13812345678',
  });
  expect(target.searchParams.get('data')).not.toContain(VALID_ID);
  expect(JSON.stringify(handoff)).not.toContain(VALID_ID);
  // The order's edit key stays in the web-view (decision 012); the host's address never carries it.
  expect(JSON.stringify(handoff)).not.toMatch(/edit_?key/i);
  expect(await page.evaluate(() => localStorage.getItem('orderKey'))).toMatch(/^[A-Za-z0-9_-]{32}$/);

  // The mini-program pays (the sandbox stands in for wx.requestPayment), and the visitor comes back to the web-view.
  const outTradeNo = /^prepay_id=SBX_(.+)$/.exec((JSON.parse(handoff.order.payParam) as { package: string }).package)![1]!;
  const paid = await page.request.post(`/sandbox/cashier/${outTradeNo}/pay`, { form: {} });
  expect(paid.ok()).toBe(true);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('支付成功').first()).toBeVisible();

  // Home shows the query result: the visitor's application with its handling status colour.
  await page.goto(`/?mpCode=${mpCode}`);
  const order = page.getByTestId('mp-orders').getByTestId('mp-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(company.name);
  await expect(order.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'pending');
  await snapshot(page, testInfo, 'wx-mp-home-orders');
  expect(await accessibilityViolations(page)).toEqual([]);
  for (const [status, name, colour] of [
    ['4', '处理中', 'processing'],
    ['2', '已完成', 'completed'],
    ['5', '已结束', 'ended'],
  ] as const) {
    setProcessStatus(handoff.order.orderId, status, name);
    await page.reload();
    await expect(order.getByTestId('status-badge')).toHaveText(name);
    await expect(order.getByTestId('status-badge')).toHaveAttribute('data-status-class', colour);
  }
  // The same mpCode again is not a new login.
  expect(logins).toHaveLength(1);
  expect([...corpIds].filter(Boolean)).toEqual(['10006']);
});
