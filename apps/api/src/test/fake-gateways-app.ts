import { startFakeAlipayGateway, startFakeWechatpayGateway, type FakeAlipayGateway, type FakeNotification, type FakeWechatpayGateway } from '@kuaibao/testing';
import { useShanghaiTimezone } from '../config.ts';
import { buildTestApp, type Dialect, type TestApp } from './helper.ts';

/**
 * A whole test app wired to both fake gateways (WeChat Pay and Alipay on 127.0.0.1), with the
 * fakes on the app's test clock. Notifications are delivered through the app's HTTP pipeline
 * (inject), exactly as the real providers' would arrive at /api/pay/notify/<provider>.
 */
export interface FakeGatewaysApp {
  test: TestApp;
  wechat: FakeWechatpayGateway;
  alipay: FakeAlipayGateway;
  /** Posts a WeChat-shaped notification to our notify route. */
  notifyWechat(notification: FakeNotification): Promise<{ status: number; body: string }>;
  notifyAlipay(notification: { headers: Record<string, string>; body: string }): Promise<{ status: number; body: string }>;
  /** Posts a WeChat complaint notification (投诉通知回调) to our complaint notify route. */
  notifyWechatComplaint(notification: FakeNotification): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export const TEST_NOTIFY_BASE_URL = 'https://kuaibao.test';

/** `wechatLogin`: the WeChat login goes to the fake too (the real adapter; openids issued per app, as WeChat Pay then checks). */
export async function buildAppWithFakeGateways(options: { dialect?: Dialect; providers?: string; env?: Record<string, string>; wechatLogin?: boolean } = {}): Promise<FakeGatewaysApp> {
  // This set-up starts an app with Alipay, so it does what server.ts does at process start.
  useShanghaiTimezone();
  let clock: { now: Date } | undefined;
  const now = () => clock?.now ?? new Date();
  const wechat = await startFakeWechatpayGateway({ now, requireHttpsNotify: true });
  const alipay = await startFakeAlipayGateway({ now });
  const test = await buildTestApp({
    ...(options.dialect ? { dialect: options.dialect } : {}),
    companies: 500,
    env: {
      PAYMENT_PROVIDERS: options.providers ?? 'wechatpay,alipay',
      NOTIFY_BASE_URL: TEST_NOTIFY_BASE_URL,
      ...wechat.env(),
      ...alipay.env(),
      ...(options.wechatLogin ? wechat.loginEnv() : {}),
      ...options.env,
    },
  });
  clock = test.clock;
  const post = async (url: string, notification: { headers: Record<string, string>; body: string }) => {
    const response = await test.app.inject({ method: 'POST', url, headers: notification.headers, payload: notification.body });
    return { status: response.statusCode, body: response.body };
  };
  alipay.deliver = async (notification) => (await post('/api/pay/notify/alipay', notification)).status;
  // By the notify URL's path: payments and refunds at /api/pay/notify/wechat, complaints at their own.
  wechat.deliver = async (notification, notifyUrl) => (await post(new URL(notifyUrl, TEST_NOTIFY_BASE_URL).pathname, notification)).status;
  return {
    test,
    wechat,
    alipay,
    notifyWechat: (notification) => post('/api/pay/notify/wechat', notification),
    notifyAlipay: (notification) => post('/api/pay/notify/alipay', notification),
    notifyWechatComplaint: (notification) => post('/api/pay/notify/wechat-complaints', notification),
    async close() {
      await test.close();
      await wechat.close();
      await alipay.close();
    },
  };
}
