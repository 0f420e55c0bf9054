import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * The hot path (docs/decisions/029-catalog-in-memory-and-hot-path.md): every order creation looks for
 * the visitor's reusable unpaid order and for a paid one of the same company this year. Each query
 * names several single-column indexes, and SQLite, without statistics, chose `orders_status_idx`:
 * it read every unpaid (or every paid) order on each creation, and unpaid orders only accumulate.
 * A two-column index on (entity_id, goods_id), which both queries name, is what its planner
 * prefers: it reads the orders of one company and service.
 */
export function orderLookupIndexes(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('orders_entity_goods_idx').on('orders').columns(['entity_id', 'goods_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_entity_goods_idx').execute();
    },
  };
}
