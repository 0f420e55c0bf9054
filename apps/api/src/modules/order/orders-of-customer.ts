import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { orderHandlingRepository, type OrderListRow } from './order-handling.repository.ts';

/** One customer's orders for the console's customer view (decision 043): by phone or credit code, newest first. Reads only. */
export function listOrdersOfCustomer(db: Kysely<Database>, input: { phone?: string | undefined; creditCode?: string | undefined; limit: number }): Promise<OrderListRow[]> {
  return orderHandlingRepository.listOfCustomer(db, input);
}
