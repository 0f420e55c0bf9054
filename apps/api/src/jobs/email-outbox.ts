import type { Kysely } from 'kysely';
import { invoiceIssuedText } from '@kuaibao/domain';
import type { Database, OutboxRow } from '../db/schema.ts';
import { claimOutbox, finishOutbox, listDueOutbox, retryOutboxLater } from '../db/outbox.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { EmailProvider } from '../providers/email/index.ts';
import { findInvoiceForEmail, recordEmailAttempt, wasEmailSent } from '../modules/invoice/index.ts';

import { createPeriodicJob } from './periodic-job.ts';
import type { OutboxLogger } from './sms-outbox.ts';

/**
 * Sends the `email.*` rows of the outbox the way jobs/sms-outbox.ts sends SMS: each row written in the
 * transaction of the change it announces (an invoice issued), claimed with a lease, retried with
 * backoff, every attempt in email_log, and at most one SENT row per (kind, invoice) by a unique index,
 * checked before sending, so a row written twice or retried after a crash mails the customer once.
 */
export interface EmailOutboxWorker {
  runOnce(): Promise<{ sent: number; failed: number; retried: number; skipped: number }>;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 2 * 60 * 1000;
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 3600_000, 4 * 3600_000];
export const EMAIL_MAX_ATTEMPTS = BACKOFF_MS.length + 1;

export function createEmailOutboxWorker(deps: { db: Kysely<Database>; email: EmailProvider; now: () => Date; log: OutboxLogger; intervalMs: number; batchSize?: number }): EmailOutboxWorker {
  const { db, email, now, log } = deps;

  async function process(row: OutboxRow, run: { sent: number; failed: number; retried: number; skipped: number }): Promise<void> {
    if (!(await claimOutbox(db, row, new Date(now().getTime() + LEASE_MS).toISOString()))) {
      run.skipped += 1;
      return;
    }
    const attempt = row.attempts + 1;
    let payload: { invoiceId?: unknown; link?: unknown } = {};
    try {
      payload = JSON.parse(row.payload) as typeof payload;
    } catch {
      payload = {};
    }
    const invoiceId = Number(payload.invoiceId);
    const invoice = row.kind === 'email.invoice_issued' && Number.isSafeInteger(invoiceId) ? await findInvoiceForEmail(db, invoiceId) : undefined;
    if (!invoice || typeof payload.link !== 'string') {
      log.error({ outboxId: row.id, kind: row.kind }, 'email outbox row cannot be sent: unknown kind or invoice');
      await finishOutbox(db, row.id, now().toISOString(), 'unknown kind or invoice');
      run.failed += 1;
      return;
    }
    const dedupeKey = `${row.kind}:${invoiceId}`;
    if (await wasEmailSent(db, dedupeKey)) {
      await finishOutbox(db, row.id, now().toISOString(), null);
      run.skipped += 1;
      return;
    }
    const subject = `【发票】${invoice.title}的发票已开具`;
    const text = `${invoiceIssuedText({ company: invoice.title, amountFen: invoice.amountFen, link: payload.link })}\n\n本邮件由系统自动发送，请勿直接回复。`;
    let result: Awaited<ReturnType<EmailProvider['send']>>;
    try {
      result = await email.send({ to: invoice.email, subject, text, idempotencyKey: dedupeKey });
    } catch (error) {
      result = { ok: false, retryable: true, code: 'EXCEPTION', message: error instanceof Error ? error.message : String(error) };
    }
    const base = { outboxId: row.id, dedupeKey, orderId: invoice.orderId, to: invoice.email, subject, provider: email.id, at: now().toISOString() };
    if (result.ok) {
      try {
        await recordEmailAttempt(db, { ...base, status: 'SENT', providerMessageId: result.providerMessageId, error: '' });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      await finishOutbox(db, row.id, now().toISOString(), null);
      run.sent += 1;
      return;
    }
    const reason = `${result.code}: ${result.message}`.slice(0, 500);
    await recordEmailAttempt(db, { ...base, status: 'FAILED', providerMessageId: '', error: reason });
    if (!result.retryable || attempt >= EMAIL_MAX_ATTEMPTS) {
      log.error({ outboxId: row.id, code: result.code, attempt }, 'email not sent; giving up');
      await finishOutbox(db, row.id, now().toISOString(), reason);
      run.failed += 1;
    } else {
      const wait = BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]!;
      await retryOutboxLater(db, row.id, new Date(now().getTime() + wait).toISOString(), reason);
      log.warn({ outboxId: row.id, code: result.code, attempt, retryInMs: wait }, 'email not sent; will retry');
      run.retried += 1;
    }
  }

  async function runOnce() {
    const run = { sent: 0, failed: 0, retried: 0, skipped: 0 };
    const rows = await listDueOutbox(db, { kindLike: 'email.%', at: now().toISOString(), limit: deps.batchSize ?? 20 });
    for (const row of rows) {
      try {
        await process(row, run);
      } catch (error) {
        log.error({ err: error, outboxId: row.id }, 'email outbox row failed');
        run.failed += 1;
      }
    }
    return run;
  }

  // The sweeps' timer (periodic-job.ts): one round at a time, the next an interval after the last ends.
  return createPeriodicJob({
    round: () =>
      runOnce().then(
        (run) => {
          if (run.sent + run.failed + run.retried > 0) log.info({ ...run }, 'email outbox worked');
          return run;
        },
        (error: unknown) => {
          log.error({ err: error }, 'email outbox run failed');
          throw error;
        },
      ),
    intervalMs: deps.intervalMs,
    firstDelayMs: 1000,
  });
}
