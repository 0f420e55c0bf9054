import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * The customer in one place (docs/decisions/043-customer-in-one-place.md):
 * - `orders.customer_request`: what the clerk asked the customer to supply when the order last
 *   moved to 待客户补充 (shown on /checkDetail while it waits; the history keeps every request);
 * - `feedback.order_id`: the order a complaint is about, when its contact names one, with an index
 *   for the customer view's "complaints of these orders".
 */
export function customerInOnePlace(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('customer_request', 'text').execute();
      await db.schema.alterTable('feedback').addColumn('order_id', 'integer').execute();
      await db.schema.createIndex('feedback_order_id_idx').on('feedback').column('order_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('feedback_order_id_idx').execute();
      await db.schema.alterTable('feedback').dropColumn('order_id').execute();
      await db.schema.alterTable('orders').dropColumn('customer_request').execute();
    },
  };
}
