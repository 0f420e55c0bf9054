import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the visitor's deletion request (modules/deletion/, decision 037) may do to orders: find the
 * orders of a phone, and remove the personal data of those that are closed. The same markers as the
 * retention sweep record it, so the console reads 已按期删除 there too.
 */
export const orderDeletion = {
  ordersOfPhone(db: Db, phone: string): Promise<Array<{ id: number; out_trade_no: string }>> {
    return orderRepository.listForDeletion(db, phone);
  },

  /** Purges the closed ones among `ids`; returns the ids purged. */
  purgeClosed(db: Db, input: { ids: readonly number[]; at: string }): Promise<number[]> {
    return orderRepository.purgeForDeletion(db, input);
  },
};
