import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * A commercial company-data source behind the directory (docs/decisions/020-company-directory-vendor.md):
 * - `companies.key_no`, `source`, `fetched_at`: a company the vendor returned is written into the
 *   local directory with the vendor's own id, so the next search for it is local and free;
 * - `directory_vendor_cache`: every vendor answer, "no result" included, by normalised keyword;
 * - `directory_vendor_calls`: the cost ledger, calls per Shanghai day and vendor status (the daily
 *   budget is counted from it, so it holds across restarts and API instances).
 */
export function companyDirectoryVendor(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').addColumn('key_no', 'text').execute();
      await db.schema.alterTable('companies').addColumn('source', 'text', (c) => c.notNull().defaultTo('local')).execute();
      await db.schema.alterTable('companies').addColumn('fetched_at', 'text').execute();
      await db.schema
        .createTable('directory_vendor_cache')
        .addColumn('vendor', 'text', (c) => c.notNull())
        .addColumn('keyword', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('result_json', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('directory_vendor_cache_pkey', ['vendor', 'keyword'])
        .execute();
      await db.schema
        .createTable('directory_vendor_calls')
        .addColumn('vendor', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('directory_vendor_calls_pkey', ['vendor', 'day', 'status'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('directory_vendor_calls').execute();
      await db.schema.dropTable('directory_vendor_cache').execute();
      await db.schema.alterTable('companies').dropColumn('fetched_at').execute();
      await db.schema.alterTable('companies').dropColumn('source').execute();
      await db.schema.alterTable('companies').dropColumn('key_no').execute();
    },
  };
}
