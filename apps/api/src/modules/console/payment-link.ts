import type { ConsolePaymentAttempt, ConsoleProviderEvent } from '@kuaibao/domain';
import type { PaymentService, RefundOrderResult } from '../payment/index.ts';

/**
 * The console's one link to the payment module. Refunds go through the payment service's
 * refundOrder (docs/decisions/008): the console decides who may refund and when, the payment
 * module talks to the provider and moves the order to refunded. Only this file calls it.
 */
export type { RefundOrderResult };
export type RefundOrderInput = Parameters<PaymentService['refundOrder']>[0];

export interface PaymentLink {
  refundOrder(input: RefundOrderInput): Promise<RefundOrderResult>;
  listAttempts(orderId: number): Promise<ConsolePaymentAttempt[]>;
  listProviderEvents(orderId: number): Promise<ConsoleProviderEvent[]>;
}

export function createPaymentLink(deps: { payments: Pick<PaymentService, 'refundOrder' | 'listAttempts' | 'listProviderEvents'> }): PaymentLink {
  const { payments } = deps;
  return {
    // Looked up at call time, so a test can stand in for the provider's answer.
    refundOrder: (input) => payments.refundOrder(input),

    async listAttempts(orderId) {
      const rows = await payments.listAttempts(orderId);
      return rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        pay_type: row.pay_type,
        pay_source: row.pay_source,
        out_trade_no: row.out_trade_no,
        amount_fen: row.amount_fen,
        status: row.status,
        provider_txn_id: row.provider_txn_id,
        created_at: row.created_at,
        paid_at: row.paid_at,
      }));
    },

    // The raw notification bodies stay out of the console: staff need what happened, not the payload.
    async listProviderEvents(orderId) {
      const rows = await payments.listProviderEvents(orderId);
      return rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        event_id: row.event_id,
        out_trade_no: row.out_trade_no,
        verified: row.verified === 1,
        result: row.result,
        created_at: row.created_at,
      }));
    },
  };
}
