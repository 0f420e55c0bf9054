import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * The visitor's own deletion request (docs/decisions/037-visitor-deletion-request.md):
 * - `deletion_requests`: one per confirmed (or pending) request: the phone's keyed hash while the
 *   code is pending (for its rate limits; cleared when the request is done), the masked phone the
 *   console shows, the one-time code's salted hash, expiry and attempts, the status and its times;
 * - `deletion_request_orders`: the orders a confirmed request covers, and when each was purged
 *   (NULL while the order is still open: the retention sweep purges it once it closes).
 */
export function deletionRequests(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);
      await withId(kind, db.schema.createTable('deletion_requests'))
        .addColumn('phone_hash', 'text')
        .addColumn('phone_masked', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', 'text')
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('codes_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_code_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('confirmed_at', 'text')
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('deletion_requests_phone_idx').on('deletion_requests').columns(['phone_hash', 'created_at']).execute();
      await db.schema.createIndex('deletion_requests_status_idx').on('deletion_requests').columns(['status', 'id']).execute();
      await db.schema
        .createTable('deletion_request_orders')
        .addColumn('request_id', 'integer', (c) => c.notNull().references('deletion_requests.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('out_trade_no', 'text', (c) => c.notNull())
        .addColumn('purged_at', 'text')
        .addPrimaryKeyConstraint('deletion_request_orders_pk', ['request_id', 'order_id'])
        .execute();
      await db.schema.createIndex('deletion_request_orders_open_idx').on('deletion_request_orders').columns(['purged_at', 'order_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deletion_request_orders').execute();
      await db.schema.dropTable('deletion_requests').execute();
    },
  };
}
