import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * - `agreements`: every published version of the service agreement, never updated
 *   (docs/decisions/034-versioned-agreements.md); the current one is the last published. The seed
 *   writes the first version.
 * - `order_authorizations`: the 授权委托书 a visitor confirmed for a licence cancellation
 *   (docs/decisions/035-cancellation-authorisation.md), one per order, with the text as shown.
 */
export function agreementsAndAuthorizations(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('agreements'))
        .addColumn('version', 'text', (c) => c.notNull().unique())
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(kind)))
        .addColumn('created_by', 'integer')
        .execute();
      await withId(kind, db.schema.createTable('order_authorizations'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('template_version', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('signer_name', 'text', (c) => c.notNull())
        .addColumn('agent_name', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text', (c) => c.notNull())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_authorizations').execute();
      await db.schema.dropTable('agreements').execute();
    },
  };
}
