import path from 'node:path';
import type { ConsoleConfig } from './console.ts';
import { consoleSettings } from './console.ts';
import { ConfigError, invalidConfiguration } from './errors.ts';
import { repoRoot } from './paths.ts';
import { paymentProviderIds, paymentSettings, type PaymentConfig } from './payment.ts';
import { productionRefusals } from './production-refusals.ts';
import { retentionSettings, type RetentionConfig } from './retention.ts';
import { EnvSchema } from './env-schema.ts';
import { directorySettings, type DirectoryConfig } from './directory.ts';
import { smsSettings, type SmsConfig } from './sms.ts';
import { emailSettings, invoicingSettings, type EmailConfig, type InvoicingConfig } from './invoicing.ts';
import { storageSettings, type StorageConfig } from './storage.ts';
import { parseTrustProxy } from './trust-proxy.ts';
import { wechatAuthSettings, type WechatAuthConfig } from './wechat-auth.ts';

/**
 * The only reader of the environment. Parsed once at boot; a bad value stops the
 * process with a message naming the variable. Empty strings count as unset.
 */

export type Config = Readonly<{
  env: 'prod' | 'dev' | 'test';
  host: string;
  port: number;
  /** Our public origin. Required in production; elsewhere the request's Host when it is a local one. */
  publicBaseUrl: string | undefined;
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  http: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** SIGTERM: how long to keep listening while draining, then how long in-flight work may take. */
  shutdown: { graceMs: number; timeoutMs: number };
  logLevel: string;
  /** Serve the OpenAPI document and the API reference page (docs/decisions/017). */
  apiDocs: boolean;
  /** Prometheus metrics on a listener of their own (docs/operations.md); undefined = off. */
  metrics: { host: string; port: number; token: string | undefined } | undefined;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Where instances share rate limits and single-use keys; undefined keeps them in this process (decision 024). */
  redisUrl: string | undefined;
  seedCompanies: number;
  /** The font file (TTF, OTF or TTC) embedded in the authorisation PDF (decision 035). */
  authorizationPdfFont: string;
  /** Phone lookups allowed per client address per ten minutes (30; raised by the API benchmark only). */
  phoneLookupLimit: number;
  signature: { secret: string; required: boolean };
  responseAesKey: Buffer;
  idEncryptionKey: Buffer;
  idHashKey: string;
  payment: PaymentConfig;
  webDist: string;
  console: ConsoleConfig;
  sms: SmsConfig;
  /** Invoices and their emails (docs/decisions/060-invoices.md). */
  invoicing: InvoicingConfig;
  email: EmailConfig;
  /** Next year's reminder (docs/decisions/065-next-season-reminder.md): the reply callbacks' secret, and whether tests may move its clock. */
  reminders: { smsReplyToken: string | undefined; testClock: boolean };
  storage: StorageConfig;
  wechatAuth: WechatAuthConfig;
  directory: DirectoryConfig;
  /** What the retention sweep purges and how often it runs (decision 031). */
  retention: RetentionConfig;
  /** Where `npm run backup` keeps dated backups, how many, and the off-site command (docs/deploy.md#11-backups). */
  backup: { dir: string | undefined; keep: number; offsiteCommand: string | undefined };
}>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // Every problem is named at once (one line each): the schema's, production's refusals and each section's.
  const problems: string[] = [];
  let parsed = EnvSchema.safeParse(cleaned);
  const invalid = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
      invalid.add(String(issue.path[0]));
    }
    // The other checks still run, on the settings without the refused values (their defaults stand in).
    parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(cleaned).filter(([key]) => !invalid.has(key))));
    if (!parsed.success) throw invalidConfiguration(problems);
  }
  const e = parsed.data;
  const providers = paymentProviderIds(e);
  if (e.APP_ENV === 'prod') problems.push(...productionRefusals(e, providers, invalid));
  const collect = <T>(section: () => T): T | undefined => {
    try {
      return section();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      // A setting the schema refused is not reported a second time as missing.
      problems.push(...error.problems.filter((line) => !namesOnly(line, invalid)));
      return undefined;
    }
  };
  const trustProxy = collect(() => parseTrustProxy(e.TRUST_PROXY));
  const payment = collect(() => paymentSettings(e, providers));
  const missing: string[] = [];
  const sms = smsSettings(e, missing);
  const storage = storageSettings(e, missing);
  const directory = directorySettings(e, missing);
  const email = emailSettings(e, missing);
  const invoicing = invoicingSettings(e, missing);
  problems.push(...missing.map((line) => line.trim()).filter((line) => !namesOnly(line, invalid)));
  const wechatAuth = collect(() => wechatAuthSettings(e, providers));
  if (problems.length > 0 || trustProxy === undefined || payment === undefined || wechatAuth === undefined) throw invalidConfiguration(problems);
  return Object.freeze({
    env: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/$/, ''),
    trustProxy,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      // Node wants the header timeout no longer than the request timeout.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    apiDocs: e.API_DOCS ?? e.APP_ENV !== 'prod',
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: path.resolve(repoRoot, e.SQLITE_FILE) },
    redisUrl: e.REDIS_URL,
    seedCompanies: e.SEED_COMPANIES,
    authorizationPdfFont: e.AUTHORIZATION_PDF_FONT,
    phoneLookupLimit: e.PHONE_LOOKUP_LIMIT,
    signature: { secret: e.SIGN_SECRET, required: e.SIGNATURE_REQUIRED },
    responseAesKey: Buffer.from(e.RESPONSE_AES_KEY, 'hex'),
    idEncryptionKey: Buffer.from(e.ID_ENCRYPTION_KEY, 'hex'),
    idHashKey: e.ID_HASH_KEY,
    payment,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    console: consoleSettings(e),
    sms,
    invoicing,
    email,
    reminders: { smsReplyToken: e.SMS_REPLY_TOKEN, testClock: e.REMINDER_TEST_CLOCK },
    storage,
    wechatAuth,
    directory,
    retention: retentionSettings(e),
    backup: { dir: e.BACKUP_DIR === undefined ? undefined : path.resolve(repoRoot, e.BACKUP_DIR), keep: e.BACKUP_KEEP, offsiteCommand: e.BACKUP_OFFSITE_COMMAND },
  } satisfies Config);
}

/** Whether a problem line ("A, B: reason") names only settings in `names`. */
function namesOnly(line: string, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  const head = line.slice(0, line.indexOf(':'));
  const named = head.split(',').map((name) => name.trim()).filter(Boolean);
  return named.length > 0 && named.every((name) => names.has(name));
}
