import type { ReconciliationDifference, ReconciliationResult } from '@kuaibao/domain';
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
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('reconciliation_differences').where('run_id', '=', row.id).execute();
    return row.id;
  },

  async finishRun(db: Db, input: { id: number; status: ReconciliationRunStatus; at: string; error?: string; result?: ReconciliationResult }): Promise<void> {
    const r = input.result;
    await db
      .updateTable('reconciliation_runs')
      .set({
        status: input.status,
        finished_at: input.at,
        error: (input.error ?? '').slice(0, 500),
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
