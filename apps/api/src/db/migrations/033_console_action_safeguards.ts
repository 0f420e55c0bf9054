import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The console's action safeguards (docs/decisions/041-bulk-order-work-and-assignment.md):
 * - `completion_rules`: the admin's choice per service of whether completing an order needs a
 *   completion screenshot (packages/domain/src/order-completion.ts). Only choices made are stored; a
 *   service without a row follows the domain's default (compulsory for a cancellation).
 * - `client_key` on `order_calls` and `order_notes`: the key the console sends with one user action,
 *   unique per order, so a double click stores the call or the note once. Rows written before, and
 *   calls made without a key, have none (NULLs never collide).
 */
export function consoleActionSafeguards(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('completion_rules')
        .addColumn('goods_type', 'text', (c) => c.primaryKey())
        .addColumn('screenshot_required', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('order_calls').addColumn('client_key', 'text').execute();
      await db.schema.createIndex('order_calls_client_key_idx').on('order_calls').columns(['order_id', 'client_key']).unique().execute();
      await db.schema.alterTable('order_notes').addColumn('client_key', 'text').execute();
      await db.schema.createIndex('order_notes_client_key_idx').on('order_notes').columns(['order_id', 'client_key']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('order_notes_client_key_idx').execute();
      await db.schema.alterTable('order_notes').dropColumn('client_key').execute();
      await db.schema.dropIndex('order_calls_client_key_idx').execute();
      await db.schema.alterTable('order_calls').dropColumn('client_key').execute();
      await db.schema.dropTable('completion_rules').execute();
    },
  };
}
