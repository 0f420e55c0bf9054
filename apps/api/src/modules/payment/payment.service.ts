import type { PaymentAttemptRow, ProviderEventRow, RefundRow } from '../../db/schema.ts';
import type { NotificationAck, RawNotification } from '../../providers/payment/port.ts';
import type { PaymentSide } from '../order/index.ts';
import { createAttempts } from './attempts.ts';
import { createNotifications } from './notifications.ts';
import { createPaymentContext, type PaymentDeps } from './payment-context.ts';
import type { RefundOrderResult, SweepResult } from './payment-types.ts';
import { createRefunds } from './refunds.ts';
import { createSweeps } from './sweeps.ts';

/** The payment side of placing an order (PaymentSide, named by the order module), and the rest: notifications, refunds, the sweeps' work. */
export interface PaymentService extends PaymentSide {
  /** Verifies and applies a provider notification; the answer is what the provider expects back. */
  handleNotification(providerId: string, raw: RawNotification): Promise<NotificationAck>;
  /**
   * Full refund of the attempt that paid the order, under a deterministic number (`R` + out_trade_no)
   * reused on every retry. On SUCCESS — now, or later through a refund notification or the refund
   * sweep — the order becomes refunded, its handling ended ('已退款') and an `sms.refund_succeeded`
   * outbox row, in one transaction. Throws ORDER_NOT_FOUND / REFUND_REASON_REQUIRED.
   */
  refundOrder(input: { orderId: number; reason: string; requestedBy: string; amountFen?: number | undefined }): Promise<RefundOrderResult>;
  /** Payment attempts of an order, oldest first (plain rows, for the console's order detail). */
  listAttempts(orderId: number): Promise<PaymentAttemptRow[]>;
  /** Verified provider notifications and query results recorded for the order's attempts, oldest first. */
  listProviderEvents(orderId: number): Promise<ProviderEventRow[]>;
  /** Refunds of the order's attempts (the order's own and automatic ones), oldest first. */
  listRefunds(orderId: number): Promise<RefundRow[]>;
  /** Sweep: pending attempts due for a query, expired ones to close, superseded ones not yet closed. */
  reconcileDueAttempts(options?: { limit?: number }): Promise<SweepResult>;
  /** Sweep: `payment.refund_attempt` outbox rows (late or duplicate payments) become automatic full refunds. */
  processRefundOutbox(options?: { limit?: number }): Promise<SweepResult>;
  /** Sweep: refunds to resubmit (REQUESTED after a provider failure) or to query (PROCESSING). */
  reconcileDueRefunds(options?: { limit?: number }): Promise<SweepResult>;
}

/**
 * The payment service, composed of its four parts over one shared context: attempts.ts (opening and
 * settling attempts), notifications.ts (what providers tell us), refunds.ts (full refunds) and
 * sweeps.ts (the work nobody is watching).
 */
export function createPaymentService(deps: PaymentDeps): PaymentService {
  const ctx = createPaymentContext(deps);
  const attempts = createAttempts(ctx);
  const refunds = createRefunds(ctx);
  const notifications = createNotifications(ctx, { attempts, refunds });
  const sweeps = createSweeps(ctx, { attempts, refunds });
  return {
    checkPaymentChoice: attempts.checkPaymentChoice,
    startAttempt: attempts.startAttempt,
    openAttempt: attempts.openAttempt,
    askProvider: attempts.askProvider,
    handleNotification: notifications.handleNotification,
    reconcileOrder: attempts.reconcileOrder,
    refundOrder: refunds.refundOrder,
    listAttempts: attempts.listAttempts,
    listProviderEvents: attempts.listProviderEvents,
    listRefunds: refunds.listRefunds,
    reconcileDueAttempts: sweeps.reconcileDueAttempts,
    processRefundOutbox: sweeps.processRefundOutbox,
    reconcileDueRefunds: sweeps.reconcileDueRefunds,
  };
}
