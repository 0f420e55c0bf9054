import path from 'node:path';
import type { ConsoleConfig } from './console.ts';
import { consoleSettings } from './console.ts';
import { invalidConfiguration } from './errors.ts';
import { repoRoot } from './paths.ts';
import { paymentProviderIds, paymentSettings, type PaymentConfig } from './payment.ts';
import { productionRefusals } from './production-refusals.ts';
import { retentionSettings, type RetentionConfig } from './retention.ts';
import { EnvSchema } from './env-schema.ts';
import { directorySettings, type DirectoryConfig } from './directory.ts';
import { smsSettings, type SmsConfig } from './sms.ts';
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
  storage: StorageConfig;
  wechatAuth: WechatAuthConfig;
  directory: DirectoryConfig;
  /** What the retention sweep purges and how often it runs (decision 031). */
  retention: RetentionConfig;
}>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const providers = paymentProviderIds(e);
  if (e.APP_ENV === 'prod') {
    const refusals = productionRefusals(e, providers);
    if (refusals.length > 0) throw invalidConfiguration(refusals);
  }
  // The sections are built in this order so that, as before the split, the first failing one names its variables.
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const payment = paymentSettings(e, providers);
  const missing: string[] = [];
  const sms = smsSettings(e, missing);
  const storage = storageSettings(e, missing);
  const directory = directorySettings(e, missing);
  if (missing.length > 0) throw invalidConfiguration(missing);
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
    storage,
    wechatAuth: wechatAuthSettings(e, providers),
    directory,
    retention: retentionSettings(e),
  } satisfies Config);
}
