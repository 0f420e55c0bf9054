import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { nowIso, withId } from './util.ts';

/**
 * WeChat visitors of the official-account and mini-program variants (docs/decisions/009):
 * - `users`: one per corp and openid (an openid is per WeChat app, so one person has one row per app);
 * - `user_sessions`: the x-token sessions; only a SHA-256 of the token is stored, with its expiry;
 * - an index for "this user's orders of a goods type, newest first" (orders.user_id exists since 001).
 */
export function accounts(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const now = nowIso(kind);

      await withId(kind, db.schema.createTable('users'))
        .addColumn('corp_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('openid', 'text', (c) => c.notNull())
        .addColumn('app_kind', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('unionid', 'text')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('last_login_at', 'text', (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('users_corp_openid_uq', ['corp_id', 'openid'])
        .execute();

      await db.schema
        .createTable('user_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute();
      await db.schema.createIndex('user_sessions_expires_idx').on('user_sessions').column('expires_at').execute();

      await db.schema.createIndex('orders_user_goods_idx').on('orders').columns(['user_id', 'goods_type', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_user_goods_idx').execute();
      await db.schema.dropTable('user_sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
