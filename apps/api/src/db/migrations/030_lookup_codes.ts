import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { withId } from './util.ts';

/**
 * The phone lookup's SMS codes (docs/decisions/049-phone-lookup-masked-until-proven.md): one row per
 * code asked for, whether or not the phone has orders (so the answer and the limits are the same
 * either way): the phone's keyed hash, the code's salted hash, expiry and wrong tries. Rows older
 * than a day serve no limit and are deleted when the next code is asked for.
 */
export function lookupCodes(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('lookup_codes'))
        .addColumn('phone_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', 'text', (c) => c.notNull())
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lookup_codes_phone_idx').on('lookup_codes').columns(['phone_hash', 'created_at']).execute();
      await db.schema.createIndex('lookup_codes_created_idx').on('lookup_codes').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lookup_codes').execute();
    },
  };
}
