import { complaintSlaBounds, type ConsoleFeedbackView, type ConsoleTimeWindow, type FeedbackStatus, type ReportType } from '@kuaibao/domain';
import type { FeedbackRow } from '../../db/schema.ts';
import { timeListPage, whereWithinDays, type Db } from '../../db/query-helpers.ts';

/** A complaint with the number of the order it is linked to ('' when none). */
export type FeedbackListRow = FeedbackRow & { out_trade_no: string | null };

export type FeedbackQuery = {
  page: number;
  page_size: number;
  status?: FeedbackStatus | undefined;
  type?: ReportType | undefined;
  view?: ConsoleFeedbackView | undefined;
  order_id?: number | undefined;
} & ConsoleTimeWindow;

/** Open complaints in one view at `now` (the 3-working-day clock's SQL bounds, complaintSlaBounds). */
function whereInView(filtered: ReturnType<typeof joined>, view: ConsoleFeedbackView, staffId: number, now: Date) {
  const bounds = complaintSlaBounds(now);
  const open = filtered.where('feedback.status', '=', 'open');
  switch (view) {
    case 'overdue':
      return open.where('feedback.due_at', '!=', '').where('feedback.due_at', '<', bounds.breachedBefore);
    case 'near_breach':
      return open.where('feedback.due_at', '>=', bounds.breachedBefore).where('feedback.due_at', '<', bounds.nearBreachBefore);
    case 'mine':
      return open.where('feedback.assignee_id', '=', staffId);
    case 'unassigned':
      return open.where('feedback.assignee_id', 'is', null);
  }
}

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
function filteredFeedback(db: Db, query: FeedbackQuery, viewer: { staffId: number; now: Date }) {
  let filtered = joined(db);
  if (query.view) filtered = whereInView(filtered, query.view, viewer.staffId, viewer.now);
  if (query.status) filtered = filtered.where('feedback.status', '=', query.status);
  if (query.type) filtered = filtered.where('feedback.type', '=', query.type);
  if (query.order_id) filtered = filtered.where('feedback.order_id', '=', query.order_id);
  return whereWithinDays(filtered, query, (q, op, at) => q.where('feedback.created_at', op, at));
}

/** SQL for visitors' feedback (platform reports) and its handling. */
export const feedbackRepository = {
  /** A deletion request (decision 045): complaints whose contact is exactly this phone lose it. */
  async clearContact(db: Db, phone: string): Promise<number> {
    const result = await db.updateTable('feedback').set({ contact: '' }).where((eb) => eb.fn<string>('trim', ['contact']), '=', phone).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async insert(db: Db, row: { type: string; content: string; contact: string; companyName: string; deviceId: string; orderId: number | null; at: string; dueAt: string }): Promise<void> {
    await db
      .insertInto('feedback')
      .values({ type: row.type, content: row.content, contact: row.contact, company_name: row.companyName, device_id: row.deviceId, order_id: row.orderId, created_at: row.at, due_at: row.dueAt })
      .execute();
  },

  /** Complaints about any of these orders, newest first (the customer view). */
  listForOrders(db: Db, orderIds: readonly number[], limit: number): Promise<FeedbackListRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return withOrderNo(db).where('feedback.order_id', 'in', orderIds).orderBy('feedback.id', 'desc').limit(limit).execute();
  },

  list(db: Db, query: FeedbackQuery, viewer: { staffId: number; now: Date }): Promise<{ rows: FeedbackListRow[]; total: number }> {
    return timeListPage(filteredFeedback(db, query, viewer), query, 'feedback.id', withColumns);
  },

  /** Open complaints in each view, for the inbox's tabs. */
  async countViews(db: Db, viewer: { staffId: number; now: Date }): Promise<Record<ConsoleFeedbackView | 'open', number>> {
    const count = async (view?: ConsoleFeedbackView) => {
      const base = joined(db).where('feedback.status', '=', 'open');
      const row = await (view ? whereInView(base, view, viewer.staffId, viewer.now) : base).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number((row as { n: number | string }).n);
    };
    const [open, near_breach, overdue, mine, unassigned] = await Promise.all([count(), count('near_breach'), count('overdue'), count('mine'), count('unassigned')]);
    return { open, near_breach, overdue, mine, unassigned };
  },

  /** Gives the complaint to a staff member, only if its handler is still the one the caller saw. */
  async setAssignee(db: Db, change: { id: number; expectedAssigneeId: number | null; assigneeId: number; assigneeName: string }): Promise<boolean> {
    let update = db.updateTable('feedback').set({ assignee_id: change.assigneeId, assignee_name: change.assigneeName }).where('id', '=', change.id);
    update = change.expectedAssigneeId === null ? update.where('assignee_id', 'is', null) : update.where('assignee_id', '=', change.expectedAssigneeId);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
