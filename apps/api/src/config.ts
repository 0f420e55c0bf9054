import path from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
});

export type Config = Readonly<{
  env: 'prod' | 'dev' | 'test';
  host: string;
  port: number;
  publicBaseUrl: string | undefined;
  logLevel: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  seedCompanies: number;
  signature: { secret: string; required: boolean };
  responseAesKey: Buffer;
  idEncryptionKey: Buffer;
  idHashKey: string;
  payment: { providers: readonly string[]; sandboxNotifyKey: string; expiryMinutes: number };
  webDist: string;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.APP_ENV === 'prod') {
    const defaults = (Object.keys(DEV_DEFAULTS) as Array<keyof typeof DEV_DEFAULTS>).filter((key) => e[key] === DEV_DEFAULTS[key]);
    if (defaults.length > 0) throw new ConfigError(`Invalid configuration:\n  ${defaults.join(', ')}: must be set in production (the development default is public)`);
  }
  return Object.freeze({
    env: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: path.resolve(repoRoot, e.SQLITE_FILE) },
    seedCompanies: e.SEED_COMPANIES,
    signature: { secret: e.SIGN_SECRET, required: e.SIGNATURE_REQUIRED },
    responseAesKey: Buffer.from(e.RESPONSE_AES_KEY, 'hex'),
    idEncryptionKey: Buffer.from(e.ID_ENCRYPTION_KEY, 'hex'),
    idHashKey: e.ID_HASH_KEY,
    payment: {
      providers: e.PAYMENT_PROVIDERS.split(',').map((p) => p.trim()).filter(Boolean),
      sandboxNotifyKey: e.SANDBOX_NOTIFY_KEY,
      expiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
    },
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
  } satisfies Config);
}

/** Reads a named environment variable for tools (bench, test helpers) — still only here. */
export function readEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === '' ? undefined : value;
}
