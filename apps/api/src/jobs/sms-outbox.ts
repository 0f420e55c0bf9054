import type { Kysely } from 'kysely';
import { SMS_TEMPLATES, customerRequestSmsParam, formatFen, isSmsTemplateId, isValidMobilePhone, isWithinSendingHours, nextSendingTime, refundSmsDetail, renderSms, smsParam, type SmsTemplateId } from '@kuaibao/domain';
import type { Database, OutboxRow } from '../db/schema.ts';
import type { AppMetrics } from '../observability/metrics.ts';
import type { SmsProvider } from '../providers/sms/index.ts';
import { claimOutbox, finishOutbox, listDueOutbox, retryOutboxLater } from '../db/outbox.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { findOrderForNotice } from '../modules/order/index.ts';
import { recordSmsAttempt, wasSmsSent } from '../modules/sms/index.ts';

/**
 * Sends the `sms.*` rows of the outbox (written in the same transaction as the change they
 * announce: payment, completion, refund). Each row is claimed with a lease, so several API
 * instances can run this; a provider failure is retried with backoff; every attempt lands in
 * sms_log. Idempotency: one notice per (template, order), enforced by a unique index on the
 * SENT rows of sms_log and checked before sending, so a row written twice or retried after a
 * crash does not text the customer twice, short of a crash between the provider's answer and
 * our commit (providers get the key as OutId / SessionContext to trace that case).
 */

export interface OutboxLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface SmsOutboxRun {
  sent: number;
  failed: number;
  retried: number;
  /** already sent (a duplicate row), or taken by another worker */
  skipped: number;
}

export interface SmsOutboxWorker {
  runOnce(): Promise<SmsOutboxRun>;
  /** Works the outbox every intervalMs (server.ts); a no-op when the interval is 0. */
  start(): void;
  /** Stops the timer and waits for a run in progress (app close). */
  stop(): Promise<void>;
}

/** A claimed row is left alone by other workers for this long. */
const LEASE_MS = 2 * 60 * 1000;
/** Waits after the 1st, 2nd, … failed attempt. */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 3600_000, 4 * 3600_000];
export const SMS_MAX_ATTEMPTS = BACKOFF_MS.length + 1;

interface Payload {
  orderId?: unknown;
  phone?: unknown;
  /** the request of 待客户补充 (decision 043) */
  request?: unknown;
  /** the invoice's download link (invoice_issued, decision 060): never shortened, a cut link is useless */
  link?: unknown;
  /** a notice sent more than once per order (each request) names itself; others are one per order */
  noticeKey?: unknown;
  /** a refund notice: what went back, what was paid, and a partial refund's reason (decision 057) */
  amountFen?: unknown;
  paidFen?: unknown;
  partialReason?: unknown;
  /** the season reminder (docs/decisions/065-next-season-reminder.md): the report year and the site to come back to */
  year?: unknown;
  site?: unknown;
}


