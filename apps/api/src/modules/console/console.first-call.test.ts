import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS, type ConsoleDashboard, type ConsoleDashboardTrends, type ConsoleOrderCounts, type ConsoleOrderDetail, type ConsoleOrderListItem, type ConsolePage } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

// 2026-03-11 10:00 in Beijing; every order below is paid in the 30-day period.
const NOW = new Date('2026-03-11T02:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000).toISOString();

/** The first call and the 24-hour promise (decision 044). */
describeDialects('the first call and its clock (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let other: Session;
  let asAdmin: Call;
  let asClerk: Call;
  let asOther: Call;
  let held: { admin_id: number; admin_name: string };

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, {}, NOW);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.zhao', role: 'clerk', display_name: '赵专员' });
    other = await createStaff(test, admin, { username: 'clerk.qian', role: 'clerk', display_name: '钱专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asOther = caller(test, other);
    held = { admin_id: clerk.staffId, admin_name: '赵专员' };
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (view: string) => dataOf<ConsolePage<ConsoleOrderListItem>>(await asClerk('GET', '/api/console/orders', undefined, { query: { view, page_size: '100' } }));
  const call = (as: Call, id: number, body: unknown) => as('POST', `/api/console/orders/${id}/calls`, body);

  it("records the handler's calls with their outcome, keeps the first, audits each and shows them on the timeline's internal side", async () => {
    const id = await insertOrder(test, { ...held, pay_time: hoursAgo(3), process_status: PROCESS_STATUS.processing });
    const before = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${id}`));
    expect(before.sla).toMatchObject({ state: 'running', minutes: 21 * 60 });
    expect(before.calls).toEqual([]);

    const first = dataOf<ConsoleOrderDetail>(await call(asClerk, id, { outcome: 'no_answer' }));
    expect(first.first_call_time).toBe(NOW.toISOString());
    expect(first.sla).toMatchObject({ state: 'met', minutes: 180 });
    test.clock.advance(10 * 60_000);
    const second = dataOf<ConsoleOrderDetail>(await call(asClerk, id, { outcome: 'connected', note: '客户下午发营业执照' }));
    // The first call stays the first: an attempt keeps the promise (decision 044).
    expect(second.first_call_time).toBe(NOW.toISOString());
    expect(second.calls.map((c) => [c.staff_name, c.outcome, c.note])).toEqual([
      ['赵专员', 'no_answer', ''],
      ['赵专员', 'connected', '客户下午发营业执照'],
    ]);
    const audit = await auditRows(test, 'order.call', id);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(String(audit[0]!.after))).toMatchObject({ outcome: 'no_answer', first_call_time: NOW.toISOString() });
    expect(JSON.parse(String(audit[1]!.after))).not.toHaveProperty('first_call_time');
    test.clock.now = NOW;
  });

  it('lets the handler or an admin record a call, nobody else, and only on a paid order with a known outcome', async () => {
    const mine = await insertOrder(test, { ...held, pay_time: hoursAgo(1) });
    expectError(await call(asOther, mine, { outcome: 'connected' }), 'CONSOLE_ORDER_TAKEN_BY_OTHER');
    expect((await call(asAdmin, mine, { outcome: 'wrong_number', note: '空号' })).statusCode).toBe(200);
    const nobodys = await insertOrder(test, { pay_time: hoursAgo(1) });
    expectError(await call(asClerk, nobodys, { outcome: 'connected' }), 'CONSOLE_ORDER_NOT_TAKEN');
    const unpaid = await insertOrder(test, { ...held, status: '1', pay_time: null });
    expectError(await call(asClerk, unpaid, { outcome: 'connected' }), 'CONSOLE_ORDER_NOT_PAID');
    expectError(await call(asClerk, mine, { outcome: 'answered' }), 'VALIDATION_FAILED');
    expectError(await call(asClerk, mine, { outcome: 'connected', note: '话'.repeat(501) }), 'VALIDATION_FAILED');
    expectError(await call(asClerk, 999_999, { outcome: 'connected' }), 'ORDER_NOT_FOUND');
  });

  describe('the views, the counts and the dashboard', () => {
    let ids: { near: number; breached: number; breachedTaken: number; calledLate: number; calledOnTime: number; fresh: number; completedUncalled: number };
    beforeAll(async () => {
      // A fresh app state is not needed: the orders above were paid 1–3 h ago and are either called or running.
      ids = {
        fresh: await insertOrder(test, { pay_time: hoursAgo(2) }),
        near: await insertOrder(test, { pay_time: hoursAgo(21) }),
        breached: await insertOrder(test, { pay_time: hoursAgo(30) }),
        // Taken and in progress, but nobody called: the promise is about the call, not the take.
        breachedTaken: await insertOrder(test, { ...held, pay_time: hoursAgo(26), process_status: PROCESS_STATUS.processing }),
        calledLate: await insertOrder(test, { ...held, pay_time: hoursAgo(40) }),
        calledOnTime: await insertOrder(test, { ...held, pay_time: hoursAgo(48) }),
        completedUncalled: await insertOrder(test, { ...held, pay_time: hoursAgo(100), process_status: PROCESS_STATUS.completed }),
      };
      // Recorded through the route, at chosen times: 30 h after payment, and 2 h after payment.
      test.clock.now = new Date(hoursAgo(10));
      dataOf<ConsoleOrderDetail>(await call(asClerk, ids.calledLate, { outcome: 'connected' }));
      test.clock.now = new Date(hoursAgo(46));
      dataOf<ConsoleOrderDetail>(await call(asClerk, ids.calledOnTime, { outcome: 'not_needed' }));
      test.clock.now = NOW;
    });

    it('lists 即将超时 and 已超时 by the first call, with each row’s clock', async () => {
      const near = await list('near_breach');
      expect(near.items.map((o) => o.id)).toEqual([ids.near]);
      expect(near.items[0]!.sla).toMatchObject({ state: 'near_breach', minutes: 3 * 60 });
      const overdue = await list('overdue');
      expect(overdue.items.map((o) => o.id)).toEqual([ids.breached, ids.breachedTaken]);
      expect(overdue.items.map((o) => [o.overdue, o.sla.state, o.sla.minutes])).toEqual([
        [true, 'breached', 6 * 60],
        [true, 'breached', 2 * 60],
      ]);
      const all = new Map((await list('all')).items.map((o) => [o.id, o.sla.state]));
      expect([ids.fresh, ids.calledLate, ids.calledOnTime, ids.completedUncalled].map((id) => all.get(id))).toEqual(['running', 'met_late', 'met', 'none']);
      const counts = dataOf<ConsoleOrderCounts>(await asClerk('GET', '/api/console/orders/counts'));
      expect(counts).toMatchObject({ near_breach: 1, overdue: 2 });
    });

    it('takes an order out of 已超时 once someone calls, and puts it in as the clock runs out', async () => {
      const late = await insertOrder(test, { ...held, pay_time: hoursAgo(23) });
      expect((await list('near_breach')).items.map((o) => o.id)).toContain(late);
      test.clock.now = new Date(NOW.getTime() + 2 * 3600_000);
      try {
        expect((await list('overdue')).items.map((o) => o.id)).toContain(late);
        expect((await call(asClerk, late, { outcome: 'no_answer' })).statusCode).toBe(200);
        const overdue = await list('overdue');
        expect(overdue.items.map((o) => o.id)).not.toContain(late);
        const detail = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${late}`));
        expect(detail.sla).toMatchObject({ state: 'met_late', minutes: 60 });
      } finally {
        test.clock.now = NOW;
      }
    });

    it('counts breaches on the dashboard, and paid → first call median and p90 from the records', async () => {
      const dashboard = dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard'));
      expect(dashboard.overdue.count).toBe(2);
      expect(dashboard.overdue.orders.map((o) => o.id)).toEqual([ids.breached, ids.breachedTaken]);

      const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }));
      // Paid in the period (the unpaid one aside): 3 in the first tests, 7 above, 1 in the last test.
      // Called on time: the first test's order (180 min), the admin's wrong number (60 min),
      // calledOnTime (120 min); late: calledLate (1800 min) and the last test's order (1500 min).
      expect(trends.first_call).toEqual({ paid_orders: 11, met: 3, met_late: 2, breached_open: 2, breached: 4, open_now: 2 });
      expect(trends.turnaround.paid_to_first_call).toEqual({ orders: 5, median_minutes: 180, p90_minutes: 1800 });
      const zhao = trends.clerks.find((c) => c.staff_id === clerk.staffId);
      expect(zhao).toMatchObject({ calls: 5 });
      expect(trends.clerks.find((c) => c.staff_id === admin.staffId)).toMatchObject({ calls: 1 });
    });
  });
});
