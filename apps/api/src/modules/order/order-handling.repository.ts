import { sql, type SelectQueryBuilder } from 'kysely';
import {
  CONSOLE_ORDER_LIST_COLUMNS,
  OPEN_PROCESS_STATUSES,
  NO_CHANNEL,
  ORDER_STATUS,
  ORDER_STATUSES_AFTER_PAYMENT,
  PROCESS_STATUS,
  PURGED_TEXT,
  SHANGHAI_UTC_OFFSET_MS,
  firstCallSlaBounds,
  periodMoney,
  type PeriodMoney,
  type ConsoleOrderListQuery,
  type ConsoleOrderSort,
  type ConsoleOrderView,
  type ProcessStatus,
} from '@kuaibao/domain';
import type { Database, OrderRow } from '../../db/schema.ts';
import { likeContains, pageWindow, type Db } from '../../db/query-helpers.ts';

/** The columns of a queue row (the full row carries ciphertext the list never needs). */
export const LIST_COLUMNS = CONSOLE_ORDER_LIST_COLUMNS;
export type OrderListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]>;

/** The first instant of a Shanghai calendar day ('2026-03-01') as an ISO string. */
export function shanghaiDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) - SHANGHAI_UTC_OFFSET_MS).toISOString();
}

/** The first instant of the next Shanghai day. */
export function shanghaiDayEnd(day: string): string {
  return new Date(Date.parse(shanghaiDayStart(day)) + 24 * 3600 * 1000).toISOString();
}

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

/**
 * What the search box holds decides the column: an 11-digit phone, an 18-character credit code
 * and an order number are exact (indexed) lookups; a run of digits is part of a phone number;
 * anything else is part of the company name or the legal representative's name.
 */
function applySearch<O>(qb: OrdersQuery<O>, raw: string): OrdersQuery<O> {
  const q = raw.replace(/\s+/g, '');
  if (q === '') return qb;
  if (/^1\d{10}$/.test(q)) return qb.where('entity_phone', '=', q);
  if (/^[0-9A-Za-z]{18}$/.test(q) && !/^KB/i.test(q)) return qb.where('entity_id', '=', q.toUpperCase());
  const orderNo = /^(KB\d{1,20})(P\d{2})?$/i.exec(q);
  if (orderNo) {
    const prefix = orderNo[1]!.toUpperCase();
    // A prefix is a range on the unique index ('~' sorts after every digit).
    return qb.where('out_trade_no', '>=', prefix).where('out_trade_no', '<', `${prefix}~`);
  }
  if (/^\d{3,10}$/.test(q)) return qb.where(sql<boolean>`entity_phone LIKE ${likeContains(q)} ESCAPE '\\'`);
  return qb.where((eb) => eb.or([eb(sql<string>`entity_name`, 'like', sql<string>`${likeContains(q)} ESCAPE '\\'`), eb('entity_legal', '=', q)]));
}

export interface QueueContext {
  staffId: number;
  now: Date;
}

/** Paid, open and nobody has called: the orders the first-call clock runs for (firstCallSla, decision 044). */
function notCalledYet<O>(qb: OrdersQuery<O>): OrdersQuery<O> {
  return qb.where('status', '=', ORDER_STATUS.paid).where('first_call_time', 'is', null).where('process_status', 'in', OPEN_PROCESS_STATUSES);
}

