import { AppError, isAttemptOpenAtProvider } from '@kuaibao/domain';
import type { NotificationAck, RawNotification, VerifiedEvent } from '../../providers/payment/port.ts';
import type { Attempts } from './attempts.ts';
import type { PaymentContext } from './payment-context.ts';
import { paymentRepository } from './payment.repository.ts';
import type { PaymentOutcome } from './payment-types.ts';
import type { Refunds } from './refunds.ts';

export interface Notifications {
  /** Verifies and applies a provider notification; the answer is what the provider expects back. */
  handleNotification(providerId: string, raw: RawNotification): Promise<NotificationAck>;
}

/** Provider notifications: payments, refunds, closes; each recorded once under its event id. */
export function createNotifications(ctx: PaymentContext, parts: { attempts: Attempts; refunds: Refunds }): Notifications {
  const { db, providers, log, iso } = ctx;
  const count = (provider: string, kind: string, outcome: string) => ctx.metrics?.paymentNotifications.inc({ provider, kind, outcome });

  async function applyRefundEvent(providerId: string, event: Extract<VerifiedEvent, { kind: 'refund' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo: event.outTradeNo, raw, result: 'PROCESSING', at: iso() });
      if (!fresh) return 'DUPLICATE';
      const finish = async (outcome: PaymentOutcome) => {
        await paymentRepository.setEventResult(trx, providerId, event.eventId, outcome);
        return outcome;
      };
      const refund = await paymentRepository.findRefundByNumber(trx, event.outRefundNo);
      if (!refund || refund.provider !== providerId || refund.out_trade_no !== event.outTradeNo) {
        log.warn({ provider: providerId, outRefundNo: event.outRefundNo }, 'refund notification for a refund we did not ask for');
        return finish('UNKNOWN_REFUND');
      }
      if (event.refundFen !== null && event.refundFen !== refund.amount_fen) {
        log.error({ outRefundNo: refund.out_refund_no, expected: refund.amount_fen, got: event.refundFen }, 'refund amount mismatch');
        return finish('AMOUNT_MISMATCH');
      }
      const moved = await parts.refunds.transitionRefund(trx, refund, { state: event.state, providerRefundId: event.providerRefundId, succeededAt: event.succeededAt });
      return finish(moved === 'APPLIED' ? 'APPLIED' : moved === 'UNCHANGED' ? 'DUPLICATE' : 'STALE');
    });
  }

  async function recordOnly(providerId: string, event: Extract<VerifiedEvent, { kind: 'closed' | 'ignored' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const outTradeNo = event.outTradeNo ?? null;
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo, raw, result: event.kind === 'closed' ? 'CLOSED' : 'IGNORED', at: iso() });
      if (!fresh) return 'DUPLICATE';
      if (event.kind === 'closed' && outTradeNo) {
        const attempt = await paymentRepository.findAttempt(trx, outTradeNo);
        if (attempt && attempt.provider === providerId && isAttemptOpenAtProvider(attempt.status)) {
          await paymentRepository.markAttemptClosed(trx, attempt.id, attempt.status, attempt.status === 'PENDING' ? 'CLOSED' : 'SUPERSEDED', iso());
        }
        return 'CLOSED';
      }
      return 'IGNORED';
    });
  }

  return {
    async handleNotification(providerId, raw) {
      const provider = providers.byId(providerId);
      if (!provider) throw new AppError('NOT_FOUND');
      try {
        const parsed = await provider.parseNotification(raw);
        if (!parsed.ok) {
          log.warn({ provider: providerId, reason: parsed.reason }, 'payment notification rejected');
          count(providerId, 'unknown', 'REJECTED');
          return provider.acknowledge('rejected');
        }
        const { event } = parsed;
        let outcome: PaymentOutcome;
        if (event.kind === 'payment') outcome = await parts.attempts.applyPayment(provider.id, event, raw.rawBody);
        else if (event.kind === 'refund') outcome = await applyRefundEvent(provider.id, event, raw.rawBody);
        else outcome = await recordOnly(provider.id, event, raw.rawBody);
        log.info({ provider: providerId, eventId: event.eventId, kind: event.kind, outcome }, 'payment notification handled');
        count(providerId, event.kind, outcome);
        // Acknowledge only after the transaction committed: a failure above answers "failed" and the provider retries.
        return provider.acknowledge('accepted');
      } catch (error) {
        log.error({ err: error, provider: providerId }, 'payment notification failed; the provider will retry');
        count(providerId, 'unknown', 'FAILED');
        return provider.acknowledge('failed');
      }
    },
  };
}
