import { KEY_MIN_BITS, PASSWORD_MIN_LENGTH, estimateKeyBits, isAcceptablePassword, isPublicKey } from '@kuaibao/domain';
import { DEV_DEFAULTS, PHONE_LOOKUP_LIMIT_DEFAULT, type Env } from './env-schema.ts';

/** The secret keys production checks for strength, and how to make a good one. */
const KEY_SETTINGS = {
  SIGN_SECRET: 'openssl rand -hex 24',
  RESPONSE_AES_KEY: 'openssl rand -hex 16',
  ID_ENCRYPTION_KEY: 'openssl rand -hex 32',
  ID_HASH_KEY: 'openssl rand -hex 24',
  SANDBOX_NOTIFY_KEY: 'openssl rand -hex 24',
} as const satisfies Record<keyof typeof DEV_DEFAULTS, string>;

export type KeySetting = keyof typeof KEY_SETTINGS;

/**
 * The key settings given that are public development keys (one line naming them all) or hold
 * fewer than KEY_MIN_BITS (one line each). Production refuses them; `npm run doctor` reports them.
 */
export function keyProblems(values: Partial<Record<KeySetting, string>>): string[] {
  const given = (Object.keys(KEY_SETTINGS) as KeySetting[]).filter((key) => values[key] !== undefined);
  const publicKeys = Object.values(DEV_DEFAULTS);
  const defaults = given.filter((key) => isPublicKey(values[key]!, publicKeys));
  const lines = defaults.length > 0 ? [`${defaults.join(', ')}: must be set in production (the development default is public)`] : [];
  for (const key of given) {
    if (defaults.includes(key)) continue;
    const bits = estimateKeyBits(values[key]!);
    if (bits < KEY_MIN_BITS) lines.push(`${key}: too weak for production (about ${bits} bits estimated, at least ${KEY_MIN_BITS}; make one with ${KEY_SETTINGS[key]})`);
  }
  return lines;
}

/**
 * What production refuses (docs/security.md): public development keys (in any case, or written as
 * hex) and keys too weak to hold 128 bits (packages/domain key-strength.ts), the sandbox gateway
 * (anyone could mark an order paid), the mock WeChat login (anyone could be anyone), an unsigned
 * API, an origin taken from the visitor's Host header or served over http, SMS written to the log
 * instead of sent, and a first-admin password the console itself would refuse.
 * `alreadyInvalid` names settings the schema refused (reported once, not again here).
 */
