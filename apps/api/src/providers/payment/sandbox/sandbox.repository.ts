import type { Kysely } from 'kysely';

/** The sandbox gateway's own trade book (migration 005): it plays an outside system, so its tables are its own. */
export interface SandboxTradesTable {
  out_trade_no: string;
  pay_type: string;
  amount_fen: number;
  description: string;
  /** REFUND: paid, then refunded in full */
  status: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  return_url: string | null;
  transaction_id: string | null;
  expires_at: string;
  created_at: string;
  paid_at: string | null;
}
/** The gateway's refund book (migration 005). Sandbox refunds succeed at once. */
export interface SandboxRefundsTable {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  amount_fen: number;
  status: 'SUCCESS';
  created_at: string;
  succeeded_at: string | null;
}
export type SandboxTables = { sandbox_trades: SandboxTradesTable; sandbox_refunds: SandboxRefundsTable };

/** The gateway's trade and refund book, built by the composition root (app.ts) on the database. */
export type SandboxStore = ReturnType<typeof createSandboxRepository>;

/** The gateway's SQL; the gateway (sandbox-gateway.ts) holds the rules. */
export function createSandboxRepository(db: Kysely<SandboxTables>) {
  return {
    findTrade(outTradeNo: string): Promise<SandboxTradesTable | undefined> {
      return db.selectFrom('sandbox_trades').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
    },

    async insertTrade(trade: SandboxTradesTable): Promise<void> {
      await db.insertInto('sandbox_trades').values(trade).execute();
    },

    /** NOTPAY → SUCCESS; false when another confirmation got there first. */
    async markTradePaid(outTradeNo: string, transactionId: string, paidAt: string): Promise<boolean> {
      const updated = await db
        .updateTable('sandbox_trades')
        .set({ status: 'SUCCESS', transaction_id: transactionId, paid_at: paidAt })
        .where('out_trade_no', '=', outTradeNo)
        .where('status', '=', 'NOTPAY')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async closeUnpaidTrade(outTradeNo: string): Promise<void> {
      await db.updateTable('sandbox_trades').set({ status: 'CLOSED' }).where('out_trade_no', '=', outTradeNo).where('status', '=', 'NOTPAY').execute();
    },

    findRefund(outRefundNo: string): Promise<SandboxRefundsTable | undefined> {
      return db.selectFrom('sandbox_refunds').selectAll().where('out_refund_no', '=', outRefundNo).executeTakeFirst();
    },

    /** What the refunds of a trade returned so far, fen (partial refunds add up, decision 057). */
    async refundedFen(outTradeNo: string): Promise<number> {
      const row = await db.selectFrom('sandbox_refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen')).where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();
      return Number(row.fen);
    },

    /** The refund and, when it is for the whole amount, the trade's REFUND state, together. */
    async recordRefund(refund: SandboxRefundsTable, options: { fullRefund: boolean }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sandbox_refunds').values(refund).execute();
        if (options.fullRefund) {
          await trx.updateTable('sandbox_trades').set({ status: 'REFUND' }).where('out_trade_no', '=', refund.out_trade_no).execute();
        }
      });
    },
  };
}
