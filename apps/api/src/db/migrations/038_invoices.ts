import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * Invoices (docs/decisions/060-invoices.md): one row per order (the unique order_id is the rule "one
 * request per order" that two racing requests cannot break), what the visitor asked for, and what
 * became of it: status requested → issued → red_requested → red_issued (红冲), or failed; the amount in
 * fen fixed from the paid amount; the platform that issued it and its serial; the file's storage key.
 * `email_log`: every email attempt, at most one SENT row per dedupe key (the SMS log's guard, for email).
 */
export function invoices(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);
      await withId(kind, db.schema.createTable('invoices'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('tax_number', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('buyer_address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('buyer_phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('buyer_bank', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('buyer_account', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull().defaultTo('manual'))
        .addColumn('provider_serial', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_key', 'text')
        .addColumn('file_kind', 'text')
        .addColumn('red_file_key', 'text')
        .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('issued_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('issued_at', 'text')
        .addColumn('red_requested_at', 'text')
        .addColumn('red_issued_at', 'text')
        .execute();
      await db.schema.createIndex('invoices_status_created_idx').on('invoices').columns(['status', 'created_at']).execute();
      await withId(kind, db.schema.createTable('email_log'))
        .addColumn('outbox_id', 'integer')
        .addColumn('dedupe_key', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_message_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('email_log_sent_once').unique().on('email_log').column('dedupe_key').where(sql<boolean>`status = 'SENT'`).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_log').execute();
      await db.schema.dropTable('invoices').execute();
    },
  };
}
