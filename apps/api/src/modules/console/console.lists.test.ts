import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleAuditEntry, ConsoleFeedback, ConsoleOrderListItem, ConsolePage, ConsoleRefundRequest, ConsoleSmsLogEntry } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/**
 * The lists as ProTable-like tables (decision 038): whitelisted sorting, day ranges (Shanghai days) on
 * every time-based list, the audit log by staff member, day and KB order number.
 */
describeDialects('console lists: sorting and day ranges (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let asAdmin: Call;
  const ids: Record<string, number> = {};
  // 2026-03-01 00:30 in Shanghai is 2026-02-28 16:30 UTC: the day boundary is Shanghai's.
  const MARCH_1_EARLY = '2026-02-28T16:30:00.000Z';
  const MARCH_2_NOON = '2026-03-02T04:00:00.000Z';
  const MARCH_3_LATE = '2026-03-03T15:59:00.000Z';

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.lists', role: 'clerk', display_name: '列表专员' });
    asAdmin = caller(test, admin);
    const db = test.database.db;
    ids.cheap = await insertOrder(test, { total_fee: 100, entity_name: '排序甲有限公司', create_time: MARCH_1_EARLY, pay_time: MARCH_1_EARLY });
    ids.dear = await insertOrder(test, { total_fee: 90000, entity_name: '排序乙有限公司', create_time: MARCH_2_NOON, pay_time: MARCH_2_NOON });
    ids.middle = await insertOrder(test, { total_fee: 5000, entity_name: '排序丙有限公司', create_time: MARCH_3_LATE, pay_time: MARCH_3_LATE });
    for (const [orderId, at] of [
      [ids.cheap!, MARCH_1_EARLY],
      [ids.dear!, MARCH_2_NOON],
      [ids.middle!, MARCH_3_LATE],
    ] as const) {
      await db.insertInto('refund_requests').values({ order_id: orderId, reason: '客户要求', requested_by: clerk.staffId, requested_by_name: '列表专员', created_at: at, updated_at: at }).execute();
      await db.insertInto('sms_log').values({ dedupe_key: `t:${orderId}`, order_id: orderId, phone: '13800000000', template: 'order_paid', content: 'x', provider: 'console', status: orderId === ids.dear ? 'FAILED' : 'SENT', created_at: at }).execute();
      await db.insertInto('feedback').values({ type: '其他', content: `投诉 ${orderId}`, created_at: at }).execute();
      await db.insertInto('audit_log').values({ staff_id: clerk.staffId, staff_name: '列表专员', action: 'order.note', target_type: 'order', target_id: String(orderId), before: null, after: '{"content":"x"}', ip: '', created_at: at }).execute();
    }
  });
  afterAll(async () => {
    await test.close();
  });

  const page = async <T>(path: string, query: Record<string, string>) => dataOf<ConsolePage<T>>(await asAdmin('GET', path, undefined, { query }));

  it('sorts the orders by a whitelisted column either way, and refuses anything else', async () => {
    const byFee = async (sort: string) => (await page<ConsoleOrderListItem>('/api/console/orders', { view: 'all', q: '排序', sort })).items.map((o) => o.total_fee);
    expect(await byFee('total_fee_asc')).toEqual([100, 5000, 90000]);
    expect(await byFee('total_fee_desc')).toEqual([90000, 5000, 100]);
    expect((await page<ConsoleOrderListItem>('/api/console/orders', { view: 'all', q: '排序', sort: 'create_time_asc' })).items.map((o) => o.id)).toEqual([ids.cheap, ids.dear, ids.middle]);
    for (const sort of ['entity_phone_asc', 'total_fee; DROP TABLE orders', 'id']) expectError(await asAdmin('GET', '/api/console/orders', undefined, { query: { sort } }), 'VALIDATION_FAILED');
  });

  it('filters the orders by Shanghai days, both ends included', async () => {
    const within = async (from: string, to: string) => (await page<ConsoleOrderListItem>('/api/console/orders', { view: 'all', q: '排序', date_field: 'create', from, to })).items.map((o) => o.id).sort();
    expect(await within('2026-03-01', '2026-03-01')).toEqual([ids.cheap]);
    expect(await within('2026-03-02', '2026-03-03')).toEqual([ids.dear, ids.middle].sort());
  });

  it('gives refunds, complaints and the SMS log a day range and a time order', async () => {
    const refunds = await page<ConsoleRefundRequest>('/api/console/refund-requests', { from: '2026-03-02', to: '2026-03-03', sort: 'created_at_asc' });
    expect(refunds.items.map((r) => r.order_id)).toEqual([ids.dear, ids.middle]);
    expect(refunds.total).toBe(2);
    const feedback = await page<ConsoleFeedback>('/api/console/feedback', { from: '2026-03-01', to: '2026-03-01' });
    expect(feedback.items.map((f) => f.content)).toEqual([`投诉 ${ids.cheap}`]);
    const sms = await page<ConsoleSmsLogEntry>('/api/console/sms', { from: '2026-03-01', to: '2026-03-03', sort: 'created_at_desc' });
    expect(sms.items.map((s) => s.order_id)).toEqual([ids.middle, ids.dear, ids.cheap]);
    expect((await page<ConsoleSmsLogEntry>('/api/console/sms', { status: 'FAILED', from: '2026-03-01' })).items.map((s) => s.order_id)).toEqual([ids.dear]);
    expectError(await asAdmin('GET', '/api/console/sms', undefined, { query: { from: '2026-3-1' } }), 'VALIDATION_FAILED');
    expectError(await asAdmin('GET', '/api/console/refund-requests', undefined, { query: { sort: 'reason_asc' } }), 'VALIDATION_FAILED');
  });

  it('finds audit entries by staff member, day and KB order number, and names the order by its number', async () => {
    const { out_trade_no: number } = await test.database.db.selectFrom('orders').select('out_trade_no').where('id', '=', ids.dear!).executeTakeFirstOrThrow();
    const byNumber = await page<ConsoleAuditEntry>('/api/console/audit', { order_no: number.toLowerCase() });
    expect(byNumber.items).toHaveLength(1);
    expect(byNumber.items[0]).toMatchObject({ target_type: 'order', target_id: String(ids.dear), order_no: number });
    expect((await page<ConsoleAuditEntry>('/api/console/audit', { order_no: 'KB0000' })).total).toBe(0);
    const byStaffAndDay = await page<ConsoleAuditEntry>('/api/console/audit', { staff_id: String(clerk.staffId), action: 'order.note', from: '2026-03-03', to: '2026-03-03' });
    expect(byStaffAndDay.items.map((e) => e.target_id)).toEqual([String(ids.middle)]);
  });
});
