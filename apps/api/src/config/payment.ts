import { invalidConfiguration } from './errors.ts';
import { privateKeyPem, publicKeyPem } from './keys.ts';
import type { Env } from './env-schema.ts';

/** WeChat Pay API v3, direct merchant. Keys are normalised PEM (PKCS#8 private, SPKI public). */
export interface WechatpayConfig {
  mchId: string;
  /** The official account's appid: web (native, h5) and official-account (jsapi) payments are made under it. */
  appId: string;
  /** The mini-program's appid bound to the same merchant (WECHATPAY_MP_APP_ID): mini-program payments are made under it; unset: none. */
  miniProgramAppId: string | undefined;
  merchantSerial: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  /** Verification keys of WeChat's signatures by `Wechatpay-Serial`: the public key id and/or platform certificate serials. */
  verificationKeys: Readonly<Record<string, string>>;
  baseUrl: string;
  timeoutMs: number;
}

/** Alipay open platform (classic gateway, public-key mode). Keys are normalised PEM. */
export interface AlipayConfig {
  appId: string;
  appPrivateKey: string;
  alipayPublicKey: string;
  gatewayUrl: string;
  endpoint: string;
  sellerId: string | undefined;
  timeoutMs: number;
  /** Desktop (native): a QR code from precreate, or the page.pay cashier redirect. */
  desktopProduct: 'precreate' | 'page';
}

export interface PaymentConfig {
  providers: readonly string[];
  sandboxNotifyKey: string;
  expiryMinutes: number;
  /** Origin the real providers send notifications to (`<origin>/api/pay/notify/<provider>`). */
  notifyBaseUrl: string | undefined;
  /** How often the reconciliation and refund sweeps run; 0 turns them off. */
  sweepIntervalSeconds: number;
  /** The daily bill reconciliation (decision 039): how often a round runs (0: off) and the Beijing hour bills are ready. */
  reconciliation: { intervalMs: number; readyHour: number };
  wechatpay: WechatpayConfig | undefined;
  alipay: AlipayConfig | undefined;
}

/** PAYMENT_PROVIDERS as a list of provider ids (checked against the known ones when the providers are built). */
export function paymentProviderIds(e: Env): string[] {
  return e.PAYMENT_PROVIDERS.split(',').map((p) => p.trim()).filter(Boolean);
}

/** The payment settings: the sandbox's, the sweeps', and WeChat Pay's and Alipay's when listed. */
export function paymentSettings(e: Env, providers: readonly string[]): PaymentConfig {
  return {
    providers,
    sandboxNotifyKey: e.SANDBOX_NOTIFY_KEY,
    expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
    ...realPaymentProviders(e, providers),
    sweepIntervalSeconds: e.PAYMENT_SWEEP_INTERVAL_SECONDS,
    reconciliation: { intervalMs: e.RECONCILIATION_INTERVAL_MS, readyHour: e.RECONCILIATION_READY_HOUR },
  };
}

