import { sql, type SelectQueryBuilder } from 'kysely';
import { CALL_PROMISE_MS, SHANGHAI_UTC_OFFSET_MS, type ConsoleOrderListQuery } from '@kuaibao/domain';
import type { Database, OrderRow } from '../../db/schema.ts';
import { likeContains, pageWindow, type Db } from './actor.ts';

/** The columns of a queue row (the full row carries ciphertext the list never needs). */
export const LIST_COLUMNS = [
  'id',
  'out_trade_no',
  'goods_id',
  'goods_type',
  'goods_name',
  'entity_name',
  'entity_id',
  'entity_legal',
  'entity_phone',
  'total_fee',
  'status',
  'process_status',
  'process_status_name',
  'pay_type',
  'pay_time',
  'create_time',
  'admin_id',
  'admin_name',
] as const;
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

export function applyQueueFilters<O>(qb: OrdersQuery<O>, query: ConsoleOrderListQuery, context: QueueContext): OrdersQuery<O> {
  let q = qb;
  switch (query.view) {
    case 'new':
      q = q.where('status', '=', '2').where('process_status', '=', '1');
      break;
    case 'overdue':
      q = q.where('status', '=', '2').where('process_status', '=', '1').where('pay_time', '<', new Date(context.now.getTime() - CALL_PROMISE_MS).toISOString());
      break;
    case 'mine':
      q = q.where('admin_id', '=', context.staffId).where('status', '=', '2').where('process_status', 'in', ['1', '3', '4']);
      break;
    case 'all':
      break;
  }
  if (query.goods_type) q = q.where('goods_type', '=', query.goods_type);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.process_status) q = q.where('process_status', '=', query.process_status);
  if (query.handler === 'none') q = q.where('admin_id', 'is', null);
  else if (typeof query.handler === 'number') q = q.where('admin_id', '=', query.handler);
  const column = query.date_field === 'pay' ? 'pay_time' : 'create_time';
  if (query.from) q = q.where(column, '>=', shanghaiDayStart(query.from));
  if (query.to) q = q.where(column, '<', shanghaiDayEnd(query.to));
  if (query.q) q = applySearch(q, query.q);
  return q;
}

function applySort<O>(qb: OrdersQuery<O>, query: ConsoleOrderListQuery): OrdersQuery<O> {
  const sort = query.sort ?? (query.view === 'new' || query.view === 'overdue' ? 'pay_time_asc' : query.view === 'mine' ? 'pay_time_desc' : 'created_desc');
  switch (sort) {
    case 'pay_time_asc':
      return qb.orderBy('pay_time', (ob) => ob.asc().nullsLast()).orderBy('id', 'asc');
    case 'pay_time_desc':
      return qb.orderBy('pay_time', (ob) => ob.desc().nullsLast()).orderBy('id', 'desc');
    case 'created_desc':
      return qb.orderBy('id', 'desc');
  }
}

export const consoleOrdersRepository = {
  async listQueue(db: Db, query: ConsoleOrderListQuery, context: QueueContext): Promise<{ rows: OrderListRow[]; total: number }> {
    const filtered = applyQueueFilters(db.selectFrom('orders'), query, context);
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const [rows, count] = await Promise.all([
      applySort(filtered.select(LIST_COLUMNS), query).limit(limit).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  async countWhere(db: Db, build: <O>(qb: OrdersQuery<O>) => OrdersQuery<O>): Promise<number> {
    const row = await build(db.selectFrom('orders')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  findById(db: Db, id: number): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  listFiles(db: Db, orderId: number) {
    return db.selectFrom('order_files').select(['id', 'url', 'storage_key', 'created_at']).where('order_id', '=', orderId).orderBy('id').execute();
  },

  listNotes(db: Db, orderId: number) {
    return db.selectFrom('order_notes').select(['id', 'staff_name', 'content', 'created_at']).where('order_id', '=', orderId).orderBy('id', 'desc').execute();
  },

  listHistory(db: Db, orderId: number) {
    return db
      .selectFrom('order_status_history')
      .select(['id', 'from_process_status', 'to_process_status', 'process_status_name', 'staff_name', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },
};
