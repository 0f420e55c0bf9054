import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

/** What the SMS outbox worker (jobs/sms-outbox.ts) may read of an order: the fields its notices carry. */
export function findOrderForNotice(db: Kysely<Database>, orderId: number): Promise<Pick<OrderRow, 'id' | 'goods_name' | 'total_fee' | 'out_trade_no' | 'entity_name' | 'entity_phone'> | undefined> {
  return orderRepository.findForNotice(db, orderId);
}
