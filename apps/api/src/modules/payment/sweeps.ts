import { QUERY_BACKOFF_MS, REFUND_OUTBOX_KIND, backoff, type PaymentContext } from './payment-context.ts';
import { paymentRepository } from './payment.repository.ts';
import type { SweepResult } from './payment-types.ts';
import type { Attempts } from './attempts.ts';
import { fullRefundOf, type Refunds } from './refunds.ts';

export interface Sweeps {
  reconcileDueAttempts(options?: { limit?: number }): Promise<SweepResult>;
  processRefundOutbox(options?: { limit?: number }): Promise<SweepResult>;
  reconcileDueRefunds(options?: { limit?: number }): Promise<SweepResult>;
}

/** The work nobody is watching: attempts and refunds due for a query, and late payments to refund (run by jobs/payment-sweeps.ts). */
export function createSweeps(ctx: PaymentContext, parts: { attempts: Attempts; refunds: Refunds }): Sweeps {
  const { db, log, iso, later } = ctx;

  /** Each row on its own: one failure is logged and retried later, the others still run. */
  async function runSweep<T>(rows: T[], each: (row: T) => Promise<void>, describe: (row: T) => Record<string, unknown>): Promise<SweepResult> {
    let failed = 0;
    for (const row of rows) {
      try {
        await each(row);
      } catch (error) {
        failed += 1;
        log.warn({ err: error, ...describe(row) }, 'sweep step failed; retried later');
      }
    }
    return { examined: rows.length, failed };
  }

  return {
    async reconcileDueAttempts(options = {}) {
      const due = await paymentRepository.listDueAttempts(db, iso(), options.limit ?? 50);
      return runSweep(
        due,
        async (attempt) => {
          try {
            await parts.attempts.reconcileAttempt(attempt);
          } catch (error) {
            await paymentRepository.scheduleAttempt(db, attempt.id, attempt.status, later(backoff(QUERY_BACKOFF_MS, attempt.query_count + 1)));
            throw error;
          }
        },
        (attempt) => ({ outTradeNo: attempt.out_trade_no }),
      );
    },

    async processRefundOutbox(options = {}) {
      const rows = await paymentRepository.listPendingOutbox(db, REFUND_OUTBOX_KIND, options.limit ?? 50);
      return runSweep(
        rows,
        async (row) => {
          let payload: { outTradeNo?: unknown; reason?: unknown };
          try {
            payload = JSON.parse(row.payload) as typeof payload;
          } catch {
            payload = {};
          }
          const attempt = typeof payload.outTradeNo === 'string' ? await paymentRepository.findAttempt(db, payload.outTradeNo) : undefined;
          if (!attempt || attempt.status !== 'PAID') {
            await paymentRepository.markOutboxProcessed(db, row.id, iso(), 'no paid attempt for this refund');
            log.error({ outboxId: row.id, payload: row.payload }, 'refund outbox row without a paid attempt');
            return;
          }
          const refund = await paymentRepository.ensureRefund(
            db,
            fullRefundOf(attempt, {
              // The attempt that paid the order is refunded only by refundOrder; this one is an extra payment.
              purpose: attempt.settles_order === 1 ? 'ORDER' : 'DUPLICATE',
              reason: typeof payload.reason === 'string' ? payload.reason : 'duplicate payment',
              requestedBy: 'system',
              nextQueryAt: iso(),
              now: iso(),
            }),
          );
          // From here the refund row carries the retries; the outbox row is done.
          if (!(await paymentRepository.markOutboxProcessed(db, row.id, iso(), null))) return;
          if (refund.status === 'REQUESTED') await parts.refunds.submitRefund(refund);
        },
        (row) => ({ outboxId: row.id }),
      );
    },

    async reconcileDueRefunds(options = {}) {
      const due = await paymentRepository.listDueRefunds(db, iso(), options.limit ?? 50);
      return runSweep(
        due,
        async (refund) => {
          if (refund.status === 'REQUESTED') await parts.refunds.submitRefund(refund);
          else await parts.refunds.refreshRefund(refund);
        },
        (refund) => ({ outRefundNo: refund.out_refund_no }),
      );
    },
  };
}
