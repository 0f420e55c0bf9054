import { expect, test, type Page, type Request } from '@playwright/test';
import { ERROR_CATALOG, submitLabel } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { VALID_PHONE, accessibilityViolations, expectToast, fillPerson, searchAndPick, snapshot, startedUp } from '../support/journey.ts';
import { SERVICE, longPressServiceQr } from '../support/lookup.ts';
import { stubWeChat } from '../support/wechat.ts';

/** The official account's appid in the mock (apps/api/src/config.ts MOCK_WECHAT_APP_IDS). */
const MOCK_APP_ID = 'wxmockofficialacct';

/** Records the authorization hops and the login calls the page makes. */
function watchLogin(page: Page) {
  const authorizations: URL[] = [];
  const logins: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/mock-wechat/connect/oauth2/authorize') authorizations.push(url);
    if (url.pathname === '/api/corp/user/login') logins.push(request);
  });
  return { authorizations, logins };
}

/** The browser's OAuth state cookie (decision 013), if it holds one. */
async function stateCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'kb_oauth_state');
}

/** Opens an official-account address the way WeChat's menu does; the silent authorization runs first. */
async function enterCorp(page: Page, path = '/corp', landmark = 'home'): Promise<void> {
  await page.goto(path);
  await startedUp(page);
  await expect(page.getByTestId(landmark)).toBeVisible();
  await expect(page.getByTestId('loading')).toBeHidden();
}

async function fillAndSubmit(page: Page, company: { name: string }): Promise<void> {
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/corp\/pay$/);
}

