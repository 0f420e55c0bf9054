import { shanghaiDayWindow, type OurLedgerLine } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';
import { paymentLedgerRepository } from './payment-ledger.repository.ts';
import { reconciliationRepository } from './reconciliation.repository.ts';

/**
 * Our side of one provider's day, for the daily reconciliation (docs/decisions/039): the attempts
 * paid that Beijing day and the refunds asked for that day (sent to the provider or not), plus
 * every other attempt or refund the bill names.
 */
export async function ledgerForDay(db: Db, input: { provider: string; date: string; outTradeNos: readonly string[]; outRefundNos: readonly string[] }): Promise<OurLedgerLine[]> {
  const window = shanghaiDayWindow(input.date);
  if (!window) return [];
  const { provider } = input;
  const lines = new Map<string, OurLedgerLine>();
  const inWindow = (at: string | null) => at !== null && at >= window.start && at < window.end;

  const attempts = [...(await paymentLedgerRepository.attemptsPaidBetween(db, provider, window.start, window.end)), ...(await paymentLedgerRepository.attemptsByOutTradeNo(db, provider, input.outTradeNos))];
  for (const a of attempts) {
    lines.set(`P:${a.out_trade_no}`, { kind: 'payment', outTradeNo: a.out_trade_no, outRefundNo: null, orderId: a.order_id, amountFen: a.amount_fen, status: a.status, inDay: a.status === 'PAID' && inWindow(a.paid_at) });
  }
  const refunds = [...(await paymentLedgerRepository.refundsCreatedBetween(db, provider, window.start, window.end)), ...(await paymentLedgerRepository.refundsByOutRefundNo(db, provider, input.outRefundNos))];
  for (const r of refunds) {
    lines.set(`R:${r.out_refund_no}`, { kind: 'refund', outTradeNo: r.out_trade_no, outRefundNo: r.out_refund_no, orderId: r.order_id, amountFen: r.amount_fen, status: r.status, inDay: r.status !== 'REQUESTED' && inWindow(r.created_at) });
  }
  return [...lines.values()];
}

/** What the order export adds from the payment side (docs/decisions/061-exports-for-accountants.md). */
export interface OrderMoneyFacts {
  /** the provider's transaction number of the payment that paid the order */
  providerTxnId: string | null;
  /** the channel's fee on that payment from the bills, charged less returned; null until a bill named the payment */
  feeFen: number | null;
  /** the order's successful refunds, fen (0 when none) */
  refundFen: number;
  /** when the last of them succeeded (ISO) */
  refundedAt: string | null;
}

export async function orderMoneyFacts(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderMoneyFacts>> {
  const [attempts, refunds] = await Promise.all([paymentLedgerRepository.settlingAttempts(db, orderIds), paymentLedgerRepository.refundedOfOrders(db, orderIds)]);
  const fees = await reconciliationRepository.feesOfTrades(db, attempts.map((a) => a.out_trade_no));
  const facts = new Map<number, OrderMoneyFacts>();
  // The first paid attempt paid the order; a later one was a duplicate, returned.
  for (const attempt of attempts) {
    if (facts.has(attempt.order_id)) continue;
    facts.set(attempt.order_id, { providerTxnId: attempt.provider_txn_id, feeFen: fees.get(attempt.out_trade_no) ?? null, refundFen: 0, refundedAt: null });
  }
  for (const refund of refunds) {
    const fact = facts.get(refund.order_id) ?? { providerTxnId: null, feeFen: null, refundFen: 0, refundedAt: null };
    facts.set(refund.order_id, { ...fact, refundFen: Number(refund.fen ?? 0), refundedAt: (refund.at as string | null) ?? null });
  }
  return facts;
}
