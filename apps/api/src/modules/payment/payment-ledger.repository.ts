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
  /** The attempts that paid these orders (settles_order): their transaction numbers (the order export, decision 061). */
  settlingAttempts(db: Db, orderIds: readonly number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('payment_attempts').select(['order_id', 'out_trade_no', 'provider_txn_id', 'paid_at']).where('order_id', 'in', [...orderIds]).where('status', '=', 'PAID').orderBy('settles_order', 'desc').orderBy('id').execute();
  },

  /** The order's own refunds that succeeded (not a duplicate payment returned): amount and last date per order. */
  refundedOfOrders(db: Db, orderIds: readonly number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('refunds')
      .select((eb) => ['order_id', eb.fn.sum<number>('amount_fen').as('fen'), eb.fn.max('succeeded_at').as('at')])
      .where('order_id', 'in', [...orderIds])
      .where('purpose', '=', 'ORDER')
      .where('status', '=', 'SUCCESS')
      .groupBy('order_id')
      .execute();
  },

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
