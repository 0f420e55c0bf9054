import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * A staff member's saved list filters (docs/decisions/045-saved-filters-on-the-server.md): one row
 * per staff member, list and name; `search` is the list's query string without the page. Only
 * the owner reads or deletes a row; they go with their staff member, like the sessions.
 */
export function savedFilters(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('saved_filters'))
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('search', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(kind)))
        .execute();
      await db.schema.createIndex('saved_filters_owner_name_idx').on('saved_filters').columns(['staff_id', 'list', 'name']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_filters').execute();
    },
  };
}
