import type { Env } from './env-schema.ts';

/** Who issues invoices (docs/decisions/060-invoices.md): `manual`, the clerk in their own tax software. */
export interface InvoicingConfig {
  provider: 'manual';
}

/** Where invoice emails go out: `console` writes them to the log. */
export interface EmailConfig {
  provider: 'console';
  /** the sender; production requires it (production-refusals.ts) */
  from: string;
  /** how often the email outbox is worked; 0 turns the worker off */
  outboxIntervalMs: number;
}

export function invoicingSettings(e: Env): InvoicingConfig {
  return { provider: e.INVOICE_PROVIDER };
}

export function emailSettings(e: Env): EmailConfig {
  return { provider: e.EMAIL_PROVIDER, from: e.EMAIL_FROM ?? 'invoice@localhost', outboxIntervalMs: e.EMAIL_OUTBOX_INTERVAL_MS };
}