test('the official-account visitor authorizes silently, logs in, pays in-app and finds the application under /order', async ({ page, browser, baseURL }, testInfo) => {
  const wechat = await stubWeChat(page, { payOutcome: 'ok' });
  const seen = watchLogin(page);

  await page.goto('/corp');
  // /corp → /corp/ → WeChat's (mock) authorization page with this address as the return → back with a code → logged in → the guarded home drops the code, at /corp/ (the address the server serves without a redirect).
  await startedUp(page);
  await expect(page).toHaveURL(`${baseURL}/corp/`);
  await expect(page.getByTestId('home')).toBeVisible();
  expect(seen.authorizations).toHaveLength(1);
  const authorize = seen.authorizations[0]!;
  expect([...authorize.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
  expect(authorize.searchParams.get('appid')).toBe(MOCK_APP_ID);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseURL}/corp/`);
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('scope')).toBe('snsapi_base');
  // The state the server issued (decision 013), sent back with the code; its cookie was used up by the login.
  const state = authorize.searchParams.get('state');
  expect(state).toMatch(/^[0-9a-f]{32}$/);
  expect(seen.logins).toHaveLength(1);
  const code = await page.evaluate(() => localStorage.getItem('code'));
  expect(seen.logins[0]!.postDataJSON()).toEqual({ login_type: 'weixin', weixin: { code, code_type: 'wx-oa', state } });
  expect(await stateCookie(page)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Home in corp mode: the official-account submit label and the bottom tabs.
  await expect(page.getByTestId('submit')).toHaveText(submitLabel({ goodsType: 'license_year', variant: 'v0', platform: 'wx-oa', now: new Date() }));
  await expect(page.getByTestId('corp-tabs')).toBeVisible();
  await snapshot(page, testInfo, 'corp-home');
  expect(await accessibilityViolations(page)).toEqual([]);

  // An individual business (个体工商户) of its own: a company pays for a service once a year.
  const shop = claimCompany('soleTrader');
  await fillAndSubmit(page, shop);
  // Inside WeChat: WeChat Pay only.
  await expect(page.getByTestId('pay-method-weixin')).toBeVisible();
  await expect(page.getByTestId('pay-method-alipay')).toHaveCount(0);
  await snapshot(page, testInfo, 'corp-pay');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByTestId('pay-now').click();

  // An annual report goes on to its figures after paying, as on the phone's h5 (decision 050).
  await expect(page).toHaveURL(/\/corp\/success$/);
  await expect(page.getByTestId('declaration')).toBeVisible();
  await expect(page.getByTestId('declaration-title')).toHaveText('支付成功');
  await expect(page.getByTestId('decl-input-sale_amount')).toBeVisible();
  await snapshot(page, testInfo, 'corp-declaration-after-paying');
  // Not filed now: the application waits under /order, where its detail leads back to the form.
  await enterCorp(page, '/corp/order?tab=0', 'order-item');
  const payCalls = wechat.calls.filter((call) => call.name === 'getBrandWCPayRequest');
  expect(payCalls).toHaveLength(1);
  expect(Object.keys(payCalls[0]!.params).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
  expect(payCalls[0]!.params).toMatchObject({
    appId: 'wxsandbox000000000',
    signType: 'RSA',
    package: expect.stringMatching(/^prepay_id=SBX_KB\d+P\d\d$/),
    timeStamp: expect.stringMatching(/^\d{10}$/),
    nonceStr: expect.stringMatching(/^[0-9a-f]{32}$/),
  });

  const item = page.getByTestId('order-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(shop.name);
  await expect(item).toContainText(shop.legal);
  await expect(item.getByTestId('status-badge')).toHaveText('待处理');
  await expect(item.getByTestId('status-badge')).toHaveAttribute('data-status-class', 'pending');
  await expect(page.getByTestId('order-tab-0')).toHaveAttribute('aria-selected', 'true');
  await snapshot(page, testInfo, 'corp-order-list');
  expect(await accessibilityViolations(page)).toEqual([]);

  await item.click();
  await expect(page).toHaveURL(/\/corp\/orderDetail\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByTestId('corp-detail-handler')).toHaveText('待分配');
  await expect(page.getByTestId('corp-detail-legal')).toHaveText(shop.legal);
  await expect(page.getByTestId('corp-detail-phone')).toHaveText(VALID_PHONE);
  await expect(page.getByTestId('corp-detail-idno')).toHaveText('110***********002X');
  await expect(page.getByTestId('corp-detail-name')).toHaveText(shop.name);
  await expect(page.getByTestId('corp-detail-credit-code')).toHaveText(/^[0-9A-Z]{18}$/);
  await expect(page.getByTestId('corp-detail-fee')).toHaveText('¥199.00');
  await expect(page.getByTestId('corp-detail-notes')).toContainText('国家企业信用信息公示系统');
  await expect(page.getByTestId('corp-detail-declare')).toBeVisible();
  // 申请发票 in /corp/ on the login alone (docs/decisions/060-invoices.md).
  await expect(page.getByTestId('invoice-card')).toBeVisible();
  await expect(page.getByTestId('invoice-open')).toBeVisible();
  await snapshot(page, testInfo, 'corp-order-detail');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The annual report still needs its figures: the detail leads into the declaration.
  await page.getByTestId('corp-detail-declare').click();
  await expect(page).toHaveURL(/\/corp\/success$/);
  await expect(page.getByTestId('declaration')).toContainText('支付成功');
  // Filed on the login alone: the x-token shows the order is this visitor's; no edit key is kept (decision 012).
  const filed = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/h5/order');
  await page.getByTestId('decl-zero').click();
  await page.getByTestId('decl-zero-submit').click();
  const declaration = await filed;
  expect(declaration.headers()['x-token']).toBe(await page.evaluate(() => localStorage.getItem('token')));
  expect(declaration.postDataJSON()).toMatchObject({ id: orderId, entity_extra: { sale_amount: '0', tax_amount: '0' } });
  expect(declaration.postDataJSON()).not.toHaveProperty('edit_key');
  await expect(page.getByTestId('decl-done')).toContainText('已提交给办理专员');

  // Another WeChat visitor (another browser, another pretend account) cannot see this order.
  const other = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent), viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await stubWeChat(otherPage);
  await otherPage.goto(`/corp/orderDetail?id=${orderId}`);
  await expect(otherPage.getByTestId('corp-order-missing')).toBeVisible();
  await otherPage.goto('/corp/order');
  await expect(otherPage.getByTestId('order-empty')).toHaveText('暂无内容');
  await other.close();
});

test('a link carrying someone else’s code and state logs the visitor into their own account, never the sender’s (decision 013)', async ({ page, browser, baseURL }) => {
  // The sender: starts the authorization in their own browser and keeps the address WeChat returns, code unused.
  const sender = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent), viewport: { width: 390, height: 844 } });
  const senderPage = await sender.newPage();
  await stubWeChat(senderPage);
  let link = '';
  await senderPage.route('**/mock-wechat/connect/oauth2/authorize?**', async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    link ||= answer.headers().location ?? '';
    // The sender stops here instead of following the redirect: the code stays unused.
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>held</title>' });
  });
  await senderPage.goto('/corp/');
  await expect.poll(() => link).toMatch(/\/corp\/\?code=[^&]+&state=[0-9a-f]{32}$/);
  const senderCode = new URL(link).searchParams.get('code');
  expect(await stateCookie(senderPage)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/corp/user/login' });

  // The victim opens the link in a fresh WebView: the server refuses the code, the page authorizes the victim silently.
  await stubWeChat(page);
  const seen = watchLogin(page);
  const answers: Array<{ status: number; code: unknown }> = [];
  await page.route('**/api/corp/user/login?**', async (route) => {
    const response = await route.fetch();
    answers.push({ status: response.status(), code: ((await response.json()) as { code: unknown }).code });
    await route.fulfill({ response });
  });
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  // Two page loads and a trip through the authorization page before the home shows.
  await expect(page.getByTestId('home')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${baseURL}/corp/`);
  expect(seen.logins.map((request) => (request.postDataJSON() as { weixin: { code: string } }).weixin.code)[0]).toBe(senderCode);
  expect(answers).toEqual([
    { status: 403, code: ERROR_CATALOG.WECHAT_STATE_INVALID.code },
    { status: 200, code: 0 },
  ]);
  expect(seen.authorizations).toHaveLength(1);
  expect(seen.logins).toHaveLength(2);
  const victimCode = await page.evaluate(() => localStorage.getItem('code'));
  expect(victimCode).not.toBe(senderCode);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // That the sender's code was never exchanged (it still works in the sender's browser) is shown in corp.routes.test.ts.
  await sender.close();
});

