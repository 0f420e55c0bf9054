import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { WECHAT_OAUTH_AUTHORIZE_URL } from '@kuaibao/domain';

/**
 * The only reader of the environment. Parsed once at boot; a bad value stops the
 * process with a message naming the variable. Empty strings count as unset.
 */

export const DEV_DEFAULTS = {
  SIGN_SECRET: 'kuaibao-dev-sign-secret',
  RESPONSE_AES_KEY: '6b75616962616f2d6465762d61657321',
  ID_ENCRYPTION_KEY: '6b75616962616f2d6465762d69642d656e6372797074696f6e2d6b65792d3332',
  ID_HASH_KEY: 'kuaibao-dev-id-hash-key',
  SANDBOX_NOTIFY_KEY: 'kuaibao-dev-sandbox-notify-key',
} as const;

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`), `must be ${bytes * 2} hex characters`);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  APP_ENV: z.enum(['prod', 'dev', 'test']).default('dev'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  // Which proxy's X-Forwarded-* to believe (docs/security.md): unset trusts none.
  TRUST_PROXY: z.string().optional(),
  // Slow or idle clients must not hold sockets (docs/security.md).
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // /api/openapi.json and /api/docs (decision 017): on outside production unless turned off.
  API_DOCS: bool.optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SQLITE_FILE: z.string().default('data/kuaibao.sqlite'),
  SEED_COMPANIES: z.coerce.number().int().min(0).max(5_000_000).default(100_000),
  SIGN_SECRET: z.string().min(8).default(DEV_DEFAULTS.SIGN_SECRET),
  SIGNATURE_REQUIRED: bool.default(true),
  RESPONSE_AES_KEY: hex(16).default(DEV_DEFAULTS.RESPONSE_AES_KEY),
  ID_ENCRYPTION_KEY: hex(32).default(DEV_DEFAULTS.ID_ENCRYPTION_KEY),
  ID_HASH_KEY: z.string().min(16).default(DEV_DEFAULTS.ID_HASH_KEY),
  PAYMENT_PROVIDERS: z.string().default('sandbox'),
  SANDBOX_NOTIFY_KEY: z.string().min(16).default(DEV_DEFAULTS.SANDBOX_NOTIFY_KEY),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(120).default(30),
  WEB_DIST: z.string().optional(),
  // Real payment providers (issue 5); required only when PAYMENT_PROVIDERS lists them.
  NOTIFY_BASE_URL: z.url().optional(),
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  WECHATPAY_MCH_ID: z.string().regex(/^\d{6,32}$/, 'must be the merchant id (digits)').optional(),
  WECHATPAY_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  WECHATPAY_MERCHANT_SERIAL: z.string().regex(/^[0-9A-Fa-f]{8,64}$/, 'must be the certificate serial number (hex)').optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().regex(/^PUB_KEY_ID_[0-9A-Za-z_]+$/, 'must look like PUB_KEY_ID_…').optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_CERTS: z.string().optional(),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com/'),
  WECHATPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ALIPAY_APP_ID: z.string().regex(/^\d{8,32}$/, 'must be the app id (digits)').optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY_URL: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_ENDPOINT: z.url().default('https://openapi.alipay.com'),
  ALIPAY_SELLER_ID: z.string().regex(/^\d{8,32}$/, 'must be the seller (partner) id, digits').optional(),
  ALIPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ALIPAY_DESKTOP_PRODUCT: z.enum(['precreate', 'page']).default('precreate'),
  // The agent's console, SMS and file storage (issue 7).
  CONSOLE_DIST: z.string().optional(),
  CONSOLE_ADMIN_USERNAME: z.string().regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, 'must be 3-32 lower-case letters, digits, . _ -').default('admin'),
  CONSOLE_ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  SMS_SIGN_NAME: z.string().min(2).max(20).default('快报'),
  SMS_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_ALIYUN_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  SMS_ALIYUN_TEMPLATES: z.string().optional(),
  SMS_TENCENT_SECRET_ID: z.string().optional(),
  SMS_TENCENT_SECRET_KEY: z.string().optional(),
  SMS_TENCENT_SDK_APP_ID: z.string().regex(/^\d{6,20}$/, 'must be the SmsSdkAppId (digits)').optional(),
  SMS_TENCENT_REGION: z.string().default('ap-guangzhou'),
  SMS_TENCENT_ENDPOINT: z.url().default('https://sms.tencentcloudapi.com'),
  SMS_TENCENT_TEMPLATES: z.string().optional(),
  STORAGE_PROVIDER: z.enum(['disk', 's3']).default('disk'),
  UPLOADS_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default('uploads/'),
  // WeChat login for the official-account and mini-program variants (issue 6, docs/decisions/009).
  WECHAT_AUTH_PROVIDER: z.enum(['mock', 'wechat', 'none']).optional(),
  WECHAT_OA_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  WECHAT_OA_APP_SECRET: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the AppSecret (letters and digits)').optional(),
  WECHAT_MP_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  WECHAT_MP_APP_SECRET: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the AppSecret (letters and digits)').optional(),
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  WECHAT_OAUTH_AUTHORIZE_URL: z.string().regex(/^(https?:\/\/|\/)[^\s?#]*$/, 'must be an http(s) URL or a path, without query or fragment').optional(),
  WECHAT_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  USER_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24),
});

export type Config = Readonly<{
  env: 'prod' | 'dev' | 'test';
  host: string;
  port: number;
  /** Our public origin. Required in production; elsewhere the request's Host when it is a local one. */
  publicBaseUrl: string | undefined;
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  http: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  logLevel: string;
  /** Serve the OpenAPI document and the API reference page (docs/decisions/017). */
  apiDocs: boolean;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  seedCompanies: number;
  signature: { secret: string; required: boolean };
  responseAesKey: Buffer;
  idEncryptionKey: Buffer;
  idHashKey: string;
  payment: {
    providers: readonly string[];
    sandboxNotifyKey: string;
    expiryMinutes: number;
    /** Origin the real providers send notifications to (`<origin>/api/pay/notify/<provider>`). */
    notifyBaseUrl: string | undefined;
    /** How often the reconciliation and refund sweeps run; 0 turns them off. */
    sweepIntervalSeconds: number;
    wechatpay: WechatpayConfig | undefined;
    alipay: AlipayConfig | undefined;
  };
  webDist: string;
  console: ConsoleConfig;
  sms: SmsConfig;
  storage: StorageConfig;
  wechatAuth: WechatAuthConfig;
}>;

/** WeChat Pay API v3, direct merchant. Keys are normalised PEM (PKCS#8 private, SPKI public). */
export interface WechatpayConfig {
  mchId: string;
  appId: string;
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const providers = e.PAYMENT_PROVIDERS.split(',').map((p) => p.trim()).filter(Boolean);
  if (e.APP_ENV === 'prod') {
    const refusals = productionRefusals(e, providers);
    if (refusals.length > 0) throw invalidConfiguration(refusals);
  }
  return Object.freeze({
    env: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      // Node wants the header timeout no longer than the request timeout.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    logLevel: e.LOG_LEVEL,
    apiDocs: e.API_DOCS ?? e.APP_ENV !== 'prod',
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: path.resolve(repoRoot, e.SQLITE_FILE) },
    seedCompanies: e.SEED_COMPANIES,
    signature: { secret: e.SIGN_SECRET, required: e.SIGNATURE_REQUIRED },
    responseAesKey: Buffer.from(e.RESPONSE_AES_KEY, 'hex'),
    idEncryptionKey: Buffer.from(e.ID_ENCRYPTION_KEY, 'hex'),
    idHashKey: e.ID_HASH_KEY,
    payment: {
      providers,
      sandboxNotifyKey: e.SANDBOX_NOTIFY_KEY,
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
      ...realPaymentProviders(e, providers),
      sweepIntervalSeconds: e.PAYMENT_SWEEP_INTERVAL_SECONDS,
    },
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    ...consoleSmsAndStorage(e),
    wechatAuth: wechatAuthSettings(e, providers),
  } satisfies Config);
}

type Env = z.infer<typeof EnvSchema>;

/** One problem: one line ("Invalid configuration: NAME: reason"); several: one per line. */
function invalidConfiguration(lines: readonly string[]): ConfigError {
  const trimmed = lines.map((line) => line.trim());
  return new ConfigError(trimmed.length === 1 ? `Invalid configuration: ${trimmed[0]}` : `Invalid configuration:\n${trimmed.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * What production refuses (docs/security.md): public development keys, the sandbox gateway
 * (anyone could mark an order paid), the mock WeChat login (anyone could be anyone), an
 * unsigned API, and an origin taken from the visitor's Host header.
 */
function productionRefusals(e: Env, providers: readonly string[]): string[] {
  const refusals: string[] = [];
  const defaults = (Object.keys(DEV_DEFAULTS) as Array<keyof typeof DEV_DEFAULTS>).filter((key) => e[key] === DEV_DEFAULTS[key]);
  if (defaults.length > 0) refusals.push(`${defaults.join(', ')}: must be set in production (the development default is public)`);
  if (providers.includes('sandbox')) refusals.push('PAYMENT_PROVIDERS: sandbox lets anyone mark an order paid without paying; not allowed in production (use wechatpay and/or alipay)');
  if (e.WECHAT_AUTH_PROVIDER === 'mock') refusals.push('WECHAT_AUTH_PROVIDER: mock logs anyone in as anyone; not allowed in production (use wechat or none)');
  if (!e.SIGNATURE_REQUIRED) refusals.push('SIGNATURE_REQUIRED: false is for debugging only; not allowed in production');
  if (!e.PUBLIC_BASE_URL) refusals.push('PUBLIC_BASE_URL: required in production (our own origin, e.g. https://kuaibao.example; never taken from the request)');
  return refusals;
}

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy (X-Forwarded-* are ignored); a number is
 * how many proxies stand in front of us; otherwise a comma list of the proxies' addresses or
 * CIDRs (and loopback, linklocal, uniquelocal). `true` is refused: it would believe anyone.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw invalidConfiguration(['TRUST_PROXY: a hop count must be between 0 and 10']);
    return hops;
  }
  if (value === 'true') throw invalidConfiguration(['TRUST_PROXY: true would believe any X-Forwarded-For; give the hop count or the proxies\' addresses (e.g. 127.0.0.1 or 10.0.0.0/8)']);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0) throw invalidConfiguration([`TRUST_PROXY: not an address, CIDR or hop count: ${bad.join(', ') || value}`]);
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A PEM given inline (literal "\\n" allowed), as a bare base64 body, or as a file path. */
function readKeyText(name: string, value: string): string {
  const inline = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : undefined;
  if (inline) return inline;
  const compact = value.replace(/\s+/g, '');
  if (compact.length > 100 && /^[A-Za-z0-9+/]+=*$/.test(compact)) return compact;
  try {
    return readFileSync(path.resolve(repoRoot, value), 'utf8');
  } catch {
    throw invalidConfiguration([`${name}: neither a PEM key nor a readable file (${value.length > 120 ? 'value hidden' : value})`]);
  }
}

