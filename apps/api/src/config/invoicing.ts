import { settingsNeededBy } from './errors.ts';
import type { Env } from './env-schema.ts';

/** The 诺诺开放平台's gateways (docs/decisions/064-nuonuo-invoicing.md): the sandbox unless in production. */
export const NUONUO_SANDBOX_URL = 'https://sandbox.nuonuocs.cn/open/v1/services';
export const NUONUO_PRODUCTION_URL = 'https://sdk.nuonuo.com/open/v1/services';
/** 其他现代服务 (the sandbox's default; production requires INVOICE_TAX_CODE) and the general taxpayer's 6 %. */
export const INVOICE_TAX_CODE_DEFAULT = '3049900000000000000';
export const INVOICE_TAX_RATE_DEFAULT = '0.06';

export interface NuonuoConfig {
  appKey: string;
  appSecret: string;
  accessToken: string;
  /** the seller's tax number (userTax, salerTaxNum) */
  taxNumber: string;
  /** the full services URL (…/open/v1/services) */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * Who issues invoices (docs/decisions/060-invoices.md, 064-nuonuo-invoicing.md): `manual`, the clerk
 * in their own tax software, or `nuonuo`, the 诺诺开放平台 asked by the console and polled by a job.
 */
export interface InvoicingConfig {
  provider: 'manual' | 'nuonuo';
  nuonuo: NuonuoConfig | undefined;
  /** the service's 税收分类编码 and rate, one for every service */
  taxCode: string;
  taxRate: string;
  /** how often the job asks the platform for results; 0 turns it off */
  pollIntervalMs: number;
}

/** The SMTP server invoice emails leave through (docs/decisions/067-smtp-email.md). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS */
  secure: boolean;
  /** without `secure`: refuse to send unless STARTTLS succeeds */
  requireTls: boolean;
  /** undefined: no AUTH (a relay that trusts the address) — production requires both */
  auth: { user: string; password: string } | undefined;
  /** connection, greeting and each socket read, in ms */
  timeoutMs: number;
}

/** Where invoice emails go out: `console` writes them to the log, `smtp` sends them. */
export interface EmailConfig {
  provider: 'console' | 'smtp';
  /** the sender; production requires it (production-refusals.ts) */
  from: string;
  /** how often the email outbox is worked; 0 turns the worker off */
  outboxIntervalMs: number;
  smtp: SmtpConfig | undefined;
}

/** Invoicing settings; the chosen platform's missing settings go into `missing` (the caller names them all). */
export function invoicingSettings(e: Env, missing: string[]): InvoicingConfig {
  const need = settingsNeededBy(e, missing);
  const why = 'INVOICE_PROVIDER=nuonuo';
  const nuonuo =
    e.INVOICE_PROVIDER === 'nuonuo'
      ? {
          appKey: need('NUONUO_APP_KEY', why),
          appSecret: need('NUONUO_APP_SECRET', why),
          accessToken: need('NUONUO_ACCESS_TOKEN', why),
          taxNumber: need('NUONUO_TAX_NUMBER', why),
          baseUrl: e.NUONUO_BASE_URL ?? (e.APP_ENV === 'prod' ? NUONUO_PRODUCTION_URL : NUONUO_SANDBOX_URL),
          timeoutMs: e.NUONUO_TIMEOUT_MS,
        }
      : undefined;
  return {
    provider: e.INVOICE_PROVIDER,
    nuonuo,
    taxCode: e.INVOICE_TAX_CODE ?? INVOICE_TAX_CODE_DEFAULT,
    taxRate: e.INVOICE_TAX_RATE ?? INVOICE_TAX_RATE_DEFAULT,
    pollIntervalMs: e.NUONUO_POLL_INTERVAL_MS,
  };
}

/** Email settings; SMTP's missing ones go into `missing` (the caller throws naming them all). */
export function emailSettings(e: Env, missing: string[]): EmailConfig {
  const need = settingsNeededBy(e, missing);
  let smtp: SmtpConfig | undefined;
  if (e.EMAIL_PROVIDER === 'smtp') {
    if ((e.SMTP_USER === undefined) !== (e.SMTP_PASSWORD === undefined)) missing.push('  SMTP_USER, SMTP_PASSWORD: give both (the mailbox and its password or authorisation code) or neither');
    const auth = e.SMTP_USER !== undefined && e.SMTP_PASSWORD !== undefined ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined;
    smtp = { host: need('SMTP_HOST', 'EMAIL_PROVIDER=smtp'), port: e.SMTP_PORT, secure: e.SMTP_SECURE, requireTls: e.SMTP_REQUIRE_TLS, auth, timeoutMs: e.SMTP_TIMEOUT_MS };
  }
  return { provider: e.EMAIL_PROVIDER, from: e.EMAIL_FROM ?? 'invoice@localhost', outboxIntervalMs: e.EMAIL_OUTBOX_INTERVAL_MS, smtp };
}
