import { sql } from 'kysely';
import { OPEN_PROCESS_STATUSES, ORDER_STATUS, ORDER_STATUSES_AFTER_PAYMENT, PROCESS_STATUS } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';

/**
 * The owner's dashboard over a bounded window (at most two 90-day periods). Day buckets are the UTC
 * date of `pay_time` and whether its hour is 16 or later (Beijing's next day): text functions both
 * SQLite and PostgreSQL have; `beijingDayOfUtcHalf` in the domain turns a bucket into its day.
 */
const utcDate = sql<string>`substr(pay_time, 1, 10)`;
const lateHalf = sql<number>`case when substr(pay_time, 12, 2) >= '16' then 1 else 0 end`;

export interface PaidBucketRow {
  utc_date: string;
  late_half: number;
  goods_type: string;
  pay_type: string;
  paid_orders: number;
  revenue_fen: number;
  refunded_orders: number;
}

export const orderTrendsRepository = {
  /** Orders paid in [since, until) (refunded ones included: they were paid), per half UTC day, service and payment method. */
  async paidBuckets(db: Db, since: string, until: string): Promise<PaidBucketRow[]> {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => [
        utcDate.as('utc_date'),
        lateHalf.as('late_half'),
        'goods_type',
        'pay_type',
        eb.fn.countAll<number>().as('paid_orders'),
        eb.fn.coalesce(eb.fn.sum<number>('total_fee'), eb.lit(0)).as('revenue_fen'),
        eb.fn.sum<number>(eb.case().when('status', '=', ORDER_STATUS.refunded).then(1).else(0).end()).as('refunded_orders'),
      ])
      .where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT)
      .where('pay_time', '>=', since)
      .where('pay_time', '<', until)
      .groupBy([utcDate, lateHalf, 'goods_type', 'pay_type'])
      .execute();
    return rows.map((row) => ({
      utc_date: row.utc_date,
      late_half: Number(row.late_half),
      goods_type: row.goods_type,
      pay_type: row.pay_type,
      paid_orders: Number(row.paid_orders),
      revenue_fen: Number(row.revenue_fen),
      refunded_orders: Number(row.refunded_orders ?? 0),
    }));
  },

  /** Orders first marked completed in [since, until): when they were paid and when completed (at most the window's completions). */
  completions(db: Db, since: string, until: string): Promise<{ pay_time: string | null; completed_at: string }[]> {
    return db
      .selectFrom('order_status_history as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .select((eb) => ['o.pay_time', eb.fn.min<string>('h.created_at').as('completed_at')])
      .where('h.to_process_status', '=', PROCESS_STATUS.completed)
      .where('o.pay_time', 'is not', null)
      .groupBy(['o.id', 'o.pay_time'])
      .having((eb) => eb.and([eb(eb.fn.min('h.created_at'), '>=', since), eb(eb.fn.min('h.created_at'), '<', until)]))
      .execute();
  },

  /** Orders paid in [since, until): id and payment time (the paid → taken turnaround; at most the window's orders). */
  paidTimes(db: Db, since: string, until: string): Promise<{ id: number; pay_time: string | null; first_call_time: string | null; status: string; process_status: string }[]> {
    return db.selectFrom('orders').select(['id', 'pay_time', 'first_call_time', 'status', 'process_status']).where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT).where('pay_time', '>=', since).where('pay_time', '<', until).execute();
  },

  /** Paid orders still open, per clerk holding them (now, not per period). */
  async openByClerk(db: Db): Promise<{ staff_id: number; name: string; open_orders: number }[]> {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => ['admin_id', eb.fn.max('admin_name').as('name'), eb.fn.countAll<number>().as('n')])
      .where('status', '=', ORDER_STATUS.paid)
      .where('process_status', 'in', OPEN_PROCESS_STATUSES)
      .where('admin_id', 'is not', null)
      .groupBy('admin_id')
      .execute();
    return rows.map((row) => ({ staff_id: Number(row.admin_id), name: String(row.name ?? ''), open_orders: Number(row.n) }));
  },

  /** Completions in [since, until) per clerk who marked them. */
  async completedByClerk(db: Db, since: string, until: string): Promise<{ staff_id: number; name: string; completed: number }[]> {
    const rows = await db
      .selectFrom('order_status_history')
      .select((eb) => ['staff_id', eb.fn.max('staff_name').as('name'), eb.fn.count<number>('order_id').distinct().as('n')])
      .where('to_process_status', '=', PROCESS_STATUS.completed)
      .where('staff_id', 'is not', null)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy('staff_id')
      .execute();
    return rows.map((row) => ({ staff_id: Number(row.staff_id), name: String(row.name ?? ''), completed: Number(row.n) }));
  },

  /** Calls recorded in [since, until) per staff member who made them (decision 044). */
  async callsByClerk(db: Db, since: string, until: string): Promise<{ staff_id: number; name: string; calls: number }[]> {
    const rows = await db
      .selectFrom('order_calls')
      .select((eb) => ['staff_id', eb.fn.max('staff_name').as('name'), eb.fn.countAll<number>().as('n')])
      .where('staff_id', 'is not', null)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .groupBy('staff_id')
      .execute();
    return rows.map((row) => ({ staff_id: Number(row.staff_id), name: String(row.name ?? ''), calls: Number(row.n) }));
  },

  /** Orders paid in [since, until) and since refunded, per clerk holding them. */
  async refundedByClerk(db: Db, since: string, until: string): Promise<{ staff_id: number; name: string; refunded: number }[]> {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => ['admin_id', eb.fn.max('admin_name').as('name'), eb.fn.countAll<number>().as('n')])
      .where('status', '=', ORDER_STATUS.refunded)
      .where('admin_id', 'is not', null)
      .where('pay_time', '>=', since)
      .where('pay_time', '<', until)
      .groupBy('admin_id')
      .execute();
    return rows.map((row) => ({ staff_id: Number(row.admin_id), name: String(row.name ?? ''), refunded: Number(row.n) }));
  },

  /**
   * Per channel (the link's `source`, NULL for none; docs/decisions/059-prices-per-customer-kind-and-channel.md):
   * the orders created in [since, until), and the orders paid in it with what they paid.
   */
  async channelTotals(db: Db, since: string, until: string): Promise<{ channel: string | null; orders: number; paid_orders: number; revenue_fen: number }[]> {
    const [created, paid] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => ['channel', eb.fn.countAll<number>().as('n')])
        .where('create_time', '>=', since)
        .where('create_time', '<', until)
        .groupBy('channel')
        .execute(),
      db
        .selectFrom('orders')
        .select((eb) => ['channel', eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('total_fee'), eb.lit(0)).as('fen')])
        .where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT)
        .where('pay_time', '>=', since)
        .where('pay_time', '<', until)
        .groupBy('channel')
        .execute(),
    ]);
    const totals = new Map<string | null, { channel: string | null; orders: number; paid_orders: number; revenue_fen: number }>();
    const entry = (channel: string | null) => totals.get(channel) ?? totals.set(channel, { channel, orders: 0, paid_orders: 0, revenue_fen: 0 }).get(channel)!;
    for (const row of created) entry(row.channel).orders = Number(row.n);
    for (const row of paid) Object.assign(entry(row.channel), { paid_orders: Number(row.n), revenue_fen: Number(row.fen) });
    return [...totals.values()];
  },
};
