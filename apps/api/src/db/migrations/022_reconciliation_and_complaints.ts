import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * Money that reconciles itself.
 *
 * Daily reconciliation against the providers' trade bills (docs/decisions/039-daily-bill-reconciliation.md):
 * - `reconciliation_runs`: one row per provider and Beijing day (re-running a day replaces it),
 *   with both sides' totals and the outcome;
 * - `reconciliation_differences`: what did not agree, per line;
 * - an index over payment attempts by payment time, to read a day's payments without a scan.
 *
 * WeChat Pay's consumer complaints (docs/decisions/040-wechat-pay-complaints.md):
 * - `wechat_complaints`: each complaint as WeChat last told it (detail and negotiation history),
 *   linked to our order by out_trade_no, with what staff did (reply, completion, a refund request).
 */
export function reconciliationAndComplaints(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);
      await withId(kind, db.schema.createTable('reconciliation_runs'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('bill_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql<boolean>`status in ('RUNNING', 'DONE', 'NO_BILL', 'NOT_READY', 'FAILED')`))
        .addColumn('their_payment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('their_payment_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('their_refund_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('their_refund_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('our_payment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('our_payment_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('our_refund_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('our_refund_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('matched_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('difference_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('triggered_by', 'text', (c) => c.notNull().defaultTo('system'))
        .addColumn('started_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('finished_at', 'text')
        .addUniqueConstraint('reconciliation_runs_provider_date_key', ['provider', 'bill_date'])
        .execute();

      await withId(kind, db.schema.createTable('reconciliation_differences'))
        .addColumn('run_id', 'integer', (c) => c.notNull().references('reconciliation_runs.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql<boolean>`kind in ('MISSING_OURS', 'MISSING_THEIRS', 'AMOUNT_MISMATCH', 'STATUS_MISMATCH')`))
        .addColumn('line_kind', 'text', (c) => c.notNull().check(sql<boolean>`line_kind in ('payment', 'refund')`))
        .addColumn('out_trade_no', 'text', (c) => c.notNull())
        .addColumn('out_refund_no', 'text')
        .addColumn('order_id', 'integer')
        .addColumn('their_amount_fen', 'integer')
        .addColumn('our_amount_fen', 'integer')
        .addColumn('their_status', 'text')
        .addColumn('our_status', 'text')
        .execute();
      await db.schema.createIndex('reconciliation_differences_run_idx').on('reconciliation_differences').column('run_id').execute();
      await db.schema.createIndex('payment_attempts_paid_at_idx').on('payment_attempts').column('paid_at').execute();
      await db.schema.createIndex('refunds_created_at_idx').on('refunds').column('created_at').execute();

      await withId(kind, db.schema.createTable('wechat_complaints'))
        .addColumn('complaint_id', 'text', (c) => c.notNull().unique())
        .addColumn('state', 'text', (c) => c.notNull().check(sql<boolean>`state in ('PENDING', 'PROCESSING', 'PROCESSED')`))
        .addColumn('complaint_time', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('problem_type', 'text')
        .addColumn('problem_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('apply_refund_fen', 'integer')
        .addColumn('full_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('incoming_user_response', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_complaint_times', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('out_trade_no', 'text')
        .addColumn('transaction_id', 'text')
        .addColumn('amount_fen', 'integer')
        .addColumn('order_id', 'integer')
        .addColumn('history', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('last_action_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('refund_request_id', 'integer')
        .addColumn('responded_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('handled_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('wechat_complaints_state_idx').on('wechat_complaints').columns(['state', 'complaint_time']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wechat_complaints').execute();
      await db.schema.dropIndex('refunds_created_at_idx').execute();
      await db.schema.dropIndex('payment_attempts_paid_at_idx').execute();
      await db.schema.dropTable('reconciliation_differences').execute();
      await db.schema.dropTable('reconciliation_runs').execute();
    },
  };
}