test('a canceled or failed in-app payment says so and stays on the pay page', async ({ page }) => {
  const wechat = await stubWeChat(page, { payOutcome: 'cancel' });
  await enterCorp(page);
  await fillAndSubmit(page, claimCompany());

  await page.getByTestId('pay-now').click();
  await expectToast(page, '支付已取消');
  await expect(page).toHaveURL(/\/corp\/pay$/);
  await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');

  wechat.setPayOutcome('fail');
  await expect(page.getByTestId('pay-now')).toBeEnabled();
  await page.getByTestId('pay-now').click();
  await expectToast(page, '支付失败');
  await expect(page).toHaveURL(/\/corp\/pay$/);
  expect(wechat.calls.filter((call) => call.name === 'getBrandWCPayRequest')).toHaveLength(2);

  // A new visit finds the stored order unpaid, forgets it and starts at home (docs/product/orders-and-statuses.md#start-up step 3); nothing was paid, so no applications.
  await enterCorp(page, '/corp/order');
  expect(await page.evaluate(() => localStorage.getItem('orderId'))).toBeNull();
  await page.getByTestId('tab-my').click();
  await page.getByTestId('my-all-orders').click();
  await expect(page.getByTestId('order-empty')).toHaveText('暂无内容');
});

test('/my: default avatar, name, shortcuts to the order tabs, customer service QR with long press and save, bottom tabs', async ({ page }, testInfo) => {
  await stubWeChat(page);
  await enterCorp(page, '/corp/my', 'my-page');
  // The code and state WeChat returned with are used, then removed from the address (decision 013).
  await expect(page).toHaveURL(/\/corp\/my$/);
  await expect(page.getByTestId('my-name')).toHaveText('微信用户');
  await expect(page.getByTestId('corp-tabs').getByTestId('tab-my')).toHaveAttribute('aria-current', 'page');
  // One shortcut per service with goods: 年报 (not 年检), and no 执照办理, which has no service.
  const labels = [
    [0, '年报'],
    [1, '注销'],
    [3, '信用修复'],
  ] as const;
  for (const [tab, label] of labels) {
    await expect(page.getByTestId(`my-shortcut-${tab}`)).toHaveText(label);
    await expect(page.getByTestId(`my-shortcut-${tab}`)).toHaveAttribute('href', `/corp/order?tab=${tab}`);
  }
  await expect(page.getByTestId('my-shortcut-2')).toHaveCount(0);
  await snapshot(page, testInfo, 'corp-my');
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByTestId('my-shortcut-1').click();
  await expect(page).toHaveURL(/\/corp\/order\?tab=1$/);
  await expect(page.getByTestId('order-tab-1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('order-tab-2')).toHaveCount(0);
  await page.getByTestId('order-tab-3').click();
  await expect(page).toHaveURL(/\/corp\/order\?tab=3$/);
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(/\/corp\/my/);

  await page.getByTestId('my-service').click();
  const dialog = page.getByTestId('service-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('在线客服');
  const download = page.waitForEvent('download');
  await dialog.getByTestId('service-save').click();
  expect((await download).suggestedFilename()).toBe('客服二维码.png');

  // About a second's press on the QR opens the service link (a phone cannot scan its own screen).
  await page.route(`${new URL(SERVICE.link).origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>客服</title>' }));
  await longPressServiceQr(page, dialog.getByTestId('service-qr'));
  await expect(page).toHaveURL(SERVICE.link);
});

test('a session that ran out while the page was open is renewed through the silent authorization', async ({ page }) => {
  await stubWeChat(page);
  const seen = watchLogin(page);
  await enterCorp(page);
  expect(seen.authorizations).toHaveLength(1);
  const firstToken = await page.evaluate(() => localStorage.getItem('token'));

  // The stored token stops working (expired on the server): the next call answers 401 and the page authorizes again.
  await page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
  await page.getByTestId('tab-my').click();
  await expect(page.getByTestId('my-name')).toHaveText('微信用户');
  // Start-up removes the spent code from the address once the login has used it (decision 013).
  await expect(page).toHaveURL(/\/corp\/my$/);
  expect(seen.authorizations).toHaveLength(2);
  expect(seen.authorizations[1]!.searchParams.get('redirect_uri')).toMatch(/\/corp\/my$/);
  const renewed = await page.evaluate(() => localStorage.getItem('token'));
  expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(renewed).not.toBe(firstToken);

  // A reload of the address WeChat returned to keeps the session: its code is already spent.
  await page.reload();
  await expect(page.getByTestId('my-name')).toHaveText('微信用户');
  expect(seen.logins).toHaveLength(2);
});