export function productionRefusals(e: Env, providers: readonly string[], alreadyInvalid: ReadonlySet<string> = new Set()): string[] {
  const refusals: string[] = [];
  const keys = (Object.keys(KEY_SETTINGS) as KeySetting[]).filter((key) => !alreadyInvalid.has(key));
  refusals.push(...keyProblems(Object.fromEntries(keys.map((key) => [key, e[key]]))));
  if (providers.includes('sandbox')) refusals.push('PAYMENT_PROVIDERS: sandbox lets anyone mark an order paid without paying; not allowed in production (use wechatpay and/or alipay)');
  if (e.WECHAT_AUTH_PROVIDER === 'mock') refusals.push('WECHAT_AUTH_PROVIDER: mock logs anyone in as anyone; not allowed in production (use wechat or none)');
  if (e.WECHAT_AUTH_PROVIDER === 'wechat' && e.WECHAT_MP_APP_ID && (!providers.includes('wechatpay') || e.WECHATPAY_MP_APP_ID !== e.WECHAT_MP_APP_ID)) {
    refusals.push('WECHATPAY_MP_APP_ID: the mini-program login is on (WECHAT_MP_APP_ID), so PAYMENT_PROVIDERS must list wechatpay and WECHATPAY_MP_APP_ID must equal WECHAT_MP_APP_ID, bound to the merchant (docs/decisions/055-mini-program-payment-appid.md)');
  }
  if (!e.SIGNATURE_REQUIRED) refusals.push('SIGNATURE_REQUIRED: false is for debugging only; not allowed in production');
  if (e.DIRECTORY_PROVIDER === 'qichacha' && (!e.QICHACHA_KEY || !e.QICHACHA_SECRET_KEY)) {
    refusals.push('QICHACHA_KEY, QICHACHA_SECRET_KEY: required in production when DIRECTORY_PROVIDER=qichacha');
  }
  if (e.INVOICE_PROVIDER === 'nuonuo') {
    // The sandbox's defaults would print invoices with the wrong tax line: production names its own.
    const unset = (['NUONUO_APP_KEY', 'NUONUO_APP_SECRET', 'NUONUO_ACCESS_TOKEN', 'NUONUO_TAX_NUMBER', 'INVOICE_TAX_CODE', 'INVOICE_TAX_RATE'] as const).filter((key) => !e[key] && !alreadyInvalid.has(key));
    if (unset.length > 0) refusals.push(`${unset.join(', ')}: required in production when INVOICE_PROVIDER=nuonuo`);
    if (e.NUONUO_BASE_URL && new URL(e.NUONUO_BASE_URL).protocol !== 'https:') refusals.push('NUONUO_BASE_URL: must be https in production (the access token travels in its headers)');
  }
  if (e.METRICS_PORT !== undefined && !isLoopbackHost(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    refusals.push('METRICS_TOKEN: required in production when METRICS_HOST is not a loopback address (the metrics would be open to the network)');
  }
  if (e.PHONE_LOOKUP_LIMIT > PHONE_LOOKUP_LIMIT_DEFAULT) refusals.push(`PHONE_LOOKUP_LIMIT: above ${PHONE_LOOKUP_LIMIT_DEFAULT} lets a scraper walk phone numbers; raising it is for the benchmark only, not allowed in production`);
  if (!alreadyInvalid.has('PUBLIC_BASE_URL')) {
    if (!e.PUBLIC_BASE_URL) refusals.push('PUBLIC_BASE_URL: required in production (our own origin, e.g. https://kuaibao.example; never taken from the request)');
    else if (new URL(e.PUBLIC_BASE_URL).protocol !== 'https:') refusals.push('PUBLIC_BASE_URL: must be https in production (sessions, payment returns and the console travel over it)');
  }
  if (e.SMS_PROVIDER === 'console' && !alreadyInvalid.has('SMS_PROVIDER')) {
    refusals.push('SMS_PROVIDER: console only writes each SMS to the log (no customer gets one, and deletion codes land in the log); not allowed in production (use aliyun or tencent)');
  }
  if (e.REMINDER_TEST_CLOCK) refusals.push('REMINDER_TEST_CLOCK: lets anyone move the reminder batch\'s clock; for tests only, not allowed in production');
  if ((e.SMS_PROVIDER === 'aliyun' || e.SMS_PROVIDER === 'tencent') && e.SMS_REPLY_TOKEN === undefined && !alreadyInvalid.has('SMS_REPLY_TOKEN')) {
    refusals.push('SMS_REPLY_TOKEN: required in production with aliyun or tencent: every season reminder says 回T退订, and the reply callback needs its secret URL (openssl rand -hex 24)');
  }
  if (e.EMAIL_FROM === undefined && !alreadyInvalid.has('EMAIL_FROM')) {
    refusals.push('EMAIL_FROM: the sender of the invoice emails (an address of the operator\'s own domain) is required in production');
  }
  if (e.EMAIL_PROVIDER === 'smtp') {
    if (e.SMTP_USER === undefined || e.SMTP_PASSWORD === undefined) refusals.push('SMTP_USER, SMTP_PASSWORD: required in production when EMAIL_PROVIDER=smtp (the sending mailbox and its password or authorisation code)');
    if (!e.SMTP_SECURE && !e.SMTP_REQUIRE_TLS) refusals.push('SMTP_REQUIRE_TLS: false lets the SMTP password and the invoice links travel in clear; not allowed in production (SMTP_SECURE=true on port 465, or STARTTLS required)');
  }
  if (e.CONSOLE_ADMIN_PASSWORD !== undefined && !isAcceptablePassword(e.CONSOLE_ADMIN_PASSWORD)) {
    refusals.push(`CONSOLE_ADMIN_PASSWORD: breaks the console's own password rule (at least ${PASSWORD_MIN_LENGTH} characters with a letter and a digit); unset, the first admin gets a random one printed once`);
  }
  return refusals;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
