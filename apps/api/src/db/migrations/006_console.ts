import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * The agent's console (docs/decisions/008-console-auth-and-roles.md):
 * - `staff`, `staff_sessions` (only a SHA-256 of the cookie token is stored) and
 *   `staff_login_attempts` (throttling that holds across API instances);
 * - `audit_log`: who did what to which record, with before/after JSON;
 * - `order_notes`, `order_status_history`, `refund_requests` (clerk asks, admin decides; the
 *   payment module's `refunds` table records what the provider did);
 * - `sms_log`: every SMS attempt; at most one SENT row per dedupe key (the idempotency guard);
 * - `feedback` gains a status and a reply, `outbox` a retry time (`available_at`),
 *   `order_files` its storage key;
 * - indexes for the order queue at 100k+ orders.
 */
export function consoleTables(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);

      await withId(kind, db.schema.createTable('staff'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql<boolean>`role in ('admin', 'clerk')`))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('last_login_at', 'text')
        .execute();

      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('last_seen_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();
      await db.schema.createIndex('staff_sessions_expires_idx').on('staff_sessions').column('expires_at').execute();

      await withId(kind, db.schema.createTable('staff_login_attempts'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('succeeded', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('staff_login_attempts_user_idx').on('staff_login_attempts').columns(['username', 'created_at']).execute();
      await db.schema.createIndex('staff_login_attempts_ip_idx').on('staff_login_attempts').columns(['ip', 'created_at']).execute();

      await withId(kind, db.schema.createTable('audit_log'))
        .addColumn('staff_id', 'integer')
        .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('target_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
      await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'id']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();

      await withId(kind, db.schema.createTable('order_notes'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
        .addColumn('staff_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('order_notes_order_idx').on('order_notes').column('order_id').execute();

      await withId(kind, db.schema.createTable('order_status_history'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('from_process_status', 'text')
        .addColumn('to_process_status', 'text', (c) => c.notNull())
        .addColumn('process_status_name', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
        .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('order_status_history_order_idx').on('order_status_history').column('order_id').execute();

      await withId(kind, db.schema.createTable('refund_requests'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('PENDING').check(sql<boolean>`status in ('PENDING', 'REJECTED', 'SUCCEEDED', 'PROCESSING', 'FAILED')`),
        )
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'integer', (c) => c.notNull().references('staff.id'))
        .addColumn('requested_by_name', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'integer', (c) => c.references('staff.id'))
        .addColumn('decided_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('decided_at', 'text')
        .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('out_refund_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('refund_requests_order_idx').on('refund_requests').column('order_id').execute();
      await db.schema.createIndex('refund_requests_status_idx').on('refund_requests').columns(['status', 'id']).execute();
      // One open request per order: a double click or two clerks cannot queue two refunds.
      await db.schema
        .createIndex('refund_requests_one_pending')
        .unique()
        .on('refund_requests')
        .column('order_id')
        .where(sql<boolean>`status = 'PENDING'`)
        .execute();

      await withId(kind, db.schema.createTable('sms_log'))
        .addColumn('outbox_id', 'integer')
        .addColumn('dedupe_key', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql<boolean>`status in ('SENT', 'FAILED')`))
        .addColumn('provider_message_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('sms_log_sent_once').unique().on('sms_log').column('dedupe_key').where(sql<boolean>`status = 'SENT'`).execute();
      await db.schema.createIndex('sms_log_order_idx').on('sms_log').column('order_id').execute();
      await db.schema.createIndex('sms_log_phone_idx').on('sms_log').column('phone').execute();

      await db.schema.alterTable('feedback').addColumn('status', 'text', (c) => c.notNull().defaultTo('open')).execute();
      await db.schema.alterTable('feedback').addColumn('reply', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('feedback').addColumn('handled_by', 'integer').execute();
      await db.schema.alterTable('feedback').addColumn('handled_by_name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('feedback').addColumn('handled_at', 'text').execute();
      await db.schema.createIndex('feedback_status_idx').on('feedback').columns(['status', 'id']).execute();

      await db.schema.alterTable('outbox').addColumn('available_at', 'text').execute();
      await db.schema.alterTable('order_files').addColumn('storage_key', 'text').execute();
      await db.schema.alterTable('order_files').addColumn('staff_name', 'text', (c) => c.notNull().defaultTo('')).execute();

      // The queue: views by payment and handling status in payment order, by handler, by date.
      await db.schema.createIndex('orders_queue_idx').on('orders').columns(['status', 'process_status', 'pay_time']).execute();
      // status alone is (status, id) in SQLite: "paid, newest first" walks it without sorting 70k rows.
      await db.schema.createIndex('orders_status_idx').on('orders').column('status').execute();
      await db.schema.createIndex('orders_pay_time_idx').on('orders').column('pay_time').execute();
      await db.schema.createIndex('orders_create_time_idx').on('orders').column('create_time').execute();
      await db.schema.createIndex('orders_admin_idx').on('orders').columns(['admin_id', 'process_status']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of ['orders_admin_idx', 'orders_create_time_idx', 'orders_pay_time_idx', 'orders_status_idx', 'orders_queue_idx', 'feedback_status_idx']) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.alterTable('order_files').dropColumn('staff_name').execute();
      await db.schema.alterTable('order_files').dropColumn('storage_key').execute();
      await db.schema.alterTable('outbox').dropColumn('available_at').execute();
      for (const column of ['handled_at', 'handled_by_name', 'handled_by', 'reply', 'status']) {
        await db.schema.alterTable('feedback').dropColumn(column).execute();
      }
      for (const table of ['sms_log', 'refund_requests', 'order_status_history', 'order_notes', 'audit_log', 'staff_login_attempts', 'staff_sessions', 'staff']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
