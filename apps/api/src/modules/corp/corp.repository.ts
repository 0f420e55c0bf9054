import type { Kysely } from 'kysely';
import type { GoodsType } from '@kuaibao/domain';
import type { Database, OrderRow } from '../../db/schema.ts';

/** Reads of one visitor's orders (orders.user_id); writing orders stays with the order module. */
export const corpRepository = {
  /** Paid (and since refunded) orders of the user, newest first: the "my applications" list. */
  listUserOrders(db: Kysely<Database>, input: { userId: number; goodsType: GoodsType | undefined; limit: number }): Promise<OrderRow[]> {
    let query = db.selectFrom('orders').selectAll().where('user_id', '=', input.userId).where('status', 'in', ['2', '4']);
    if (input.goodsType) query = query.where('goods_type', '=', input.goodsType);
    return query.orderBy('id', 'desc').limit(input.limit).execute();
  },

  /** Who owns an order; undefined when there is no such order. */
  findOwner(db: Kysely<Database>, publicId: string): Promise<{ user_id: number | null } | undefined> {
    return db.selectFrom('orders').select('user_id').where('public_id', '=', publicId).executeTakeFirst();
  },

  /** The user's latest order for this goods and company, paid or not. */
  findLatestForCompany(db: Kysely<Database>, input: { userId: number; goodsId: number; entityId: string }): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('goods_id', '=', input.goodsId)
      .where('entity_id', '=', input.entityId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },
};