function wrapBase64(body: string, label: string): string {
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

function privateKeyPem(name: string, value: string): string {
  const text = readKeyText(name, value);
  const candidates = text.includes('-----BEGIN') ? [text] : [wrapBase64(text, 'PRIVATE KEY'), wrapBase64(text, 'RSA PRIVATE KEY')];
  for (const candidate of candidates) {
    try {
      return createPrivateKey(candidate).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      // try the next encoding
    }
  }
  throw invalidConfiguration([`${name}: not a readable RSA private key`]);
}

function publicKeyPem(name: string, value: string): string {
  const text = readKeyText(name, value);
  try {
    // A certificate PEM works too: its public key is taken.
    return createPublicKey(text.includes('-----BEGIN') ? text : wrapBase64(text, 'PUBLIC KEY')).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw invalidConfiguration([`${name}: not a readable public key or certificate`]);
  }
}

/** Builds the WeChat Pay and Alipay settings for the providers PAYMENT_PROVIDERS lists; names every missing variable. */
function realPaymentProviders(e: Env, providers: readonly string[]): Pick<Config['payment'], 'notifyBaseUrl' | 'wechatpay' | 'alipay'> {
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

/**
 * Alipay's SDK stamps requests with the process's local wall clock, and Alipay reads it as
 * Beijing time. On a UTC host that is 8 hours off, so with Alipay configured the process runs in
 * Asia/Shanghai (China has no daylight saving time; our own timestamps are UTC ISO strings anyway).
 */
export function useShanghaiTimezone(): void {
  if (new Date().getTimezoneOffset() !== -480) process.env.TZ = 'Asia/Shanghai';
}

/** The agent's console (docs/decisions/008-console-auth-and-roles.md). */
export interface ConsoleConfig {
  dist: string;
  /** the first admin, created at first start */
  adminUsername: string;
  /** when unset, the first admin gets a random password printed once */
  adminPassword: string | undefined;
}

/** template id (payment_succeeded, order_completed, refund_succeeded) → the provider's template code */
export type SmsTemplateCodes = Readonly<Record<string, string>>;

export interface SmsConfig {
  provider: 'console' | 'aliyun' | 'tencent';
  /** 【签名】: the registered signature, the operator's own name (research/peers.md §3.4) */
  signName: string;
  /** how often the SMS outbox is worked; 0 turns the worker off */
  outboxIntervalMs: number;
  aliyun: { accessKeyId: string; accessKeySecret: string; endpoint: string; templates: SmsTemplateCodes } | undefined;
  tencent: { secretId: string; secretKey: string; sdkAppId: string; region: string; endpoint: string; templates: SmsTemplateCodes } | undefined;
}

export interface StorageConfig {
  provider: 'disk' | 's3';
  uploadsDir: string;
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean; prefix: string } | undefined;
}

const SMS_TEMPLATE_NAMES = ['payment_succeeded', 'order_completed', 'refund_succeeded'];

function smsTemplateCodes(name: string, value: string | undefined, missing: string[]): SmsTemplateCodes {
  const codes: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [id, code] = pair.split('=').map((part) => part.trim());
    if (id && code) codes[id] = code;
  }
  const absent = SMS_TEMPLATE_NAMES.filter((id) => !codes[id]);
  if (absent.length > 0) missing.push(`  ${name}: must map every template, e.g. payment_succeeded=SMS_1,order_completed=SMS_2,refund_succeeded=SMS_3 (missing ${absent.join(', ')})`);
  return codes;
}