export function applyQueueFilters<O>(qb: OrdersQuery<O>, query: ConsoleOrderListQuery, context: QueueContext): OrdersQuery<O> {
  let q = qb;
  switch (query.view) {
    case 'new':
      // Nobody has taken it yet: an order a colleague took is theirs, not news (decision 058).
      q = q.where('status', '=', ORDER_STATUS.paid).where('process_status', '=', PROCESS_STATUS.pending).where('admin_id', 'is', null);
      break;
    case 'overdue':
      q = notCalledYet(q).where('pay_time', '<', firstCallSlaBounds(context.now).breachedBefore);
      break;
    case 'near_breach': {
      const bounds = firstCallSlaBounds(context.now);
      q = notCalledYet(q).where('pay_time', '>=', bounds.breachedBefore).where('pay_time', '<', bounds.nearBreachBefore);
      break;
    }
    case 'mine':
      q = q.where('admin_id', '=', context.staffId).where('status', '=', ORDER_STATUS.paid).where('process_status', 'in', OPEN_PROCESS_STATUSES);
      break;
    case 'unassigned':
      // Paid, still open, and nobody has it: what an admin hands out (decision 041).
      q = q.where('admin_id', 'is', null).where('status', '=', ORDER_STATUS.paid).where('process_status', 'in', OPEN_PROCESS_STATUSES);
      break;
    case 'all':
      // 全部订单 is the orders customers paid for (decision 061): an unpaid order (a visitor who left at
      // the cashier) shows only when asked for, by the filter or by choosing 未支付.
      if (query.include_unpaid !== '1' && !query.status) q = q.where('status', '<>', ORDER_STATUS.unpaid);
      break;
  }
  if (query.goods_type) q = q.where('goods_type', '=', query.goods_type);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.process_status) q = q.where('process_status', '=', query.process_status);
  if (query.handler === 'none') q = q.where('admin_id', 'is', null);
  else if (typeof query.handler === 'number') q = q.where('admin_id', '=', query.handler);
  // The link's `source` (order-channel.ts): 'none' = orders that came without one.
  if (query.channel === NO_CHANNEL) q = q.where('channel', 'is', null);
  else if (query.channel) q = q.where('channel', '=', query.channel);
  const column = query.date_field === 'pay' ? 'pay_time' : 'create_time';
  if (query.from) q = q.where(column, '>=', shanghaiDayStart(query.from));
  if (query.to) q = q.where(column, '<', shanghaiDayEnd(query.to));
  if (query.q) q = applySearch(q, query.q);
  if (query.ids) q = q.where('id', 'in', query.ids.split(',').map(Number));
  return q;
}

/** The list's sort: the one asked for, else the view's own. */
function sortOf(query: Pick<ConsoleOrderListQuery, 'sort' | 'view'>): ConsoleOrderSort {
  return query.sort ?? (query.view === 'new' || query.view === 'overdue' || query.view === 'near_breach' || query.view === 'unassigned' ? 'pay_time_asc' : query.view === 'mine' ? 'pay_time_desc' : 'created_desc');
}

/** Where the previous export batch ended: the sort keys of its last row. */
export type OrderKeyset = Pick<OrderRow, 'id' | 'pay_time' | 'total_fee'>;

/**
 * The orders that come after `last` in `applySort`'s order (keyset), so an export's batches follow
 * the list's sort at the same cost each. Unpaid orders (no pay time) sort last either way.
 */
function applyAfter<O>(qb: OrdersQuery<O>, query: Pick<ConsoleOrderListQuery, 'sort' | 'view'>, last: OrderKeyset): OrdersQuery<O> {
  const sort = sortOf(query);
  const ascending = sort.endsWith('_asc');
  const op = ascending ? '>' : '<';
  switch (sort) {
    case 'pay_time_asc':
    case 'pay_time_desc': {
      const payTime = last.pay_time;
      if (payTime === null) return qb.where('pay_time', 'is', null).where('id', op, last.id);
      return qb.where((eb) => eb.or([eb('pay_time', op, payTime), eb.and([eb('pay_time', '=', payTime), eb('id', op, last.id)]), eb('pay_time', 'is', null)]));
    }
    case 'total_fee_asc':
    case 'total_fee_desc':
      return qb.where((eb) => eb.or([eb('total_fee', op, last.total_fee), eb.and([eb('total_fee', '=', last.total_fee), eb('id', op, last.id)])]));
    case 'created_desc':
    case 'create_time_desc':
    case 'create_time_asc':
      return qb.where('id', op, last.id);
  }
}

/**
 * The whitelisted orders (CONSOLE_ORDER_SORTS, checked by the route's schema): each value names
 * its SQL here, so nothing the client sends becomes SQL. Ties break on the id; the creation time
 * is the id's order (rows are appended), which is indexed.
 */
export function applySort<O>(qb: OrdersQuery<O>, query: Pick<ConsoleOrderListQuery, 'sort' | 'view'>): OrdersQuery<O> {
  switch (sortOf(query)) {
    case 'pay_time_asc':
      return qb.orderBy('pay_time', (ob) => ob.asc().nullsLast()).orderBy('id', 'asc');
    case 'pay_time_desc':
      return qb.orderBy('pay_time', (ob) => ob.desc().nullsLast()).orderBy('id', 'desc');
    case 'created_desc':
    case 'create_time_desc':
      return qb.orderBy('id', 'desc');
    case 'create_time_asc':
      return qb.orderBy('id', 'asc');
    case 'total_fee_asc':
      return qb.orderBy('total_fee', 'asc').orderBy('id', 'asc');
    case 'total_fee_desc':
      return qb.orderBy('total_fee', 'desc').orderBy('id', 'desc');
  }
}

/**
 * SQL for how staff handle orders: the queue, its counts, and the order's screenshots, notes and
 * status history. The order row itself is written only by order.repository.ts.
 */
