import type { Db } from '../../db/query-helpers.ts';

/** Reads of payment attempts and refunds for the daily reconciliation (payment-ledger.ts gives them out). */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const attemptColumns = ['order_id', 'out_trade_no', 'amount_fen', 'status', 'paid_at'] as const;
const refundColumns = ['order_id', 'out_trade_no', 'out_refund_no', 'amount_fen', 'status', 'created_at'] as const;

export const paymentLedgerRepository = {
  attemptsPaidBetween(db: Db, provider: string, start: string, end: string) {
    return db.selectFrom('payment_attempts').select(attemptColumns).where('provider', '=', provider).where('paid_at', '>=', start).where('paid_at', '<', end).execute();
  },

  async attemptsByOutTradeNo(db: Db, provider: string, outTradeNos: readonly string[]) {
    const rows = [];
    for (const part of chunks(outTradeNos)) rows.push(...(await db.selectFrom('payment_attempts').select(attemptColumns).where('provider', '=', provider).where('out_trade_no', 'in', part).execute()));
    return rows;
  },

  refundsCreatedBetween(db: Db, provider: string, start: string, end: string) {
    return db.selectFrom('refunds').select(refundColumns).where('provider', '=', provider).where('created_at', '>=', start).where('created_at', '<', end).execute();
  },

  async refundsByOutRefundNo(db: Db, provider: string, outRefundNos: readonly string[]) {
    const rows = [];
    for (const part of chunks(outRefundNos)) rows.push(...(await db.selectFrom('refunds').select(refundColumns).where('provider', '=', provider).where('out_refund_no', 'in', part).execute()));
    return rows;
  },
};

/** The order a payment attempt belongs to (complaints name the payment, decision 040). */
export function orderIdOfAttempt(db: Db, provider: string, outTradeNo: string): Promise<number | undefined> {
  return db
    .selectFrom('payment_attempts')
    .select('order_id')
    .where('provider', '=', provider)
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst()
    .then((row) => row?.order_id);
}
