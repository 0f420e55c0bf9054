import { ConfigError, runsInShanghaiTime, type Config } from '../../config.ts';
import { assertKnownPaymentProviders, createPaymentProviders, type PaymentProviders } from './index.ts';
import { createAlipayProvider } from './alipay/alipay.provider.ts';
import type { PaymentProvider } from './port.ts';
import { createSandboxGateway, type SandboxGateway, type SandboxNotification, type SandboxStore } from './sandbox/sandbox-gateway.ts';
import { NOTIFY_PATH_SEGMENTS } from './index.ts';
import { createSandboxProvider } from './sandbox/sandbox.provider.ts';
import type { ComplaintsApi } from './complaints-port.ts';
import { createWechatpayComplaints } from './wechatpay/wechatpay-complaints.ts';
import { createWechatpayProvider } from './wechatpay/wechatpay.provider.ts';

/** Where WeChat Pay posts complaint notifications (registered once in the merchant platform or through its complaint-notifications API). */
export const WECHAT_COMPLAINT_NOTIFY_PATH = '/api/pay/notify/wechat-complaints';

/** Where a provider posts its notifications: one generic route, the provider's path segment last. */
export function notifyUrlFor(notifyBaseUrl: string, provider: 'wechatpay' | 'alipay'): string {
  return `${notifyBaseUrl}/api/pay/notify/${NOTIFY_PATH_SEGMENTS[provider]}`;
}

/**
 * Builds the configured payment providers once, at boot. Unknown or unbuilt names stop the boot.
 * What a provider keeps is handed in by the composition root (app.ts), never the database.
 */
export function buildPaymentProviders(deps: {
  config: Config;
  /** the sandbox gateway's trade book; read only when the sandbox is configured */
  sandboxStore: SandboxStore;
  now: () => Date;
  deliverSandboxNotification: (notification: SandboxNotification) => Promise<number>;
  /** Wraps each built provider (app.ts times its calls: observability/gateway-metrics.ts). */
  wrap?: (provider: PaymentProvider) => PaymentProvider;
}): { providers: PaymentProviders; sandbox: SandboxGateway | undefined; complaints: ComplaintsApi | undefined } {
  const ids = assertKnownPaymentProviders(deps.config.payment.providers);
  const built: PaymentProvider[] = [];
  let sandbox: SandboxGateway | undefined;
  let complaints: ComplaintsApi | undefined;
  for (const id of ids) {
    if (id === 'sandbox') {
      // config.ts refuses this already; a Config built by hand must not get past it either.
      if (deps.config.env === 'prod') throw new ConfigError('Invalid configuration: PAYMENT_PROVIDERS: sandbox is not allowed in production');
      sandbox = createSandboxGateway({
        store: deps.sandboxStore,
        notifyKey: deps.config.payment.sandboxNotifyKey,
        now: deps.now,
        deliver: deps.deliverSandboxNotification,
      });
      built.push(createSandboxProvider({ gateway: sandbox, notifyKey: deps.config.payment.sandboxNotifyKey, now: deps.now }));
    } else {
      // config.ts has already checked every variable these need and named the missing ones.
      const { notifyBaseUrl, wechatpay, alipay } = deps.config.payment;
      if (!notifyBaseUrl) throw new ConfigError('Invalid configuration:\n  NOTIFY_BASE_URL: required when PAYMENT_PROVIDERS lists wechatpay or alipay');
      if (id === 'wechatpay') {
        if (!wechatpay) throw new ConfigError('Invalid configuration:\n  WECHATPAY_*: missing');
        built.push(createWechatpayProvider({ config: wechatpay, notifyUrl: notifyUrlFor(notifyBaseUrl, 'wechatpay'), now: deps.now }));
        complaints = createWechatpayComplaints({ config: wechatpay, now: deps.now });
      } else {
        if (!alipay) throw new ConfigError('Invalid configuration:\n  ALIPAY_*: missing');
        // The process's time zone is set where it starts (server.ts), not here: refuse rather than stamp requests 8 hours off.
        if (!runsInShanghaiTime()) throw new ConfigError('Invalid configuration: PAYMENT_PROVIDERS lists alipay but the process does not run in Asia/Shanghai time (call useShanghaiTimezone() where the process starts)');
        built.push(createAlipayProvider({ config: alipay, notifyUrl: notifyUrlFor(notifyBaseUrl, 'alipay'), now: deps.now }));
      }
    }
  }
  // Real providers first, so the sandbox serves only the pay types nothing else covers.
  built.sort((a, b) => Number(a.id === 'sandbox') - Number(b.id === 'sandbox'));
  return { providers: createPaymentProviders(built.map((provider) => deps.wrap?.(provider) ?? provider)), sandbox, complaints };
}