/** Builds the WeChat Pay and Alipay settings for the providers PAYMENT_PROVIDERS lists; names every missing variable. */
function realPaymentProviders(e: Env, providers: readonly string[]): Pick<PaymentConfig, 'notifyBaseUrl' | 'wechatpay' | 'alipay'> {
  const wantsWechat = providers.includes('wechatpay');
  const wantsAlipay = providers.includes('alipay');
  const missing: string[] = [];
  const need = <K extends keyof Env>(key: K): NonNullable<Env[K]> => {
    const value = e[key];
    if (value === undefined) missing.push(`  ${key}: required when PAYMENT_PROVIDERS lists ${String(key).startsWith('ALIPAY') ? 'alipay' : String(key).startsWith('WECHATPAY') ? 'wechatpay' : 'wechatpay or alipay'}`);
    return value as NonNullable<Env[K]>;
  };

  const notifyBaseUrl = (e.NOTIFY_BASE_URL ?? e.PUBLIC_BASE_URL)?.replace(/\/$/, '');
  if (wantsWechat || wantsAlipay) {
    if (!notifyBaseUrl) need('NOTIFY_BASE_URL');
    else {
      const url = new URL(notifyBaseUrl);
      if (url.search || url.hash) missing.push('  NOTIFY_BASE_URL: must have no query string or fragment (WeChat Pay refuses notify_url with one)');
      if (url.protocol !== 'https:' && e.APP_ENV === 'prod') missing.push('  NOTIFY_BASE_URL: must be https in production');
    }
  }

  let wechatpay: WechatpayConfig | undefined;
  if (wantsWechat) {
    const mchId = need('WECHATPAY_MCH_ID');
    const appId = need('WECHATPAY_APP_ID');
    const merchantSerial = need('WECHATPAY_MERCHANT_SERIAL');
    const merchantKey = need('WECHATPAY_MERCHANT_PRIVATE_KEY');
    const apiV3Key = need('WECHATPAY_API_V3_KEY');
    const verificationKeys: Record<string, string> = {};
    if (e.WECHATPAY_PUBLIC_KEY_ID || e.WECHATPAY_PUBLIC_KEY) {
      const id = need('WECHATPAY_PUBLIC_KEY_ID');
      const key = need('WECHATPAY_PUBLIC_KEY');
      if (id && key) verificationKeys[id] = publicKeyPem('WECHATPAY_PUBLIC_KEY', key);
    }
    if (e.WECHATPAY_PLATFORM_CERTS) {
      let certs: unknown;
      try {
        certs = JSON.parse(e.WECHATPAY_PLATFORM_CERTS);
      } catch {
        certs = undefined;
      }
      if (!certs || typeof certs !== 'object' || Array.isArray(certs)) missing.push('  WECHATPAY_PLATFORM_CERTS: must be a JSON object {"<serial>": "<PEM or path>"}');
      else for (const [serial, pem] of Object.entries(certs)) verificationKeys[serial] = publicKeyPem(`WECHATPAY_PLATFORM_CERTS.${serial}`, String(pem));
    }
    if (Object.keys(verificationKeys).length === 0 && !e.WECHATPAY_PUBLIC_KEY_ID) {
      missing.push('  WECHATPAY_PUBLIC_KEY_ID: required (with WECHATPAY_PUBLIC_KEY) when PAYMENT_PROVIDERS lists wechatpay, unless WECHATPAY_PLATFORM_CERTS is set');
    }
    if (missing.length === 0) {
      wechatpay = {
        mchId,
        appId,
        miniProgramAppId: e.WECHATPAY_MP_APP_ID,
        merchantSerial,
        merchantPrivateKey: privateKeyPem('WECHATPAY_MERCHANT_PRIVATE_KEY', merchantKey),
        apiV3Key,
        verificationKeys,
        baseUrl: e.WECHATPAY_BASE_URL.endsWith('/') ? e.WECHATPAY_BASE_URL : `${e.WECHATPAY_BASE_URL}/`,
        timeoutMs: e.WECHATPAY_TIMEOUT_MS,
      };
    }
  }

  let alipay: AlipayConfig | undefined;
  if (wantsAlipay) {
    const appId = need('ALIPAY_APP_ID');
    const appKey = need('ALIPAY_APP_PRIVATE_KEY');
    const publicKey = need('ALIPAY_PUBLIC_KEY');
    if (missing.length === 0) {
      alipay = {
        appId,
        appPrivateKey: privateKeyPem('ALIPAY_APP_PRIVATE_KEY', appKey),
        alipayPublicKey: publicKeyPem('ALIPAY_PUBLIC_KEY', publicKey),
        gatewayUrl: e.ALIPAY_GATEWAY_URL,
        endpoint: e.ALIPAY_ENDPOINT.replace(/\/$/, ''),
        sellerId: e.ALIPAY_SELLER_ID,
        timeoutMs: e.ALIPAY_TIMEOUT_MS,
        desktopProduct: e.ALIPAY_DESKTOP_PRODUCT,
      };
    }
  }

  if (missing.length > 0) throw invalidConfiguration(missing);
  return { notifyBaseUrl, wechatpay, alipay };
}
