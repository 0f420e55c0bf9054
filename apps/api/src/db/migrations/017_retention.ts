import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * The retention sweep (docs/decisions/031-retention-sweep.md):
 * - `orders.idno_purged_at`: when the sweep removed the ID number (ciphertext and hash); NULL while kept;
 * - `orders.contact_purged_at`: when it removed an unpaid order's phone and legal representative's name;
 * - a partial index over the orders not purged yet, by last change, so each round reads only those;
 * - `events(created_at)`, so deleting old analytics rows does not scan the table.
 */
export function retention(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('idno_purged_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('contact_purged_at', 'text').execute();
      await db.schema
        .createIndex('orders_retention_pending_idx')
        .on('orders')
        .column('update_time')
        .where(sql<boolean>`idno_purged_at IS NULL`)
        .execute();
      await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_created_idx').execute();
      await db.schema.dropIndex('orders_retention_pending_idx').execute();
      await db.schema.alterTable('orders').dropColumn('contact_purged_at').execute();
      await db.schema.alterTable('orders').dropColumn('idno_purged_at').execute();
    },
  };
}
