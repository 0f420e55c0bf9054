import type { Env } from './env-schema.ts';
import { settingsNeededBy } from './errors.ts';

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

/** Where invoice emails go out: `console` writes them to the log. */
export interface EmailConfig {
  provider: 'console';
  /** the sender; production requires it (production-refusals.ts) */
  from: string;
  /** how often the email outbox is worked; 0 turns the worker off */
  outboxIntervalMs: number;
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

export function emailSettings(e: Env): EmailConfig {
  return { provider: e.EMAIL_PROVIDER, from: e.EMAIL_FROM ?? 'invoice@localhost', outboxIntervalMs: e.EMAIL_OUTBOX_INTERVAL_MS };
}
