import { DEV_DEFAULTS, PHONE_LOOKUP_LIMIT_DEFAULT, type Env } from './env-schema.ts';

/**
 * What production refuses (docs/security.md): public development keys, the sandbox gateway
 * (anyone could mark an order paid), the mock WeChat login (anyone could be anyone), an
 * unsigned API, and an origin taken from the visitor's Host header.
 */
export function productionRefusals(e: Env, providers: readonly string[]): string[] {
  const refusals: string[] = [];
  const defaults = (Object.keys(DEV_DEFAULTS) as Array<keyof typeof DEV_DEFAULTS>).filter((key) => e[key] === DEV_DEFAULTS[key]);
  if (defaults.length > 0) refusals.push(`${defaults.join(', ')}: must be set in production (the development default is public)`);
  if (providers.includes('sandbox')) refusals.push('PAYMENT_PROVIDERS: sandbox lets anyone mark an order paid without paying; not allowed in production (use wechatpay and/or alipay)');
  if (e.WECHAT_AUTH_PROVIDER === 'mock') refusals.push('WECHAT_AUTH_PROVIDER: mock logs anyone in as anyone; not allowed in production (use wechat or none)');
  if (e.WECHAT_AUTH_PROVIDER === 'wechat' && e.WECHAT_MP_APP_ID && (!providers.includes('wechatpay') || e.WECHATPAY_MP_APP_ID !== e.WECHAT_MP_APP_ID)) {
    refusals.push('WECHATPAY_MP_APP_ID: the mini-program login is on (WECHAT_MP_APP_ID), so PAYMENT_PROVIDERS must list wechatpay and WECHATPAY_MP_APP_ID must equal WECHAT_MP_APP_ID, bound to the merchant (docs/decisions/057-mini-program-payment-appid.md)');
  }
  if (!e.SIGNATURE_REQUIRED) refusals.push('SIGNATURE_REQUIRED: false is for debugging only; not allowed in production');
  if (e.DIRECTORY_PROVIDER === 'qichacha' && (!e.QICHACHA_KEY || !e.QICHACHA_SECRET_KEY)) {
    refusals.push('QICHACHA_KEY, QICHACHA_SECRET_KEY: required in production when DIRECTORY_PROVIDER=qichacha');
  }
  if (e.METRICS_PORT !== undefined && !isLoopbackHost(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    refusals.push('METRICS_TOKEN: required in production when METRICS_HOST is not a loopback address (the metrics would be open to the network)');
  }
  if (e.PHONE_LOOKUP_LIMIT > PHONE_LOOKUP_LIMIT_DEFAULT) refusals.push(`PHONE_LOOKUP_LIMIT: above ${PHONE_LOOKUP_LIMIT_DEFAULT} lets a scraper walk phone numbers; raising it is for the benchmark only, not allowed in production`);
  if (!e.PUBLIC_BASE_URL) refusals.push('PUBLIC_BASE_URL: required in production (our own origin, e.g. https://kuaibao.example; never taken from the request)');
  return refusals;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
