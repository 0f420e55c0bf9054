import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso } from './util.ts';

/**
 * Orders get a public id: the browser holds it to poll its order, so it must not be the
 * sequential primary key (docs/decisions/004-public-order-id.md). The sandbox gateway keeps
 * its own trades, as an outside payment provider would.
 */
export function orderPublicIdAndSandbox(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('public_id', 'text').execute();
      await db.schema.createIndex('orders_public_id').unique().on('orders').column('public_id').execute();
      await db.schema
        .createTable('sandbox_trades')
        .addColumn('out_trade_no', 'text', (c) => c.primaryKey())
        .addColumn('pay_type', 'text', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text')
        .addColumn('transaction_id', 'text', (c) => c.unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(kind)))
        .addColumn('paid_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sandbox_trades').execute();
      await db.schema.dropIndex('orders_public_id').execute();
      await db.schema.alterTable('orders').dropColumn('public_id').execute();
    },
  };
}
