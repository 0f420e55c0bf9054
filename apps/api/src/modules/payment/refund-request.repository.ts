import { OPEN_REFUND_REQUEST_STATUSES, type ConsoleTimeWindow, type RefundRequestStatus } from '@kuaibao/domain';
import type { RefundRequestRow } from '../../db/schema.ts';
import { timeListPage, whereWithinDays, type Db, type ExportWindow } from '../../db/query-helpers.ts';

/** Refund requests with the order each is about. */
function joined(db: Db) {
  return db.selectFrom('refund_requests').innerJoin('orders', 'orders.id', 'refund_requests.order_id');
}

/** A request's columns with the order's (number, company, amount, payment status). */
function withColumns(from: ReturnType<typeof joined>) {
  return from.select([
    'refund_requests.id',
    'refund_requests.order_id',
    'refund_requests.status',
    'refund_requests.reason',
    'refund_requests.requested_by_name',
    'refund_requests.created_at',
    'refund_requests.decided_by_name',
    'refund_requests.decided_at',
    'refund_requests.decision_note',
    'refund_requests.result_message',
    'refund_requests.out_refund_no',
    'refund_requests.amount_fen',
    'refund_requests.partial_reason',
    'orders.refunded_fen',
    'orders.out_trade_no',
    'orders.entity_name',
    'orders.total_fee',
    'orders.status as order_status',
  ]);
}

/** A request with the order it is about. */
function withOrder(db: Db) {
  return withColumns(joined(db));
}

export type RefundRequestQuery = { page: number; page_size: number; status?: RefundRequestStatus | undefined } & ConsoleTimeWindow & ExportWindow;

/** The refund request list's filters, once for its rows and its total. */
function filteredRequests(db: Db, query: RefundRequestQuery) {
  const filtered = query.status ? joined(db).where('refund_requests.status', '=', query.status) : joined(db);
  return whereWithinDays(filtered, query, (q, op, at) => q.where('refund_requests.created_at', op, at));
}

export type RefundRequestWithOrder = Awaited<ReturnType<ReturnType<typeof withOrder>['executeTakeFirstOrThrow']>>;

/** SQL for the console's refund requests (the approval around an order's own refund). */
export const refundRequestRepository = {
  findWithOrder(db: Db, id: number): Promise<RefundRequestWithOrder | undefined> {
    return withOrder(db).where('refund_requests.id', '=', id).executeTakeFirst();
  },

  listForOrder(db: Db, orderId: number): Promise<RefundRequestWithOrder[]> {
    return withOrder(db).where('refund_requests.order_id', '=', orderId).orderBy('refund_requests.id', 'desc').execute();
  },

  list(db: Db, query: RefundRequestQuery): Promise<{ rows: RefundRequestWithOrder[]; total: number }> {
    return timeListPage(filteredRequests(db, query), query, 'refund_requests.id', withColumns);
  },

  async countPending(db: Db): Promise<number> {
    const row = await db.selectFrom('refund_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** An open request of the order (waiting, or approved and not finished). */
  findOpen(db: Db, orderId: number): Promise<{ id: number; status: RefundRequestStatus } | undefined> {
    return db.selectFrom('refund_requests').select(['id', 'status']).where('order_id', '=', orderId).where('status', 'in', OPEN_REFUND_REQUEST_STATUSES).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<RefundRequestRow | undefined> {
    return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
  },

  insertPending(db: Db, row: { orderId: number; reason: string; requestedBy: number; requestedByName: string; at: string }): Promise<{ id: number }> {
    return db
      .insertInto('refund_requests')
      .values({ order_id: row.orderId, status: 'PENDING', reason: row.reason, requested_by: row.requestedBy, requested_by_name: row.requestedByName, created_at: row.at, updated_at: row.at })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Decides a PENDING request (approve: PROCESSING; reject: REJECTED); false when it was already decided. */
  async decide(db: Db, input: { id: number; to: 'PROCESSING' | 'REJECTED'; decidedBy: number; decidedByName: string; note: string; at: string; amountFen?: number; partialReason?: string }): Promise<boolean> {
    const result = await db
      .updateTable('refund_requests')
      .set({
        status: input.to,
        decided_by: input.decidedBy,
        decided_by_name: input.decidedByName,
        decided_at: input.at,
        decision_note: input.note,
        updated_at: input.at,
        ...(input.amountFen === undefined ? {} : { amount_fen: input.amountFen, partial_reason: input.partialReason ?? '' }),
      })
      .where('id', '=', input.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async recordResult(db: Db, input: { id: number; status: RefundRequestStatus; message: string; outRefundNo: string; at: string }): Promise<void> {
    await db.updateTable('refund_requests').set({ status: input.status, result_message: input.message, out_refund_no: input.outRefundNo, updated_at: input.at }).where('id', '=', input.id).execute();
  },
};