/** Console, SMS and storage settings; a chosen provider without its keys stops the boot naming them. */
function consoleSmsAndStorage(e: Env): Pick<Config, 'console' | 'sms' | 'storage'> {
  const missing: string[] = [];
  const need = (key: keyof Env, why: string): string => {
    const value = e[key];
    if (typeof value !== 'string' || value === '') {
      missing.push(`  ${key}: required when ${why}`);
      return '';
    }
    return value;
  };
  const aliyun =
    e.SMS_PROVIDER === 'aliyun'
      ? {
          accessKeyId: need('SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_PROVIDER=aliyun'),
          accessKeySecret: need('SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_PROVIDER=aliyun'),
          endpoint: e.SMS_ALIYUN_ENDPOINT.replace(/\/$/, ''),
          templates: smsTemplateCodes('SMS_ALIYUN_TEMPLATES', e.SMS_ALIYUN_TEMPLATES, missing),
        }
      : undefined;
  const tencent =
    e.SMS_PROVIDER === 'tencent'
      ? {
          secretId: need('SMS_TENCENT_SECRET_ID', 'SMS_PROVIDER=tencent'),
          secretKey: need('SMS_TENCENT_SECRET_KEY', 'SMS_PROVIDER=tencent'),
          sdkAppId: need('SMS_TENCENT_SDK_APP_ID', 'SMS_PROVIDER=tencent'),
          region: e.SMS_TENCENT_REGION,
          endpoint: e.SMS_TENCENT_ENDPOINT.replace(/\/$/, ''),
          templates: smsTemplateCodes('SMS_TENCENT_TEMPLATES', e.SMS_TENCENT_TEMPLATES, missing),
        }
      : undefined;
  const s3 =
    e.STORAGE_PROVIDER === 's3'
      ? {
          endpoint: need('S3_ENDPOINT', 'STORAGE_PROVIDER=s3').replace(/\/$/, ''),
          region: e.S3_REGION,
          bucket: need('S3_BUCKET', 'STORAGE_PROVIDER=s3'),
          accessKeyId: need('S3_ACCESS_KEY_ID', 'STORAGE_PROVIDER=s3'),
          secretAccessKey: need('S3_SECRET_ACCESS_KEY', 'STORAGE_PROVIDER=s3'),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined;
  if (missing.length > 0) throw invalidConfiguration(missing);
  // Uploads live beside the embedded database unless told otherwise (tests and e2e runs get their own).
  const sqliteDir = path.dirname(path.resolve(repoRoot, e.SQLITE_FILE));
  return {
    console: { dist: path.resolve(repoRoot, e.CONSOLE_DIST ?? 'apps/console/dist'), adminUsername: e.CONSOLE_ADMIN_USERNAME, adminPassword: e.CONSOLE_ADMIN_PASSWORD },
    sms: { provider: e.SMS_PROVIDER, signName: e.SMS_SIGN_NAME, outboxIntervalMs: e.SMS_OUTBOX_INTERVAL_MS, aliyun, tencent },
    storage: { provider: e.STORAGE_PROVIDER, uploadsDir: path.resolve(repoRoot, e.UPLOADS_DIR ?? path.join(sqliteDir, 'uploads')), s3 },
  };
}

/** The environment with some values replaced, for tools that start the server as a child process. */
export function environmentWith(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}

/** Reads a named environment variable for tools (bench, test helpers) — still only here. */
export function readEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === '' ? undefined : value;
}

