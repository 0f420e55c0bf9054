import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_STATUS, PROCESS_STATUS, type ConsoleDashboardTrends } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

// 2026-03-11 10:00 in Beijing: the 30-day period is 2026-02-10 … 2026-03-11 (Beijing days),
// [2026-02-09T16:00Z, 2026-03-11T16:00Z); the previous one starts 2026-01-10T16:00Z.
const NOW = new Date('2026-03-11T02:00:00.000Z');

describeDialects('the owner dashboard: trends over Beijing days (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let asAdmin: Call;

  async function completed(orderId: number, by: Session, name: string, at: string) {
    await test.database.db
      .insertInto('order_status_history')
      .values({ order_id: orderId, from_process_status: PROCESS_STATUS.pending, to_process_status: PROCESS_STATUS.completed, process_status_name: '已完成', staff_id: by.staffId, staff_name: name, created_at: at })
      .execute();
  }

  async function taken(orderId: number, by: Session, at: string, action: 'order.take' | 'order.assign' = 'order.take') {
    // as the take and assign routes write it (order-handling.service.ts), at a chosen time
    await test.database.db.insertInto('audit_log').values({ staff_id: by.staffId, staff_name: '王专员', action, target_type: 'order', target_id: String(orderId), before: null, after: null, created_at: at }).execute();
  }

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, {}, NOW);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.wang', role: 'clerk', display_name: '王专员' });
    // The trends are revenue and every clerk's figures: money.view (decision 058).
    asAdmin = caller(test, admin);
    const clerkHolds = { admin_id: clerk.staffId, admin_name: '王专员' };
    // A: 00:30 on 03-11 in Beijing (still 03-10 in UTC), completed two hours after payment.
    const a = await insertOrder(test, { ...clerkHolds, pay_time: '2026-03-10T16:30:00.000Z', total_fee: 19900, process_status: PROCESS_STATUS.completed });
    await completed(a, clerk, '王专员', '2026-03-10T18:30:00.000Z');
    // B: 23:30 on 03-10 in Beijing, Alipay, refunded.
    await insertOrder(test, { ...clerkHolds, pay_time: '2026-03-10T15:30:00.000Z', total_fee: 30000, goods_type: 'credit_repair', pay_type: 'alipay', status: ORDER_STATUS.refunded });
    // C: the last instant of 02-09 in Beijing: the previous period; completed in this one.
    const c = await insertOrder(test, { ...clerkHolds, pay_time: '2026-02-09T15:59:59.999Z', total_fee: 10000, process_status: PROCESS_STATUS.completed });
    await completed(c, clerk, '王专员', '2026-02-11T23:59:59.999Z');
    // D: the first instant of 02-10 in Beijing: this period's first day; completed ten hours later.
    const d = await insertOrder(test, { ...clerkHolds, pay_time: '2026-02-09T16:00:00.000Z', total_fee: 5000, process_status: PROCESS_STATUS.completed });
    await completed(d, clerk, '王专员', '2026-02-10T02:00:00.000Z');
    // E: before the previous period: in neither.
    await insertOrder(test, { pay_time: '2026-01-10T15:00:00.000Z', total_fee: 8000 });
    // F: unpaid: never counted.
    await insertOrder(test, { status: ORDER_STATUS.unpaid, total_fee: 7000 });
    // G: open, held by the clerk, paid this morning.
    const g = await insertOrder(test, { ...clerkHolds, pay_time: '2026-03-11T01:00:00.000Z', total_fee: 19900 });
    await taken(g, clerk, '2026-03-11T02:00:00.000Z');
    // H: open (in progress), held by the admin.
    const h = await insertOrder(test, { admin_id: admin.staffId, admin_name: '管理员', pay_time: '2026-03-01T04:00:00.000Z', total_fee: 9900, goods_type: 'license_destory', pay_type: 'alipay', process_status: PROCESS_STATUS.processing });
    // An admin's assignment gives the order its handler as a take does (decision 041).
    await taken(h, admin, '2026-03-01T04:30:00.000Z', 'order.assign');
    // C was paid in the previous period: its take does not count, nor a second take of H.
    await taken(c, clerk, '2026-02-10T00:00:00.000Z');
    await taken(h, admin, '2026-03-02T04:30:00.000Z');
  });
  afterAll(async () => {
    await test.close();
  });

  it('buckets paid orders into Beijing days and compares with the previous 30 days', async () => {
    const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }));
    expect(trends).toMatchObject({ days: 30, since: '2026-02-09T16:00:00.000Z', until: '2026-03-11T16:00:00.000Z', previous_since: '2026-01-10T16:00:00.000Z' });
    expect(trends.daily).toHaveLength(30);
    expect(trends.daily[0]!.day).toBe('2026-02-10');
    expect(trends.daily.at(-1)!.day).toBe('2026-03-11');
    const nonEmpty = trends.daily.filter((day) => day.paid_orders > 0);
    expect(nonEmpty).toEqual([
      { day: '2026-02-10', paid_orders: 1, revenue_fen: 5000, refunded_orders: 0 },
      { day: '2026-03-01', paid_orders: 1, revenue_fen: 9900, refunded_orders: 0 },
      { day: '2026-03-10', paid_orders: 1, revenue_fen: 30000, refunded_orders: 1 },
      { day: '2026-03-11', paid_orders: 2, revenue_fen: 39800, refunded_orders: 0 },
    ]);
    expect(trends.comparison.paid_orders).toEqual({ current: 5, previous: 1, delta: 4, ratio: 4 });
    expect(trends.comparison.revenue_fen).toEqual({ current: 84700, previous: 10000, delta: 74700, ratio: 7.47 });
    expect(trends.comparison.refunded_orders).toMatchObject({ current: 1, previous: 0, ratio: null });
  });

  it('splits by service and by payment method, in words', async () => {
    const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }));
    expect(trends.by_service.map((s) => [s.key, s.paid_orders, s.revenue_fen])).toEqual([
      ['license_year', 3, 44800],
      ['credit_repair', 1, 30000],
      ['license_destory', 1, 9900],
    ]);
    expect(trends.by_service.every((s) => /[\u4e00-\u9fff]/.test(s.name))).toBe(true);
    expect(trends.by_pay_type).toEqual([
      { key: 'weixin', name: '微信支付', paid_orders: 3, revenue_fen: 44800 },
      { key: 'alipay', name: '支付宝', paid_orders: 2, revenue_fen: 39900 },
    ]);
  });

  it('gives paid → completed and paid → taken median and p90 over the period\'s completions, and per-clerk workload and results', async () => {
    const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }));
    // 120, 600 and 3360 minutes (C: from 02-09 15:59:59.999Z to 02-11 23:59:59.999Z)
    expect(trends.turnaround).toEqual({
      paid_to_completed: { orders: 3, median_minutes: 600, p90_minutes: 3360 },
      // G after 60 minutes, H after 30 (its first take)
      paid_to_taken: { orders: 2, median_minutes: 30, p90_minutes: 60 },
      // no call recorded in this data (decision 044's figures are tested in console.first-call.test.ts)
      paid_to_first_call: { orders: 0, median_minutes: null, p90_minutes: null },
    });
    expect(trends.clerks).toEqual([
      { staff_id: clerk.staffId, name: '王专员', open_orders: 1, completed: 3, calls: 0, refunded: 1 },
      { staff_id: admin.staffId, name: '管理员', open_orders: 1, completed: 0, calls: 0, refunded: 0 },
    ]);
  });

  it('takes 90 days (everything since 2025-12-12 in Beijing) and refuses any other window', async () => {
    const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '90' } }));
    expect(trends.daily).toHaveLength(90);
    expect(trends.comparison.paid_orders).toMatchObject({ current: 7, previous: 0 });
    expect(trends.comparison.revenue_fen.current).toBe(84700 + 10000 + 8000);
    expectError(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '365' } }), 'VALIDATION_FAILED');
  });
});
