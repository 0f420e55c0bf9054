import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LIST_COLUMNS, type OrderListRow } from './order-handling.repository.ts';

/**
 * One customer's orders for the console's customer view (decision 043): by the legal
 * representative's phone or by the company's credit code, newest first, the list's columns only.
 * Both columns are indexed for the order list's exact search.
 */
export function listOrdersOfCustomer(db: Kysely<Database>, input: { phone?: string | undefined; creditCode?: string | undefined; limit: number }): Promise<OrderListRow[]> {
  let query = db.selectFrom('orders').select([...LIST_COLUMNS]);
  if (input.phone) query = query.where('entity_phone', '=', input.phone);
  else if (input.creditCode) query = query.where('entity_id', '=', input.creditCode);
  else return Promise.resolve([]);
  return query.orderBy('id', 'desc').limit(input.limit).execute();
}
