/**
 * A typed fake of the `wx` the flows use (src/host-wx.ts): storage in a Map, every call recorded,
 * wx.login and wx.requestPayment answering what the test says, wx.request answered by a handler
 * (a function of the URL and headers, or a real HTTP call in the e2e run).
 */
import type { HostWx, RequestPaymentParams, WxError, WxRequestOptions } from './host-wx.ts';
import type { LeavingWx } from './pay-flow.ts';

export interface FakeWx extends LeavingWx {
  storage: Map<string, string>;
  payments: RequestPaymentParams[];
  requests: { url: string; header: Record<string, string> }[];
  toasts: string[];
  navigation: string[];
}

export interface FakeWxOptions {
  loginCode?: string | null;
  /** The errMsg wx.requestPayment answers; 'requestPayment:ok' succeeds. */
  payAnswer?: string | ((params: RequestPaymentParams) => Promise<string>);
  respond(request: { url: string; header: Record<string, string> }): Promise<{ statusCode: number; data: unknown }>;
  /** Whether navigateBack finds a page to go back to. */
  canGoBack?: boolean;
}

export function createFakeWx(options: FakeWxOptions): FakeWx {
  const storage = new Map<string, string>();
  const fake: FakeWx = {
    storage,
    payments: [],
    requests: [],
    toasts: [],
    navigation: [],
    login(callbacks) {
      setTimeout(() => {
        if (options.loginCode) callbacks.success?.({ code: options.loginCode });
        else callbacks.fail?.({ errMsg: 'login:fail' });
      }, 0);
    },
    requestPayment(request) {
      const { success, fail, ...params } = request;
      fake.payments.push(params);
      const answer = typeof options.payAnswer === 'function' ? options.payAnswer(params) : Promise.resolve(options.payAnswer ?? 'requestPayment:ok');
      void answer.then((errMsg) => (errMsg === 'requestPayment:ok' ? success?.({ errMsg }) : fail?.({ errMsg } satisfies WxError)));
    },
    request(request: WxRequestOptions) {
      const entry = { url: request.url, header: request.header ?? {} };
      fake.requests.push(entry);
      options.respond(entry).then(
        (answer) => request.success?.(answer),
        (error: unknown) => request.fail?.({ errMsg: `request:fail ${String(error)}` }),
      );
    },
    getStorageSync: (key) => storage.get(key) ?? '',
    setStorageSync: (key, value) => void storage.set(key, value),
    navigateBack(request) {
      fake.navigation.push('navigateBack');
      if (options.canGoBack === false) request.fail?.({ errMsg: 'navigateBack:fail cannot navigate back at first page.' });
    },
    reLaunch(request) {
      fake.navigation.push(`reLaunch ${request.url}`);
    },
    showToast(request) {
      fake.toasts.push(request.title);
    },
  };
  return fake satisfies HostWx;
}
