import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * Staff sign-in throttling without lockouts (docs/decisions/014-staff-sign-in-throttling.md):
 * - `staff_login_attempts.device`: the device cookie an attempt was counted under, '' for an
 *   untrusted client (no valid cookie for that username, or one that failed too often);
 * - `staff_sign_in_throttle`: one row per username typed at sign-in. Updating it is the lock that
 *   makes "check the counters, then record the attempt" one step across API instances, and it
 *   folds the audit rows of refused attempts (at most one a minute per username).
 */
export function staffSignIn(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('staff_login_attempts')
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('staff_sign_in_throttle')
        .addColumn('username', 'text', (c) => c.primaryKey())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('refused_logged_at', 'text')
        .addColumn('refused_unlogged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('staff_sign_in_throttle_updated_idx').on('staff_sign_in_throttle').column('updated_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('staff_sign_in_throttle').execute();
      await db.schema.alterTable('staff_login_attempts').dropColumn('device').execute();
    },
  };
}
