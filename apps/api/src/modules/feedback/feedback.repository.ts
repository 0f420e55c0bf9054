import type { ConsoleTimeWindow, FeedbackStatus } from '@kuaibao/domain';
import type { FeedbackRow } from '../../db/schema.ts';
import { pageWindow, whereWithinDays, type Db } from '../../db/query-helpers.ts';

/** A complaint with the number of the order it is linked to ('' when none). */
export type FeedbackListRow = FeedbackRow & { out_trade_no: string | null };

function withOrderNo(db: Db) {
  return db.selectFrom('feedback').leftJoin('orders', 'orders.id', 'feedback.order_id').selectAll('feedback').select('orders.out_trade_no');
}

/** SQL for visitors' feedback (platform reports) and its handling. */
export const feedbackRepository = {
  /** A deletion request (decision 045): complaints whose contact is exactly this phone lose it. */
  async clearContact(db: Db, phone: string): Promise<number> {
    const result = await db.updateTable('feedback').set({ contact: '' }).where((eb) => eb.fn<string>('trim', ['contact']), '=', phone).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async insert(db: Db, row: { type: string; content: string; contact: string; deviceId: string; orderId: number | null; at: string }): Promise<void> {
    await db.insertInto('feedback').values({ type: row.type, content: row.content, contact: row.contact, device_id: row.deviceId, order_id: row.orderId, created_at: row.at }).execute();
  },

  /** The order a complaint names: by its number, else the newest order of the phone (decision 043). */
  async findOrderIdFor(db: Db, reference: { phone?: string; orderNo?: string }): Promise<number | null> {
    if (reference.orderNo) {
      const row = await db.selectFrom('orders').select('id').where('out_trade_no', '=', reference.orderNo).executeTakeFirst();
      if (row) return row.id;
    }
    if (reference.phone) {
      const row = await db.selectFrom('orders').select('id').where('entity_phone', '=', reference.phone).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (row) return row.id;
    }
    return null;
  },

  /** Complaints about any of these orders, newest first (the customer view). */
  listForOrders(db: Db, orderIds: readonly number[], limit: number): Promise<FeedbackListRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return withOrderNo(db).where('feedback.order_id', 'in', orderIds).orderBy('feedback.id', 'desc').limit(limit).execute();
  },

  async list(db: Db, query: { page: number; page_size: number; status?: FeedbackStatus | undefined } & ConsoleTimeWindow): Promise<{ rows: FeedbackListRow[]; total: number }> {
    let rows = withOrderNo(db);
    let count = db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n'));
    if (query.status) {
      rows = rows.where('feedback.status', '=', query.status);
      count = count.where('status', '=', query.status);
    }
    rows = whereWithinDays(rows, query, (q, op, at) => q.where('feedback.created_at', op, at));
    count = whereWithinDays(count, query, (q, op, at) => q.where('created_at', op, at));
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const [items, total] = await Promise.all([rows.orderBy('feedback.id', query.sort === 'created_at_asc' ? 'asc' : 'desc').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
    return { rows: items, total: Number(total.n) };
  },

  findListRow(db: Db, id: number): Promise<FeedbackListRow | undefined> {
    return withOrderNo(db).where('feedback.id', '=', id).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<FeedbackRow | undefined> {
    return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async setHandling(db: Db, id: number, change: { status: FeedbackStatus; reply: string; handledBy: number | null; handledByName: string; handledAt: string | null }): Promise<void> {
    await db
      .updateTable('feedback')
      .set({ status: change.status, reply: change.reply, handled_by: change.handledBy, handled_by_name: change.handledByName, handled_at: change.handledAt })
      .where('id', '=', id)
      .execute();
  },

  async countOpen(db: Db): Promise<number> {
    const row = await db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
