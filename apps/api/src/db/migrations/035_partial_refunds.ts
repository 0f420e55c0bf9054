import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Partial refunds (docs/decisions/057-partial-refunds.md):
 * - `orders.refunded_fen`: what went back to the payer (the order's own refund, once it succeeded);
 *   the console's paid / refunded / net, the dashboard's 净收入 and the customer's pages read it.
 *   Orders refunded before were refunded in full, so they get their paid amount.
 * - `orders.refund_reason`: the admin's reason for a partial refund, shown to the customer; '' for a full one.
 * - `refund_requests.amount_fen`: the amount the admin approved (NULL until approved);
 *   `refund_requests.partial_reason`: the reason given when it is less than was paid.
 */
export function partialRefunds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('refund_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
      await sql`UPDATE orders SET refunded_fen = total_fee WHERE status = '4'`.execute(db);
      await db.schema.alterTable('refund_requests').addColumn('amount_fen', 'integer').execute();
      await db.schema.alterTable('refund_requests').addColumn('partial_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('refund_requests').dropColumn('partial_reason').execute();
      await db.schema.alterTable('refund_requests').dropColumn('amount_fen').execute();
      await db.schema.alterTable('orders').dropColumn('refund_reason').execute();
      await db.schema.alterTable('orders').dropColumn('refunded_fen').execute();
    },
  };
}
