import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * Next year's reminder (docs/decisions/065-next-season-reminder.md).
 * `reminder_consents`: the visitor's tick on a paid annual-report order — one row per order, the
 * company and phone it reminds, the consent text's version and the time it was given; withdrawn_at
 * and how (the one-tap page, an SMS reply, the visitor's untick) once withdrawn.
 * `reminder_batches`: each "发送提醒" an admin started, and what it did.
 * `reminders_sent`: each reminder queued, first or second; the unique (consent, season, ordinal) is
 * the rule "at most one first and one second per season" that two batches at once cannot break.
 */
export function seasonReminders(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);
      await withId(kind, db.schema.createTable('reminder_consents'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
        .addColumn('entity_name', 'text', (c) => c.notNull())
        .addColumn('credit_code', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('given_at', 'text', (c) => c.notNull())
        .addColumn('withdrawn_at', 'text')
        .addColumn('withdrawn_via', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('reminder_consents_phone_idx').on('reminder_consents').column('phone').execute();
      await db.schema.createIndex('reminder_consents_credit_code_idx').on('reminder_consents').column('credit_code').execute();
      await withId(kind, db.schema.createTable('reminder_batches'))
        .addColumn('season_year', 'integer', (c) => c.notNull())
        .addColumn('started_by', 'integer', (c) => c.notNull())
        .addColumn('started_by_name', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('companies', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(kind, db.schema.createTable('reminders_sent'))
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('reminder_batches.id'))
        .addColumn('consent_id', 'integer', (c) => c.notNull().references('reminder_consents.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('entity_name', 'text', (c) => c.notNull())
        .addColumn('credit_code', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('season_year', 'integer', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reminders_sent_once').unique().on('reminders_sent').columns(['consent_id', 'season_year', 'ordinal']).execute();
      await db.schema.createIndex('reminders_sent_sent_at_idx').on('reminders_sent').column('sent_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reminders_sent').execute();
      await db.schema.dropTable('reminder_batches').execute();
      await db.schema.dropTable('reminder_consents').execute();
    },
  };
}
