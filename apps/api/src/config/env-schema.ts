import { z } from 'zod';
import { DEFAULT_ID_REVEALS_PER_DAY, DEFAULT_SMS_SIGN_NAME } from '@kuaibao/domain';

/**
 * Every environment variable the server reads, with its type and default. Empty strings count as
 * unset (loadConfig drops them before parsing).
 */

export const DEV_DEFAULTS = {
  SIGN_SECRET: 'kuaibao-dev-sign-secret',
  RESPONSE_AES_KEY: '6b75616962616f2d6465762d61657321',
  ID_ENCRYPTION_KEY: '6b75616962616f2d6465762d69642d656e6372797074696f6e2d6b65792d3332',
  ID_HASH_KEY: 'kuaibao-dev-id-hash-key',
  SANDBOX_NOTIFY_KEY: 'kuaibao-dev-sandbox-notify-key',
} as const;

/** The phone lookup's limit per address and ten minutes; production may lower it, never raise it. */
export const PHONE_LOOKUP_LIMIT_DEFAULT = 30;

const hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`), `must be ${bytes * 2} hex characters`);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const EnvSchema = z.object({
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
  // Graceful stop on SIGTERM (apps/api/src/http/draining.ts, docs/decisions/026-cluster-run-and-graceful-shutdown.md):
  // still listening, /readyz 503 and Connection: close for the grace, then at most the timeout to finish.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // /api/openapi.json and /api/docs (decision 017): on outside production unless turned off.
  API_DOCS: bool.optional(),
  // Prometheus metrics on their own listener, never the public port (docs/operations.md): unset = off.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  SQLITE_FILE: z.string().default('data/kuaibao.sqlite'),
  // Shared state between instances (rate limits, single-use keys; docs/decisions/024-shared-state-in-redis.md): unset keeps it in process.
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL').optional(),
  // Phone lookups per client address per ten minutes (docs/decisions/024-shared-state-in-redis.md): raised only
  // by the API benchmark (npm run bench:api); production refuses anything above the default.
  PHONE_LOOKUP_LIMIT: z.coerce.number().int().min(1).max(1_000_000_000).default(PHONE_LOOKUP_LIMIT_DEFAULT),
  // The CJK font the console's 授权委托书 PDF embeds (docs/decisions/035-cancellation-authorisation.md): Debian's fonts-wqy-microhei.
  AUTHORIZATION_PDF_FONT: z.string().min(1).default('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'),
  SEED_COMPANIES: z.coerce.number().int().min(0).max(5_000_000).default(100_000),
  // Retention (docs/privacy-retention.md, docs/decisions/031-retention-sweep.md): days each kind of personal data is kept; 0 keeps it.
  RETENTION_ID_NUMBER_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  RETENTION_UNPAID_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  RETENTION_EVENTS_DAYS: z.coerce.number().int().min(0).max(36_500).default(180),
  // How often the retention sweep runs in each instance (one at a time across instances); 0: never on a timer.
  RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  // Backups (apps/api/src/ops/backup.ts, docs/deploy.md#11-backups): the folder `npm run backup` writes dated
  // backups into and rotates, how many it keeps, and a command it runs on each new one (off-site copy).
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  BACKUP_OFFSITE_COMMAND: z.string().optional(),
  SIGN_SECRET: z.string().min(8).default(DEV_DEFAULTS.SIGN_SECRET),
  SIGNATURE_REQUIRED: bool.default(true),
  RESPONSE_AES_KEY: hex(16).default(DEV_DEFAULTS.RESPONSE_AES_KEY),
  ID_ENCRYPTION_KEY: hex(32).default(DEV_DEFAULTS.ID_ENCRYPTION_KEY),
  ID_HASH_KEY: z.string().min(16).default(DEV_DEFAULTS.ID_HASH_KEY),
  PAYMENT_PROVIDERS: z.string().default('sandbox'),
  SANDBOX_NOTIFY_KEY: z.string().min(16).default(DEV_DEFAULTS.SANDBOX_NOTIFY_KEY),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(120).default(30),
  WEB_DIST: z.string().optional(),
  // Real payment providers (docs/decisions/006-wechat-pay-and-alipay.md); required only when PAYMENT_PROVIDERS lists them.
  NOTIFY_BASE_URL: z.url().optional(),
  PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // The daily reconciliation with the providers' trade bills (decision 039): how often each instance looks for a day to reconcile (0: never on a timer), and the Beijing hour from which yesterday's bills are asked for.
  RECONCILIATION_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  RECONCILIATION_READY_HOUR: z.coerce.number().int().min(0).max(23).default(10),
  WECHATPAY_MCH_ID: z.string().regex(/^\d{6,32}$/, 'must be the merchant id (digits)').optional(),
  WECHATPAY_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  // The mini-program's appid, bound to the same merchant (docs/decisions/055-mini-program-payment-appid.md).
  WECHATPAY_MP_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
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
  // The agent's console, SMS and file storage (docs/decisions/008-console-auth-and-roles.md).
  CONSOLE_DIST: z.string().optional(),
  CONSOLE_ADMIN_USERNAME: z.string().regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, 'must be 3-32 lower-case letters, digits, . _ -').default('admin'),
  CONSOLE_ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  CONSOLE_ID_REVEALS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_ID_REVEALS_PER_DAY),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  SMS_SIGN_NAME: z.string().min(2).max(20).default(DEFAULT_SMS_SIGN_NAME),
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
  // The secret path segment of the SMS providers' reply callbacks (回T退订, docs/decisions/065-next-season-reminder.md):
  // neither Aliyun's SmsUp push nor Tencent's reply callback signs its request, so the URL itself is the secret.
  SMS_REPLY_TOKEN: z.string().regex(/^[\w-]{24,128}$/, 'must be 24–128 letters, digits, - or _').optional(),
  // The reminder batch's clock may be moved by a test-only route (docs/decisions/065-next-season-reminder.md); never in production.
  REMINDER_TEST_CLOCK: bool.default(false),
  INVOICE_PROVIDER: z.enum(['manual', 'nuonuo']).default('manual'),
  // The 诺诺开放平台 invoicing adapter (docs/decisions/064-nuonuo-invoicing.md).
  NUONUO_APP_KEY: z.string().optional(),
  NUONUO_APP_SECRET: z.string().optional(),
  NUONUO_ACCESS_TOKEN: z.string().optional(),
  NUONUO_TAX_NUMBER: z.string().regex(/^[0-9A-Z]{15,20}$/, 'must be the seller\'s tax number (15-20 digits or capital letters)').optional(),
  NUONUO_BASE_URL: z.url().optional(),
  NUONUO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  NUONUO_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  INVOICE_TAX_CODE: z.string().regex(/^\d{19}$/, 'must be the 19-digit 税收分类编码').optional(),
  INVOICE_TAX_RATE: z.string().regex(/^0(\.\d{1,3})?$/, 'must be a rate such as 0.06, 0.03 or 0.01').optional(),
  EMAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
  EMAIL_FROM: z.email().optional(),
  EMAIL_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  // The SMTP adapter (docs/decisions/067-smtp-email.md): implicit TLS (465) by default; SMTP_SECURE=false
  // speaks STARTTLS, required unless SMTP_REQUIRE_TLS=false (not allowed in production).
  SMTP_HOST: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'must be a host name or address, without scheme or port').optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
  SMTP_SECURE: bool.default(true),
  SMTP_REQUIRE_TLS: bool.default(true),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  STORAGE_PROVIDER: z.enum(['disk', 's3']).default('disk'),
  UPLOADS_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default('uploads/'),
  // WeChat login for the official-account and mini-program variants (docs/decisions/009-corp-and-mini-program.md).
  WECHAT_AUTH_PROVIDER: z.enum(['mock', 'wechat', 'none']).optional(),
  WECHAT_OA_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  WECHAT_OA_APP_SECRET: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the AppSecret (letters and digits)').optional(),
  WECHAT_MP_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{8,30}$/, 'must be an appid starting with wx').optional(),
  WECHAT_MP_APP_SECRET: z.string().regex(/^[0-9a-zA-Z]{16,64}$/, 'must be the AppSecret (letters and digits)').optional(),
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  WECHAT_OAUTH_AUTHORIZE_URL: z.string().regex(/^(https?:\/\/|\/)[^\s?#]*$/, 'must be an http(s) URL or a path, without query or fragment').optional(),
  WECHAT_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  USER_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24),
  // The company directory's source (docs/decisions/020-company-directory-vendor.md).
  DIRECTORY_PROVIDER: z.enum(['local', 'qichacha']).default('local'),
  QICHACHA_KEY: z.string().optional(),
  QICHACHA_SECRET_KEY: z.string().optional(),
  QICHACHA_BASE_URL: z.url().default('https://api.qichacha.com'),
  QICHACHA_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  QICHACHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  QICHACHA_CACHE_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 30),
});

export type Env = z.infer<typeof EnvSchema>;
