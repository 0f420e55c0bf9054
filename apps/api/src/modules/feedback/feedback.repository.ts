import type { ConsoleTimeWindow, FeedbackStatus, ReportType } from '@kuaibao/domain';
import type { FeedbackRow } from '../../db/schema.ts';
import { timeListPage, whereWithinDays, type Db } from '../../db/query-helpers.ts';

/** A complaint with the number of the order it is linked to ('' when none). */
export type FeedbackListRow = FeedbackRow & { out_trade_no: string | null };

export type FeedbackQuery = { page: number; page_size: number; status?: FeedbackStatus | undefined; type?: ReportType | undefined } & ConsoleTimeWindow;

/** Feedback with the order each complaint is linked to. */
function joined(db: Db) {
  return db.selectFrom('feedback').leftJoin('orders', 'orders.id', 'feedback.order_id');
}

function withColumns(from: ReturnType<typeof joined>) {
  return from.selectAll('feedback').select('orders.out_trade_no');
}

function withOrderNo(db: Db) {
  return withColumns(joined(db));
}

/** The feedback list's filters, once for its rows and its total. */
function filteredFeedback(db: Db, query: FeedbackQuery) {
  let filtered = joined(db);
  if (query.status) filtered = filtered.where('feedback.status', '=', query.status);
  if (query.type) filtered = filtered.where('feedback.type', '=', query.type);
  return whereWithinDays(filtered, query, (q, op, at) => q.where('feedback.created_at', op, at));
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

  list(db: Db, query: FeedbackQuery): Promise<{ rows: FeedbackListRow[]; total: number }> {
    return timeListPage(filteredFeedback(db, query), query, 'feedback.id', withColumns);
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
