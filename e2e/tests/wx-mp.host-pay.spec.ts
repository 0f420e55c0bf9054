import { expect, test } from '@playwright/test';
import { MINI_PROGRAM_HOME_PAGE } from '@kuaibao/domain';
import { createHostApi } from '../../apps/mini-program/src/host-api.ts';
import type { RequestPaymentParams, WxError } from '../../apps/mini-program/src/host-wx.ts';
import { keepPostedToken, loginAndOpenUrl, takeReturnPath, webViewUrl } from '../../apps/mini-program/src/login-flow.ts';
import { leavePayPage, payHandedOffOrder, type LeavingWx } from '../../apps/mini-program/src/pay-flow.ts';
import { claimCompany } from '../support/companies.ts';
import { fillPerson, searchAndPick } from '../support/journey.ts';
import { stubWeChat } from '../support/wechat.ts';

/** The server's development client keys (the e2e server runs with APP_ENV=test and no keys set). */
const DEV_KEYS = { signSecret: 'kuaibao-dev-sign-secret', aesKey: '6b75616962616f2d6465762d61657321' };

/**
 * The host mini-program's own logic (apps/mini-program/src) driving the mini-program variant in
 * Chromium, since WeChat's runtime is not available here: its `wx` is a stand-in whose login
 * hands out a mock code, whose requests are real HTTP calls to the server, and whose
 * requestPayment pays the prepay named by `package` at the sandbox's cashier, as WeChat's client
 * pays it, before answering requestPayment:ok. The web-view is the Playwright page.
 */
function hostWx(baseURL: string, loginCode: string) {
  const storage = new Map<string, string>();
  const payments: RequestPaymentParams[] = [];
  const navigation: string[] = [];
  const wx: LeavingWx = {
    login: (callbacks) => callbacks.success?.({ code: loginCode }),
    requestPayment(request) {
      const { success, fail, ...params } = request;
      payments.push(params);
      const outTradeNo = /^prepay_id=SBX_(.+)$/.exec(params.package)?.[1];
      if (!outTradeNo) return fail?.({ errMsg: 'requestPayment:fail prepay_id unknown' } satisfies WxError);
      void fetch(`${baseURL}/sandbox/cashier/${encodeURIComponent(outTradeNo)}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }).then(
        (paid) => (paid.ok ? success?.({ errMsg: 'requestPayment:ok' }) : fail?.({ errMsg: `requestPayment:fail ${paid.status}` })),
        () => fail?.({ errMsg: 'requestPayment:fail network' }),
      );
    },
    request(request) {
      void fetch(request.url, { method: request.method ?? 'GET', headers: request.header ?? {}, ...(request.data ? { body: request.data } : {}) })
        .then(async (response) => ({ statusCode: response.status, data: JSON.parse(await response.text()) as unknown }))
        .then(
          (answer) => request.success?.(answer),
          (error: unknown) => request.fail?.({ errMsg: `request:fail ${String(error)}` }),
        );
    },
    getStorageSync: (key) => storage.get(key) ?? '',
    setStorageSync: (key, value) => void storage.set(key, value),
    navigateBack: () => void navigation.push('navigateBack'),
    reLaunch: (request) => void navigation.push(`reLaunch ${request.url}`),
    showToast: () => undefined,
  };
  return { wx, storage, payments, navigation };
}

test('the host mini-program: wx.login’s code opens the web-view, the hand-off is paid by the pay page’s logic, the web-view lands on the success page', async ({ page, baseURL }) => {
  const company = claimCompany();
  const bridge = await stubWeChat(page, { miniProgram: true });
  const host = hostWx(baseURL!, `mphost1.${Date.now().toString(36)}`);

  // The entry page: wx.login, then the web-view with mpCode.
  const entry = await loginAndOpenUrl(host.wx, baseURL!);
  expect(new URL(entry).searchParams.get('mpCode')).toMatch(/^mphost1\./);
  await page.goto(entry);
  await expect(page.getByTestId('home')).toBeVisible();
  // The web-view posts its token; the entry page keeps it for the payment (bindmessage's detail.data).
  await expect.poll(() => bridge.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(1);
  const posted = bridge.calls.find((call) => call.name === 'invokeMiniProgramAPI')!.params as { name: string; arg: unknown };
  expect(keepPostedToken(host.wx, { data: [posted.arg] })).toBe(true);

  // An order in the web-view, as a visitor makes it.
  await page.getByTestId('goods-2').click();
  await searchAndPick(page, company.name, company.name);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  const legal = /法定代表人（负责人）：(.+?)受托人/.exec((await page.getByTestId('authorization-text').textContent()) ?? '')![1]!;
  await page.getByTestId('authorization-signer').fill(legal);
  await page.getByTestId('authorization-tick').check();
  await page.getByTestId('pay-now').click();

  // The hand-off: the host's pay page opened with ?data=.
  await expect.poll(() => bridge.calls.filter((call) => call.name === 'invokeMiniProgramAPI').length).toBe(2);
  const navigate = bridge.calls.filter((call) => call.name === 'invokeMiniProgramAPI')[1]!.params as { name: string; arg: { url: string } };
  expect(navigate.name).toBe('navigateTo');
  const target = new URL(navigate.arg.url, 'https://mini.program');
  expect(target.pathname).toBe('/pages/pay/index');

  // The pay page's logic: ask our API, wx.requestPayment with the API's parameters, confirm, leave.
  const api = createHostApi({ wx: host.wx, config: { baseUrl: baseURL!, ...DEV_KEYS } });
  const outcome = await payHandedOffOrder({ wx: host.wx, api }, target.searchParams.get('data') ?? undefined);
  expect(outcome.kind).toBe('paid');
  expect(host.payments).toHaveLength(1);
  expect(host.payments[0]!.package).toMatch(/^prepay_id=SBX_KB\d+P\d\d$/);
  leavePayPage(host.wx, MINI_PROGRAM_HOME_PAGE, outcome);
  expect(host.navigation).toEqual(['navigateBack']);

  // The entry page shows again and sends the web-view where the pay page said.
  const path = takeReturnPath(host.wx);
  expect(path).toBe('/success');
  await page.goto(webViewUrl(baseURL!, path));
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('支付成功').first()).toBeVisible();
});
