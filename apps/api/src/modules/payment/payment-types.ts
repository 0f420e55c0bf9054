import type { ErrorCode } from '@kuaibao/domain';

/*
 * The shapes the parts of the payment service (attempts.ts, notifications.ts, refunds.ts, sweeps.ts)
 * and its callers share. payment.service.ts composes those parts, so they cannot take these from it.
 */

export type PaymentOutcome =
  | 'APPLIED'
  | 'DUPLICATE'
  | 'UNKNOWN_TRADE'
  | 'AMOUNT_MISMATCH'
  | 'CURRENCY_MISMATCH'
  | 'REFUND_QUEUED'
  | 'IGNORED'
  | 'UNKNOWN_REFUND'
  | 'STALE'
  | 'CLOSED';

/** The console's refund action branches on this. */
export type RefundOrderResult =
  | { ok: true; state: 'SUCCESS' | 'PROCESSING'; outRefundNo: string }
  | { ok: false; reason: 'NOT_PAID' | 'ALREADY_REFUNDED' | 'ABNORMAL' | 'CLOSED' | 'PROVIDER_UNAVAILABLE' | 'AMOUNT_DIFFERS'; message: string };

/** The catalog code for each refusal of refundOrder, for callers that answer over HTTP. */
export const REFUND_FAILURE_CODES: Record<Extract<RefundOrderResult, { ok: false }>['reason'], ErrorCode> = {
  NOT_PAID: 'ORDER_NOT_REFUNDABLE',
  ALREADY_REFUNDED: 'ORDER_ALREADY_REFUNDED',
  ABNORMAL: 'REFUND_ABNORMAL',
  CLOSED: 'REFUND_CLOSED',
  PROVIDER_UNAVAILABLE: 'REFUND_PROVIDER_UNAVAILABLE',
  AMOUNT_DIFFERS: 'REFUND_AMOUNT_DIFFERS',
};

export interface SweepResult {
  /** rows looked at */
  examined: number;
  /** rows that failed this time (logged; retried later) */
  failed: number;
}
