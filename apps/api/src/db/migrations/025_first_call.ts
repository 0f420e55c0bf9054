import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * The promise measured (docs/decisions/044-first-call-and-sla.md):
 * - `order_calls`: every call staff record on an order (outcome, note, who, server time);
 * - `orders.first_call_time`: the first of them, kept on the order so the queue's SLA views and the
 *   dashboard filter on one indexed column beside `pay_time` instead of a subquery per row. Orders
 *   handled before this migration have none: no call was recorded for them.
 */
export function firstCall(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('order_calls'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
        .addColumn('staff_name', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(kind)))
        .execute();
      await db.schema.createIndex('order_calls_order_idx').on('order_calls').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('order_calls_created_idx').on('order_calls').column('created_at').execute();
      await db.schema.alterTable('orders').addColumn('first_call_time', 'text').execute();
      // The SLA views: paid, open, not called, by payment time.
      await db.schema.createIndex('orders_first_call_idx').on('orders').columns(['status', 'first_call_time', 'pay_time']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_first_call_idx').execute();
      await db.schema.alterTable('orders').dropColumn('first_call_time').execute();
      await db.schema.dropTable('order_calls').execute();
    },
  };
}
