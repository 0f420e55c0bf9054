/**
 * The server's settings, read from the environment once at boot (the only reader of process.env).
 * Each file is one part: schema.ts (every variable), load.ts (loadConfig and the Config shape),
 * production-refusals.ts, trust-proxy.ts, keys.ts (PEM helpers), one file per provider section
 * (payment.ts, sms.ts, storage.ts, wechat-auth.ts, console.ts, directory.ts), environment.ts (for tools) and
 * timezone.ts (called where a process starts; nothing here has a side effect at import).
 */
export { ConfigError } from './errors.ts';
export { loadConfig, type Config } from './load.ts';
export { DEV_DEFAULTS } from './env-schema.ts';
export { keyProblems } from './production-refusals.ts';
export type { AlipayConfig, PaymentConfig, WechatpayConfig } from './payment.ts';
export type { ConsoleConfig } from './console.ts';
export type { SmsConfig, SmsTemplateCodes } from './sms.ts';
export type { EmailConfig, InvoicingConfig, NuonuoConfig, SmtpConfig } from './invoicing.ts';
export type { StorageConfig } from './storage.ts';
export type { DirectoryConfig } from './directory.ts';
export { MOCK_WECHAT_APP_IDS, MOCK_WECHAT_AUTHORIZE_PATH, type WechatAuthConfig } from './wechat-auth.ts';
export { environmentWith, readEnv } from './environment.ts';
export { runsInShanghaiTime, useShanghaiTimezone } from './timezone.ts';
export { trustsPeer } from './trust-proxy.ts';
