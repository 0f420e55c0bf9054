import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * Real payments (docs/decisions/006, 007):
 * - `payment_attempts` learn when the reconciliation sweep should next ask the provider about them
 *   (`next_query_at`, `query_count`), when the provider confirmed a close (`closed_at`), and which
 *   attempt's payment settled the order (`settles_order` = 1; a second payment is a duplicate).
 * - `refunds`: one full refund per paid attempt, its number deterministic (`R` + out_trade_no) and
 *   unique, so a retry can only ever reuse it. `purpose` ORDER refunds the order (status 4 on
 *   success); DUPLICATE returns a late or second payment and leaves the order as it is.
 * - `sandbox_refunds`: the sandbox gateway's own refund book, as an outside provider keeps one.
 */
export function payments(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);
      await db.schema.alterTable('payment_attempts').addColumn('next_query_at', 'text').execute();
      await db.schema.alterTable('payment_attempts').addColumn('query_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('payment_attempts').addColumn('closed_at', 'text').execute();
      await db.schema.alterTable('payment_attempts').addColumn('settles_order', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('payment_attempts_sweep_idx').on('payment_attempts').columns(['status', 'next_query_at']).execute();

      await withId(kind, db.schema.createTable('refunds'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempts.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text', (c) => c.notNull())
        .addColumn('out_refund_no', 'text', (c) => c.notNull().unique())
        .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql<boolean>`amount_fen > 0`))
        .addColumn('total_fen', 'integer', (c) => c.notNull().check(sql<boolean>`total_fen > 0`))
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql<boolean>`purpose in ('ORDER', 'DUPLICATE')`))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('requested_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('REQUESTED').check(sql<boolean>`status in ('REQUESTED', 'PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED')`),
        )
        .addColumn('provider_refund_id', 'text')
        .addColumn('last_error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_query_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('succeeded_at', 'text')
        .execute();
      await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
      await db.schema.createIndex('refunds_attempt_idx').on('refunds').column('attempt_id').execute();
      await db.schema.createIndex('refunds_sweep_idx').on('refunds').columns(['status', 'next_query_at']).execute();

      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('out_refund_no', 'text', (c) => c.primaryKey())
        .addColumn('out_trade_no', 'text', (c) => c.notNull())
        .addColumn('refund_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('succeeded_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sandbox_refunds').execute();
      await db.schema.dropTable('refunds').execute();
      await db.schema.dropIndex('payment_attempts_sweep_idx').execute();
      for (const column of ['settles_order', 'closed_at', 'query_count', 'next_query_at']) {
        await db.schema.alterTable('payment_attempts').dropColumn(column).execute();
      }
    },
  };
}
