import type { PaySource, PayType, Platform } from '@kuaibao/domain';
import type { OrderRow, PaymentAttemptRow, ProviderEventRow, RefundRow } from '../../db/schema.ts';
import type { CreatePaymentResult, NotificationAck, RawNotification } from '../../providers/payment/port.ts';
import { createAttempts } from './attempts.ts';
import { createNotifications } from './notifications.ts';
import { createPaymentContext, type PaymentDeps } from './payment-context.ts';
import type { RefundOrderResult, StartAttemptInput, SweepResult } from './payment-types.ts';
import { createRefunds } from './refunds.ts';
import { createSweeps } from './sweeps.ts';

export interface PaymentService {
  /** docs/product/orders-and-statuses.md and provider capability; throws PAY_TYPE_NOT_ALLOWED / PAY_SOURCE_NOT_ALLOWED before anything is written. */
  checkPaymentChoice(input: { platform: Platform; payType: PayType; paySource: PaySource; openid: string | undefined }): void;
  /** Opens a new attempt (superseding pending ones) and asks the provider for a way to pay. */
  startAttempt(input: StartAttemptInput): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /** Verifies and applies a provider notification; the answer is what the provider expects back. */
  handleNotification(providerId: string, raw: RawNotification): Promise<NotificationAck>;
  /** Asks the provider about pending attempts of an order (the paying page polling). */
  /** True when a provider was asked (the order may have changed); false when nothing was due. */
  reconcileOrder(order: OrderRow): Promise<boolean>;
  /**
   * Full refund of the attempt that paid the order, under a deterministic number (`R` + out_trade_no)
   * reused on every retry. On SUCCESS — now, or later through a refund notification or the refund
   * sweep — the order becomes refunded, its handling ended ('已退款') and an `sms.refund_succeeded`
   * outbox row, in one transaction. Throws ORDER_NOT_FOUND / REFUND_REASON_REQUIRED.
   */
  refundOrder(input: { orderId: number; reason: string; requestedBy: string }): Promise<RefundOrderResult>;
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
