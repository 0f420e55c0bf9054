import type { ProviderBillLine, ReconciliationDifference, ReconciliationResult } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';
import type { ReconciliationRunStatus } from '../../db/schema.ts';

/** SQL for the daily reconciliation's runs and differences (decision 039). */
export const reconciliationRepository = {
  /** Starts (or restarts) the run of a provider's day: counts reset, old differences gone. */
  async startRun(db: Db, input: { provider: string; date: string; triggeredBy: string; at: string }): Promise<number> {
    const row = await db
      .insertInto('reconciliation_runs')
      .values({ provider: input.provider, bill_date: input.date, status: 'RUNNING', triggered_by: input.triggeredBy, started_at: input.at })
      .onConflict((oc) =>
        oc.columns(['provider', 'bill_date']).doUpdateSet({
          status: 'RUNNING',
          triggered_by: input.triggeredBy,
          started_at: input.at,
          finished_at: null,
          error: '',
          their_payment_count: 0,
          their_payment_fen: 0,
          their_refund_count: 0,
          their_refund_fen: 0,
          our_payment_count: 0,
          our_payment_fen: 0,
          our_refund_count: 0,
          our_refund_fen: 0,
          matched_count: 0,
          difference_count: 0,
          their_fee_fen: null,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('reconciliation_differences').where('run_id', '=', row.id).execute();
    await db.deleteFrom('reconciliation_bill_lines').where('run_id', '=', row.id).execute();
    return row.id;
  },

  async finishRun(db: Db, input: { id: number; status: ReconciliationRunStatus; at: string; error?: string; result?: ReconciliationResult; feeFen?: number | null }): Promise<void> {
    const r = input.result;
    await db
      .updateTable('reconciliation_runs')
      .set({
        status: input.status,
        finished_at: input.at,
        error: (input.error ?? '').slice(0, 500),
        ...(input.feeFen === undefined ? {} : { their_fee_fen: input.feeFen }),
        ...(r
          ? {
              their_payment_count: r.theirs.paymentCount,
              their_payment_fen: r.theirs.paymentFen,
              their_refund_count: r.theirs.refundCount,
              their_refund_fen: r.theirs.refundFen,
              our_payment_count: r.ours.paymentCount,
              our_payment_fen: r.ours.paymentFen,
              our_refund_count: r.ours.refundCount,
              our_refund_fen: r.ours.refundFen,
              matched_count: r.matched,
              difference_count: r.differences.length,
            }
          : {}),
      })
      .where('id', '=', input.id)
      .execute();
  },

  async insertDifferences(db: Db, runId: number, differences: readonly ReconciliationDifference[]): Promise<void> {
    for (let i = 0; i < differences.length; i += 200) {
      const part = differences.slice(i, i + 200);
      await db
        .insertInto('reconciliation_differences')
        .values(
          part.map((d) => ({
            run_id: runId,
            kind: d.kind,
            line_kind: d.lineKind,
            out_trade_no: d.outTradeNo,
            out_refund_no: d.outRefundNo,
            order_id: d.orderId,
            their_amount_fen: d.theirAmountFen,
            our_amount_fen: d.ourAmountFen,
            their_status: d.theirStatus,
            our_status: d.ourStatus,
          })),
        )
        .execute();
    }
  },

  /** The bill's lines as read (decision 061): month close's fees, the order export's fee and transaction number. */
  async insertBillLines(db: Db, runId: number, lines: readonly ProviderBillLine[]): Promise<void> {
    for (let i = 0; i < lines.length; i += 200) {
      await db
        .insertInto('reconciliation_bill_lines')
        .values(
          lines.slice(i, i + 200).map((l) => ({
            run_id: runId,
            line_kind: l.kind,
            out_trade_no: l.outTradeNo,
            out_refund_no: l.outRefundNo,
            provider_txn_id: l.providerTxnId ?? null,
            amount_fen: l.amountFen,
            fee_fen: l.feeFen ?? null,
            provider_status: l.providerStatus,
          })),
        )
        .execute();
    }
  },

  /** The runs of the days from `from` to `to` (YYYY-MM-DD, both included): month close. */
  runsBetween(db: Db, from: string, to: string) {
    return db.selectFrom('reconciliation_runs').selectAll().where('bill_date', '>=', from).where('bill_date', '<=', to).orderBy('bill_date').orderBy('provider').execute();
  },

  /** The fee of each payment (by out_trade_no) over its bill lines, payment and refunds: charged less returned. Only trades whose payment line was read. */
  async feesOfTrades(db: Db, outTradeNos: readonly string[]): Promise<Map<string, number>> {
    if (outTradeNos.length === 0) return new Map();
    const rows = await db
      .selectFrom('reconciliation_bill_lines')
      .select((eb) => ['out_trade_no', eb.fn.sum<number>('fee_fen').as('fee'), eb.fn.sum<number>(eb.case().when('line_kind', '=', 'payment').then(eb.case().when('fee_fen', 'is', null).then(0).else(1).end()).else(0).end()).as('known')])
      .where('out_trade_no', 'in', [...outTradeNos])
      .groupBy('out_trade_no')
      .execute();
    return new Map(rows.filter((r) => Number(r.known) > 0).map((r) => [r.out_trade_no, Number(r.fee ?? 0)]));
  },

  findRun(db: Db, provider: string, date: string) {
    return db.selectFrom('reconciliation_runs').selectAll().where('provider', '=', provider).where('bill_date', '=', date).executeTakeFirst();
  },

  runsOfDay(db: Db, date: string) {
    return db.selectFrom('reconciliation_runs').selectAll().where('bill_date', '=', date).orderBy('provider').execute();
  },

  latestDate(db: Db): Promise<string | undefined> {
    return db
      .selectFrom('reconciliation_runs')
      .select('bill_date')
      .orderBy('bill_date', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row?.bill_date);
  },

  differencesOf(db: Db, runIds: readonly number[]) {
    if (runIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('reconciliation_differences').selectAll().where('run_id', 'in', runIds).orderBy('id').execute();
  },
};