export function createSmsOutboxWorker(deps: {
  db: Kysely<Database>;
  sms: SmsProvider;
  now: () => Date;
  log: OutboxLogger;
  intervalMs: number;
  batchSize?: number;
  /** notices sent, failed and retried (the app's registry; absent in unit tests) */
  metrics?: AppMetrics;
  /** the reminder's clock (a test may move it): a season reminder leaves only within its sending hours */
  reminderNow?: () => Date;
}): SmsOutboxWorker {
  const { db, sms, now, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  /** Takes the row for LEASE_MS; false when another worker got it first. */
  async function claim(row: OutboxRow): Promise<boolean> {
    return claimOutbox(db, row, new Date(now().getTime() + LEASE_MS).toISOString());
  }

  async function finish(id: number, lastError: string | null): Promise<void> {
    await finishOutbox(db, id, now().toISOString(), lastError);
  }

  async function logAttempt(values: { outboxId: number; dedupeKey: string; orderId: number | null; phone: string; template: string; content: string; status: 'SENT' | 'FAILED'; providerMessageId?: string; error?: string }): Promise<void> {
    await recordSmsAttempt(db, {
      outboxId: values.outboxId,
      dedupeKey: values.dedupeKey,
      orderId: values.orderId,
      phone: values.phone,
      template: values.template,
      content: values.content,
      provider: sms.id,
      status: values.status,
      providerMessageId: values.providerMessageId ?? '',
      error: (values.error ?? '').slice(0, 500),
      at: now().toISOString(),
    });
  }

  async function process(row: OutboxRow, run: SmsOutboxRun): Promise<void> {
    if (!(await claim(row))) {
      run.skipped += 1;
      return;
    }
    const attempt = row.attempts + 1;
    const template = row.kind.slice('sms.'.length);
    let payload: Payload;
    try {
      payload = JSON.parse(row.payload) as Payload;
    } catch {
      payload = {};
    }
    const orderId = typeof payload.orderId === 'number' ? payload.orderId : Number(payload.orderId);
    if (!isSmsTemplateId(template) || !Number.isSafeInteger(orderId)) {
      log.error({ outboxId: row.id, kind: row.kind }, 'SMS outbox row cannot be sent: unknown template or order');
      await finish(row.id, 'unknown template or order');
      run.failed += 1;
      return;
    }
    // A season reminder keeps the quiet hours even when a retry would carry it past 21:00 (decision 065).
    if (template === 'season_reminder') {
      const reminderAt = (deps.reminderNow ?? now)();
      if (!isWithinSendingHours(reminderAt)) {
        const wait = nextSendingTime(reminderAt).getTime() - reminderAt.getTime();
        await retryOutboxLater(db, row.id, new Date(now().getTime() + wait).toISOString(), 'held for the sending hours (08:00–21:00)');
        run.retried += 1;
        return;
      }
    }
    const order = await findOrderForNotice(db, orderId);
    const phone = typeof payload.phone === 'string' && payload.phone !== '' ? payload.phone : order?.entity_phone;
    if (!order || !phone || !isValidMobilePhone(phone)) {
      log.error({ outboxId: row.id, orderId }, 'SMS outbox row cannot be sent: no order or no valid phone');
      await finish(row.id, 'no order or no valid phone');
      run.failed += 1;
      return;
    }
    const dedupeKey = typeof payload.noticeKey === 'string' && payload.noticeKey !== '' ? `${template}:${order.id}:${payload.noticeKey}` : `${template}:${order.id}`;
    if (await wasSmsSent(db, dedupeKey)) {
      await finish(row.id, null);
      run.skipped += 1;
      return;
    }
    // A refund notice tells what went back, which may be less than was paid (decision 057).
    const refundedFen = template === 'refund_succeeded' && typeof payload.amountFen === 'number' ? payload.amountFen : order.total_fee;
    const paidFen = typeof payload.paidFen === 'number' ? payload.paidFen : order.total_fee;
    const detail = refundSmsDetail({ paidFen, refundedFen, partialReason: typeof payload.partialReason === 'string' ? payload.partialReason : '' });
    const values: Record<string, string> = {
      goods: smsParam(order.goods_name),
      amount: formatFen(refundedFen),
      order_no: order.out_trade_no,
      company: smsParam(order.entity_name),
      request: typeof payload.request === 'string' ? customerRequestSmsParam(payload.request) : '',
      detail: smsParam(detail),
      link: typeof payload.link === 'string' ? payload.link : '',
      year: typeof payload.year === 'string' ? payload.year : '',
      site: typeof payload.site === 'string' ? smsParam(payload.site) : '',
    };
    // Exactly the template's parameters: providers refuse extra ones.
    const used = Object.fromEntries(SMS_TEMPLATES[template as SmsTemplateId].params.map((name) => [name, values[name] ?? '']));
    const text = renderSms(template as SmsTemplateId, used);

    let result: Awaited<ReturnType<SmsProvider['send']>>;
    try {
      result = await sms.send({ phone, template, params: used, text, idempotencyKey: dedupeKey });
    } catch (error) {
      result = { ok: false, retryable: true, code: 'EXCEPTION', message: error instanceof Error ? error.message : String(error) };
    }
    if (result.ok) {
      try {
        await logAttempt({ outboxId: row.id, dedupeKey, orderId: order.id, phone, template, content: text, status: 'SENT', providerMessageId: result.providerMessageId });
      } catch (error) {
        // Another worker recorded this notice meanwhile; ours is the duplicate the index exists for.
        if (!isUniqueViolation(error)) throw error;
      }
      await finish(row.id, null);
      run.sent += 1;
      return;
    }
    await logAttempt({ outboxId: row.id, dedupeKey, orderId: order.id, phone, template, content: text, status: 'FAILED', error: `${result.code}: ${result.message}` });
    const giveUp = !result.retryable || attempt >= SMS_MAX_ATTEMPTS;
    if (giveUp) {
      log.error({ outboxId: row.id, orderId: order.id, code: result.code, attempt }, 'SMS not sent; giving up');
      await finish(row.id, `${result.code}: ${result.message}`.slice(0, 500));
      run.failed += 1;
    } else {
      const wait = BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]!;
      await retryOutboxLater(db, row.id, new Date(now().getTime() + wait).toISOString(), `${result.code}: ${result.message}`.slice(0, 500));
      log.warn({ outboxId: row.id, orderId: order.id, code: result.code, attempt, retryInMs: wait }, 'SMS not sent; will retry');
      run.retried += 1;
    }
  }

  async function runOnce(): Promise<SmsOutboxRun> {
    const run: SmsOutboxRun = { sent: 0, failed: 0, retried: 0, skipped: 0 };
    const at = now().toISOString();
    const rows = await listDueOutbox(db, { kindLike: 'sms.%', at, limit: deps.batchSize ?? 20 });
    for (const row of rows) {
      try {
        await process(row, run);
      } catch (error) {
        // A database hiccup: the lease expires and the row is tried again.
        log.error({ err: error, outboxId: row.id }, 'SMS outbox row failed');
        run.failed += 1;
      }
    }
    if (deps.metrics) {
      deps.metrics.sweepLastSuccess.set({ sweep: 'sms-outbox' }, now().getTime() / 1000);
      deps.metrics.smsSent.inc({ result: 'sent' }, run.sent);
      deps.metrics.smsSent.inc({ result: 'failed' }, run.failed);
      deps.metrics.smsSent.inc({ result: 'retried' }, run.retried);
    }
    return run;
  }

  return {
    runOnce,
    start() {
      if (timer !== undefined || deps.intervalMs <= 0) return;
      stopped = false;
      const tick = () => {
        running = runOnce()
          .then((run) => {
            if (run.sent + run.failed + run.retried > 0) log.info({ ...run }, 'SMS outbox worked');
          })
          .catch((error: unknown) => log.error({ err: error }, 'SMS outbox run failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
          });
      };
      timer = setTimeout(tick, Math.min(deps.intervalMs, 1000)).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
