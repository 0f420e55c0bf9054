import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The separate consent to processing the legal representative's ID number
 * (docs/decisions/050-separate-id-number-consent.md): the version of the text the visitor agreed to
 * and the server's time, beside the agreement's `consent_version` / `consent_time`. Orders placed
 * before keep NULL: their one tick covered both.
 */
export function idNumberConsent(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('idno_consent_version', 'text').execute();
      await db.schema.alterTable('orders').addColumn('idno_consent_time', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('idno_consent_time').execute();
      await db.schema.alterTable('orders').dropColumn('idno_consent_version').execute();
    },
  };
}