export const orderHandlingRepository = {
  /**
   * A 待客户补充 move's note is what the clerk asked the customer for (decision 043), which may quote
   * their details: it goes when the order's customer_request does (retention, a deletion request;
   * decision 045). The other notes of the history are the staff's own words and stay.
   */
  async blankCustomerRequestNotes(db: Db, orderIds: readonly number[]): Promise<void> {
    if (orderIds.length === 0) return;
    await db
      .updateTable('order_status_history')
      .set({ note: PURGED_TEXT })
      .where('order_id', 'in', [...orderIds])
      .where('to_process_status', '=', PROCESS_STATUS.waitingCustomer)
      .where('note', '<>', '')
      .execute();
  },

  async listQueue(db: Db, query: ConsoleOrderListQuery, context: QueueContext): Promise<{ rows: OrderListRow[]; total: number }> {
    const filtered = applyQueueFilters(db.selectFrom('orders'), query, context);
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const [rows, count] = await Promise.all([
      applySort(filtered.select(LIST_COLUMNS), query).limit(limit).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** The order numbers of some ids, for a bulk action's report. */
  orderNumbers(db: Db, ids: readonly number[]) {
    return db.selectFrom('orders').select(['id', 'out_trade_no']).where('id', 'in', [...ids]).execute();
  },

  /** One batch of an export: the filtered orders after the last batch's last row, in the list's order (keyset, so every batch costs the same). */
  exportBatch(db: Db, query: ConsoleOrderListQuery, context: QueueContext, after: OrderKeyset | undefined, limit: number) {
    let filtered = applyQueueFilters(db.selectFrom('orders'), query, context);
    if (after) filtered = applyAfter(filtered, query, after);
    return applySort(
      filtered.select((eb) => [
        ...LIST_COLUMNS,
        'pay_source',
        'platform',
        // When it was completed (the last move to 已完成; decision 061), for the export's 完成时间.
        eb
          .selectFrom('order_status_history')
          .select((h) => h.fn.max('order_status_history.created_at').as('at'))
          .whereRef('order_status_history.order_id', '=', 'orders.id')
          .where('order_status_history.to_process_status', '=', PROCESS_STATUS.completed)
          .as('completed_at'),
      ]),
      query,
    )
      .limit(limit)
      .execute();
  },

  async countFiltered(db: Db, query: ConsoleOrderListQuery, context: QueueContext): Promise<number> {
    const row = await applyQueueFilters(db.selectFrom('orders'), query, context).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** How many orders a queue view holds, with no other filter. */
  async countView(db: Db, view: ConsoleOrderView, context: QueueContext): Promise<number> {
    const row = await applyQueueFilters(db.selectFrom('orders'), { view, page: 1, page_size: 1, date_field: 'create' }, context)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The breached orders (the list's view 'overdue'), oldest payment first: the dashboard's overdue list. */
  listOverdue(db: Db, now: Date, limit: number): Promise<OrderListRow[]> {
    return applyQueueFilters(db.selectFrom('orders'), { view: 'overdue', page: 1, page_size: limit, date_field: 'create' }, { staffId: 0, now })
      .select(LIST_COLUMNS)
      .orderBy('pay_time', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  },

  /** Orders paid since a moment (refunded ones included: they were paid), what they brought in, and how many were refunded. */
  async paidSince(db: Db, since: string): Promise<PeriodMoney> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('total_fee'), eb.lit(0)).as('fen'),
        eb.fn.sum<number>(eb.case().when('status', '=', ORDER_STATUS.refunded).then(1).else(0).end()).as('refunded'),
        // What the refunds returned, which a partial refund makes less than was paid (decision 057).
        eb.fn.coalesce(eb.fn.sum<number>('refunded_fen'), eb.lit(0)).as('refunded_fen'),
      ])
      .where('pay_time', '>=', since)
      .where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT)
      .executeTakeFirstOrThrow();
    return periodMoney({ paidOrders: Number(row.n), revenueFen: Number(row.fen), refundedOrders: Number(row.refunded ?? 0), refundedFen: Number(row.refunded_fen ?? 0) });
  },

  /** Distinct devices that paid since a moment. */
  async countPayingDevices(db: Db, since: string): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.count<number>('device_id').distinct().as('devices'))
      .where('pay_time', '>=', since)
      .where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT)
      // An order without a device id (placed before ids were kept) is no device, as in the funnel.
      .where('device_id', '<>', '')
      .executeTakeFirstOrThrow();
    return Number(row.devices);
  },

  /** Paid orders per handling status. */
  async countPaidByProcessStatus(db: Db): Promise<Map<string, number>> {
    const rows = await db.selectFrom('orders').select((eb) => ['process_status', eb.fn.countAll<number>().as('n')]).where('status', '=', ORDER_STATUS.paid).groupBy('process_status').execute();
    return new Map(rows.map((row) => [row.process_status, Number(row.n)]));
  },

  /** Paid orders since refunded (any process status): the dashboard's 已退款 bucket. */
  async countRefunded(db: Db): Promise<number> {
    const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', ORDER_STATUS.refunded).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  listFiles(db: Db, orderId: number) {
    return db.selectFrom('order_files').select(['id', 'url', 'storage_key', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();
  },

  async countFiles(db: Db, orderId: number): Promise<number> {
    const row = await db.selectFrom('order_files').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insertFile(db: Db, file: { orderId: number; url: string; storageKey: string; staffName: string; at: string }) {
    return db
      .insertInto('order_files')
      .values({ order_id: file.orderId, url: file.url, storage_key: file.storageKey, staff_name: file.staffName, created_at: file.at })
      .returning(['id', 'url', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  findFile(db: Db, orderId: number, fileId: number) {
    return db.selectFrom('order_files').select(['id', 'url', 'storage_key']).where('id', '=', fileId).where('order_id', '=', orderId).executeTakeFirst();
  },

  async deleteFile(db: Db, fileId: number): Promise<void> {
    await db.deleteFrom('order_files').where('id', '=', fileId).execute();
  },

  listNotes(db: Db, orderId: number) {
    return db.selectFrom('order_notes').select(['id', 'staff_name', 'content', 'created_at']).where('order_id', '=', orderId).orderBy('id', 'desc').execute();
  },

  /** The note's id; undefined when a note with the same client key is already on the order (a double click). */
  insertNote(db: Db, note: { orderId: number; staffId: number; staffName: string; content: string; at: string; clientKey: string | null }): Promise<{ id: number } | undefined> {
    return db
      .insertInto('order_notes')
      .values({ order_id: note.orderId, staff_id: note.staffId, staff_name: note.staffName, content: note.content, created_at: note.at, client_key: note.clientKey })
      .onConflict((oc) => oc.columns(['order_id', 'client_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  listCalls(db: Db, orderId: number) {
    return db.selectFrom('order_calls').select(['id', 'staff_name', 'outcome', 'note', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();
  },

  /** The call's id; undefined when a call with the same client key is already on the order (a double click). */
  insertCall(db: Db, call: { orderId: number; staffId: number; staffName: string; outcome: string; note: string; at: string; clientKey: string | null }): Promise<{ id: number } | undefined> {
    return db
      .insertInto('order_calls')
      .values({ order_id: call.orderId, staff_id: call.staffId, staff_name: call.staffName, outcome: call.outcome, note: call.note, created_at: call.at, client_key: call.clientKey })
      .onConflict((oc) => oc.columns(['order_id', 'client_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
  },

  /** The order's last handling move (to, by whom), for telling a repeated move from a refused one. */
  async lastMove(db: Db, orderId: number): Promise<{ to: string; staffId: number | null } | undefined> {
    const row = await db.selectFrom('order_status_history').select(['to_process_status', 'staff_id']).where('order_id', '=', orderId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? { to: row.to_process_status, staffId: row.staff_id === null ? null : Number(row.staff_id) } : undefined;
  },

  listHistory(db: Db, orderId: number) {
    return db
      .selectFrom('order_status_history')
      .select(['id', 'from_process_status', 'to_process_status', 'process_status_name', 'staff_name', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },

  /** The move's history row; its id names a request's SMS (decision 043). */
  async insertHistory(db: Db, entry: { orderId: number; from: ProcessStatus; to: ProcessStatus; name: string; staffId: number; staffName: string; note: string; at: string }): Promise<number> {
    const row = await db
      .insertInto('order_status_history')
      .values({ order_id: entry.orderId, from_process_status: entry.from, to_process_status: entry.to, process_status_name: entry.name, staff_id: entry.staffId, staff_name: entry.staffName, note: entry.note, created_at: entry.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** One customer's orders by phone or credit code, newest first (the customer view, decision 043); both columns are indexed. */
  listOfCustomer(db: Db, input: { phone?: string | undefined; creditCode?: string | undefined; limit: number }): Promise<OrderListRow[]> {
    let query = db.selectFrom('orders').select([...LIST_COLUMNS]);
    if (input.phone) query = query.where('entity_phone', '=', input.phone);
    else if (input.creditCode) query = query.where('entity_id', '=', input.creditCode);
    else return Promise.resolve([]);
    return query.orderBy('id', 'desc').limit(input.limit).execute();
  },
};
