import { settingsNeededBy } from './errors.ts';
import type { Env } from './env-schema.ts';

/** Who issues invoices (docs/decisions/060-invoices.md): `manual`, the clerk in their own tax software. */
export interface InvoicingConfig {
  provider: 'manual';
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

export function invoicingSettings(e: Env): InvoicingConfig {
  return { provider: e.INVOICE_PROVIDER };
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
