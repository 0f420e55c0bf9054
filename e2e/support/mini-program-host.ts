import { expect, type Page } from '@playwright/test';
import { MINI_PROGRAM_HOME_PAGE } from '@kuaibao/domain';
import { createHostApi } from '../../apps/mini-program/src/host-api.ts';
import type { RequestPaymentParams, WxError } from '../../apps/mini-program/src/host-wx.ts';
import { keepPostedToken, loginAndOpenUrl, takeReturnPath, webViewUrl } from '../../apps/mini-program/src/login-flow.ts';
import { leavePayPage, payHandedOffOrder, type LeavingWx, type PayOutcome } from '../../apps/mini-program/src/pay-flow.ts';
import { claimCompany } from './companies.ts';
import { fillPerson, searchAndPick } from './journey.ts';
import type { BridgeStub } from './wechat.ts';

/** The server's development client keys (the e2e servers run with APP_ENV=test and no keys set). */
const DEV_KEYS = { signSecret: 'kuaibao-dev-sign-secret', aesKey: '6b75616962616f2d6465762d61657321' };

/** What WeChat's client does on requestPayment: pays the prepay at the gateway; false when it could not. */
export type PayPrepay = (params: RequestPaymentParams, orderId: string) => Promise<boolean>;

/**
 * The host mini-program's `wx` in Node (apps/mini-program/src/host-wx.ts), since WeChat's runtime
 * is not available here: login hands out a mock code, requests are real HTTP calls to the server,
 * requestPayment pays as WeChat's client would (`payPrepay`) and answers requestPayment:ok.
 */
export function hostWx(loginCode: string, payPrepay: PayPrepay, currentOrder: () => string) {
  const storage = new Map<string, string>();
  const payments: RequestPaymentParams[] = [];
  const navigation: string[] = [];
  const wx: LeavingWx = {
    login: (callbacks) => callbacks.success?.({ code: loginCode }),
    requestPayment(request) {
      const { success, fail, ...params } = request;
      payments.push(params);
      payPrepay(params, currentOrder()).then(
        (paid) => (paid ? success?.({ errMsg: 'requestPayment:ok' }) : fail?.({ errMsg: 'requestPayment:fail' } satisfies WxError)),
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

/**
 * The mini-program variant driven by the host's own logic (apps/mini-program/src): the entry page's
 * login opens the web-view, the visitor orders a cancellation, the hand-off to
 * `/pages/pay/index?data=…` is paid by the pay page's logic, and the web-view goes where the host
 * sends it. Answers the pay page's outcome and the host's record of what it did.
 */
export async function payThroughHost(page: Page, baseURL: string, bridge: BridgeStub, payPrepay: PayPrepay) {
  const company = claimCompany();
  let orderId = '';
  const host = hostWx(`mphost.${Date.now().toString(36)}`, payPrepay, () => orderId);

  // The entry page: wx.login, then the web-view with mpCode.
  const entry = await loginAndOpenUrl(host.wx, baseURL);
  expect(new URL(entry).searchParams.get('mpCode')).toMatch(/^mphost\./);
  await page.goto(entry);
  await expect(page.getByTestId('home')).toBeVisible();
  // The web-view posts its token; the entry page keeps it for the payment (bindmessage's detail.data).
  const hostCalls = () => bridge.calls.filter((call) => call.name === 'invokeMiniProgramAPI');
  await expect.poll(() => hostCalls().length).toBe(1);
  expect(keepPostedToken(host.wx, { data: [(hostCalls()[0]!.params as { arg: unknown }).arg] })).toBe(true);

  // An order in the web-view, as a visitor makes it (a cancellation: the authorisation first, decision 035).
  await orderCancellationAndPay(page, company.name);

  // The hand-off: the host's pay page opened with ?data=.
  await expect.poll(() => hostCalls().length).toBe(2);
  const navigate = hostCalls()[1]!.params as { name: string; arg: { url: string } };
  expect(navigate.name).toBe('navigateTo');
  const target = new URL(navigate.arg.url, 'https://mini.program');
  expect(target.pathname).toBe('/pages/pay/index');
  orderId = (JSON.parse(Buffer.from(target.searchParams.get('data')!, 'base64').toString('utf8')) as { order: { orderId: string } }).order.orderId;

  // The pay page's logic: ask our API, wx.requestPayment with the API's parameters, confirm, leave.
  const api = createHostApi({ wx: host.wx, config: { baseUrl: baseURL, ...DEV_KEYS } });
  const outcome: PayOutcome = await payHandedOffOrder({ wx: host.wx, api }, target.searchParams.get('data') ?? undefined);
  leavePayPage(host.wx, MINI_PROGRAM_HOME_PAGE, outcome);

  // The entry page shows again and sends the web-view where the pay page said.
  const path = takeReturnPath(host.wx);
  if (path) await page.goto(webViewUrl(baseURL, path));
  return { outcome, host, path, orderId };
}

/** A cancellation ordered in the web-view as a visitor makes it, the authorisation signed first (decision 035), then 立即办理. */
export async function orderCancellationAndPay(page: Page, companyName: string): Promise<void> {
  await page.getByTestId('goods-2').click();
  await searchAndPick(page, companyName, companyName);
  await fillPerson(page);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('idno-consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
  const legal = /法定代表人（负责人）：(.+?)受托人/.exec((await page.getByTestId('authorization-text').textContent()) ?? '')![1]!;
  await page.getByTestId('authorization-signer').fill(legal);
  await page.getByTestId('authorization-tick').check();
  await page.getByTestId('pay-now').click();
}
