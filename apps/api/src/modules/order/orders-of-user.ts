import type { GoodsType } from '@kuaibao/domain';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

/** A logged-in WeChat visitor's own orders (orders.user_id), for the corp module's pages. Reads only. */
export const ordersOfUser = {
  /** Paid (and since refunded) orders of the user, newest first: the "my applications" list. */
  list(db: Kysely<Database>, input: { userId: number; goodsType: GoodsType | undefined; limit: number }): Promise<OrderRow[]> {
    return orderRepository.listPaidOfUser(db, input);
  },

  /** Who owns an order; undefined when there is no such order. */
  findOwner(db: Kysely<Database>, publicId: string): Promise<{ user_id: number | null } | undefined> {
    return orderRepository.findOwner(db, publicId);
  },

  /** The user's latest order for this goods and company, paid or not. */
  findLatestForCompany(db: Kysely<Database>, input: { userId: number; goodsId: number; entityId: string }): Promise<OrderRow | undefined> {
    return orderRepository.findLatestOfUserForCompany(db, input);
  },
};
