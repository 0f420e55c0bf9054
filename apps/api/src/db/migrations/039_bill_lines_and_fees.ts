import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { withId } from './util.ts';

/**
 * Month close and the order export read what the daily bills said line by line
 * (docs/decisions/061-exports-for-accountants.md):
 * - `reconciliation_runs.their_fee_fen`: the day's fees on the bill (charged less returned), fen;
 *   NULL for a run from before, or a bill without fees;
 * - `reconciliation_bill_lines`: every line of the run's bill (payment or refund, amount, fee, the
 *   provider's transaction number), replaced with the run; the order export finds an order's fee
 *   and transaction number by its payment's out_trade_no.
 */
export function billLinesAndFees(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reconciliation_runs').addColumn('their_fee_fen', 'integer').execute();
      await withId(kind, db.schema.createTable('reconciliation_bill_lines'))
        .addColumn('run_id', 'integer', (c) => c.notNull().references('reconciliation_runs.id').onDelete('cascade'))
        .addColumn('line_kind', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text', (c) => c.notNull())
        .addColumn('out_refund_no', 'text')
        .addColumn('provider_txn_id', 'text')
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('fee_fen', 'integer')
        .addColumn('provider_status', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('reconciliation_bill_lines_run_idx').on('reconciliation_bill_lines').column('run_id').execute();
      await db.schema.createIndex('reconciliation_bill_lines_trade_idx').on('reconciliation_bill_lines').column('out_trade_no').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reconciliation_bill_lines').execute();
      await db.schema.alterTable('reconciliation_runs').dropColumn('their_fee_fen').execute();
    },
  };
}
