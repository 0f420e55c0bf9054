import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * Against replay and analytics flooding (docs/security.md):
 * - `request_nonces`: the signature nonces seen inside their window, kept in the database so a
 *   restart (or another instance on the same database) does not accept a captured request again;
 * - an index for "has this device already sent this event today", so analytics keep the first
 *   sighting per device, key and day instead of every byte a client cares to send.
 */
export function requestNonces(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        // Unix seconds after which the nonce may be forgotten.
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('request_nonces_expires_idx').on('request_nonces').column('expires_at').execute();
      await db.schema.createIndex('events_device_key_time_idx').on('events').columns(['device_id', 'key', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_device_key_time_idx').execute();
      await db.schema.dropTable('request_nonces').execute();
    },
  };
}
