import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The admin's choice per service of whether completing an order needs a completion screenshot
 * (packages/domain/src/order-completion.ts). Only choices made are stored; a service without a row
 * follows the domain's default (compulsory for a cancellation).
 */
export function completionRules(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('completion_rules')
        .addColumn('goods_type', 'text', (c) => c.primaryKey())
        .addColumn('screenshot_required', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('completion_rules').execute();
    },
  };
}