/** WeChat login (docs/decisions/009-corp-and-mini-program.md). */
export interface WechatAuthConfig {
  /** mock: offline codes and a local authorization page; wechat: the real APIs; none: WeChat login is off. */
  provider: 'mock' | 'wechat' | 'none';
  /** The official account (corp mode): its appid goes into the authorization address. */
  officialAccount: { appId: string; appSecret: string } | undefined;
  /** The mini-program whose web-view hosts the wx-mp variant; unset: mini-program login is off. */
  miniProgram: { appId: string; appSecret: string } | undefined;
  /** Where sns/oauth2/access_token and sns/jscode2session live (a fake in tests). */
  apiBaseUrl: string;
  /** The authorization page the corp variant sends visitors to; a path is on our own origin. */
  authorizeUrl: string;
  timeoutMs: number;
  tokenTtlSeconds: number;
}

/** The appids the mock provider stands in with: recognisably not real ones. */
export const MOCK_WECHAT_APP_IDS = { officialAccount: 'wxmockofficialacct', miniProgram: 'wxmockminiprogram' } as const;
export const MOCK_WECHAT_AUTHORIZE_PATH = '/mock-wechat/connect/oauth2/authorize';

function wechatAuthSettings(e: Env, paymentProviders: readonly string[]): WechatAuthConfig {
  // The mock lets anyone log in as anyone: never in production, where the default is off.
  const provider = e.WECHAT_AUTH_PROVIDER ?? (e.APP_ENV === 'prod' ? 'none' : 'mock');
  const missing: string[] = [];
  const pair = (id: 'WECHAT_OA_APP_ID' | 'WECHAT_MP_APP_ID', secret: 'WECHAT_OA_APP_SECRET' | 'WECHAT_MP_APP_SECRET') => {
    const appId = e[id];
    const appSecret = e[secret];
    if (appId && appSecret) return { appId, appSecret };
    if (appId || appSecret) missing.push(`  ${appId ? secret : id}: required together with ${appId ? id : secret}`);
    return undefined;
  };
  let officialAccount = pair('WECHAT_OA_APP_ID', 'WECHAT_OA_APP_SECRET');
  let miniProgram = pair('WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET');
  if (provider === 'wechat') {
    if (!officialAccount && !e.WECHAT_OA_APP_ID && !e.WECHAT_OA_APP_SECRET) missing.push('  WECHAT_OA_APP_ID, WECHAT_OA_APP_SECRET: required when WECHAT_AUTH_PROVIDER=wechat');
    // In-app payment needs an openid of the appid WeChat Pay charges under.
    if (officialAccount && paymentProviders.includes('wechatpay') && e.WECHATPAY_APP_ID && e.WECHATPAY_APP_ID !== officialAccount.appId) {
      missing.push('  WECHAT_OA_APP_ID: must equal WECHATPAY_APP_ID (jsapi payments need an openid of the appid WeChat Pay charges under)');
    }
  }
  if (provider === 'mock') {
    officialAccount = { appId: e.WECHAT_OA_APP_ID ?? MOCK_WECHAT_APP_IDS.officialAccount, appSecret: '' };
    miniProgram = { appId: e.WECHAT_MP_APP_ID ?? MOCK_WECHAT_APP_IDS.miniProgram, appSecret: '' };
  }
  if (provider === 'none') {
    officialAccount = undefined;
    miniProgram = undefined;
  }
  if (missing.length > 0) throw invalidConfiguration(missing);
  return {
    provider,
    officialAccount,
    miniProgram,
    apiBaseUrl: e.WECHAT_API_BASE_URL.replace(/\/$/, ''),
    authorizeUrl: e.WECHAT_OAUTH_AUTHORIZE_URL ?? (provider === 'mock' ? MOCK_WECHAT_AUTHORIZE_PATH : WECHAT_OAUTH_AUTHORIZE_URL),
    timeoutMs: e.WECHAT_AUTH_TIMEOUT_MS,
    tokenTtlSeconds: e.USER_TOKEN_TTL_HOURS * 3600,
  };
}
