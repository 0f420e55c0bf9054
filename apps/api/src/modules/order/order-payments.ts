import { PROCESS_STATUS, PROCESS_STATUS_NAMES, REFUNDED_PROCESS_STATUS_NAME } from '@kuaibao/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.ts';
import { orderRepository } from './order.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the payment module may read and do to an order: find it, mark it paid when money arrives,
 * mark it refunded when its own refund succeeded. Each takes the caller's transaction, so the
 * payment side's rows and the order move together. Nothing else of the order module is the
 * payment module's to touch.
 */
export const orderPayments = {
  findById(db: Db, id: number): Promise<OrderRow | undefined> {
    return orderRepository.findById(db, id);
  },

  /** Unpaid → paid (handling pending); false when another payment got there first. */
  markPaid(db: Db, input: { id: number; payTime: string; payType: string; paySource: string; now: string }): Promise<boolean> {
    return orderRepository.markOrderPaid(db, { ...input, processStatusName: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending] });
  },

  /** Paid → refunded (handling ended, '已退款'); false when the order was not paid. */
  markRefunded(db: Db, input: { id: number; now: string }): Promise<boolean> {
    return orderRepository.markOrderRefunded(db, { id: input.id, processStatusName: REFUNDED_PROCESS_STATUS_NAME, now: input.now });
  },
};
