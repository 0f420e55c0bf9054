import { PROCESS_STATUS } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';

/** SQL for 提成 (docs/decisions/058-finance-and-supervisor-roles-and-commission.md): the rate history and what the month's figures read. */
export const commissionRepository = {
  rateHistory(db: Db) {
    return db.selectFrom('commission_rates').select(['goods_type', 'rate_bp', 'effective_from']).orderBy('effective_from').orderBy('id').execute();
  },
  rateSetters(db: Db) {
    return db.selectFrom('commission_rates').select(['goods_type', 'effective_from', 'staff_name']).execute();
  },
  async insertRate(db: Db, row: { goods_type: string; rate_bp: number; effective_from: string; staff_id: number; staff_name: string }): Promise<void> {
    await db.insertInto('commission_rates').values(row).execute();
  },
  /** Orders by their first move to 已完成, with the handler and what was paid (callers narrow with having/where). */
  firstCompletions(db: Db) {
    return db
      .selectFrom('order_status_history as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .select((eb) => ['o.id', 'o.goods_type', 'o.admin_id', 'o.admin_name', 'o.total_fee', eb.fn.min<string>('h.created_at').as('completed_at')])
      .where('h.to_process_status', '=', PROCESS_STATUS.completed)
      .where('o.admin_id', 'is not', null)
      .groupBy(['o.id', 'o.goods_type', 'o.admin_id', 'o.admin_name', 'o.total_fee']);
  },
  /** Refunds of orders that succeeded inside [start, end). */
  orderRefundsSucceededIn(db: Db, window: { start: string; end: string }) {
    return db
      .selectFrom('refunds')
      .select(['order_id', 'amount_fen', 'succeeded_at'])
      .where('status', '=', 'SUCCESS')
      .where('purpose', '=', 'ORDER')
      .where('succeeded_at', '>=', window.start)
      .where('succeeded_at', '<', window.end)
      .execute();
  },
};
