import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/** Core tables. Conventions (text ISO timestamps, JSON text, 0/1 booleans) are in ../schema.ts. */
export function initial(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);

      await db.schema
        .createTable('site_config')
        .addColumn('corp_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_config_pk', ['corp_id', 'key'])
        .execute();

      await withId(kind, db.schema.createTable('goods'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull().check(sqlNonNegative('price_fen')))
        .addColumn('pay_types', 'text', (c) => c.notNull().defaultTo('weixin,alipay'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('companies')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_norm', 'text', (c) => c.notNull())
        .addColumn('credit_code', 'text', (c) => c.unique())
        .addColumn('oper_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('存续'))
        .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await withId(kind, db.schema.createTable('orders'))
        .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
        .addColumn('corp_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('goods_type', 'text', (c) => c.notNull())
        .addColumn('goods_name', 'text', (c) => c.notNull())
        .addColumn('entity_name', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('entity_legal', 'text', (c) => c.notNull())
        .addColumn('entity_idno_enc', 'text')
        .addColumn('entity_idno_hash', 'text')
        .addColumn('entity_phone', 'text', (c) => c.notNull())
        .addColumn('entity_extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('1'))
        .addColumn('process_status', 'text', (c) => c.notNull().defaultTo('1'))
        .addColumn('process_status_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('pay_type', 'text', (c) => c.notNull())
        .addColumn('pay_source', 'text', (c) => c.notNull())
        .addColumn('total_fee', 'integer', (c) => c.notNull().check(sqlNonNegative('total_fee')))
        .addColumn('pay_time', 'text')
        .addColumn('admin_id', 'integer')
        .addColumn('admin_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('device_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('share_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('prev_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer')
        .addColumn('consent_version', 'text')
        .addColumn('consent_time', 'text')
        .addColumn('create_time', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('update_time', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('orders_entity_phone_idx').on('orders').column('entity_phone').execute();
      await db.schema.createIndex('orders_entity_id_idx').on('orders').column('entity_id').execute();
      await db.schema.createIndex('orders_entity_idno_hash_idx').on('orders').column('entity_idno_hash').execute();

      await withId(kind, db.schema.createTable('payment_attempts'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('pay_type', 'text', (c) => c.notNull())
        .addColumn('pay_source', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
        .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sqlNonNegative('amount_fen')))
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('PENDING').check(sqlIn('status', ['PENDING', 'PAID', 'CLOSED', 'EXPIRED', 'SUPERSEDED'])),
        )
        .addColumn('provider_txn_id', 'text', (c) => c.unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('payment_attempts_order_idx').on('payment_attempts').column('order_id').execute();
      await db.schema.createIndex('payment_attempts_status_expiry_idx').on('payment_attempts').columns(['status', 'expires_at']).execute();

      await withId(kind, db.schema.createTable('provider_events'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('out_trade_no', 'text')
        .addColumn('raw', 'text', (c) => c.notNull())
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('provider_events_provider_event_uq', ['provider', 'event_id'])
        .execute();
      await db.schema.createIndex('provider_events_out_trade_no_idx').on('provider_events').column('out_trade_no').execute();

      await withId(kind, db.schema.createTable('outbox'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('processed_at', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_pending_idx')
        .on('outbox')
        .column('id')
        .where(sql<boolean>`processed_at IS NULL`)
        .execute();

      await withId(kind, db.schema.createTable('order_files'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('order_files_order_idx').on('order_files').column('order_id').execute();

      await withId(kind, db.schema.createTable('feedback'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('device_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();

      await withId(kind, db.schema.createTable('events'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('device_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('platform', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('events_key_created_idx').on('events').columns(['key', 'created_at']).execute();
    },
  };
}

function sqlNonNegative(column: string) {
  return sql<boolean>`${sql.ref(column)} >= 0`;
}
function sqlIn(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
