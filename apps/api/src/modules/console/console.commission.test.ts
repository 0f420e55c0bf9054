import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS, type ConsoleCommission, type ConsoleCommissionRate, type ConsoleRefundRequest, type GoodsType } from '@kuaibao/domain';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

/** 20 March 2026, 12:00 in Beijing. */
const NOW = new Date('2026-03-20T04:00:00.000Z');

/** 提成 per clerk and service for a Beijing month (docs/decisions/058-finance-and-supervisor-roles-and-commission.md). */
describeDialects('提成 (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let wang: Session;
  let li: Session;
  let asAdmin: Call;
  let asWang: Call;
  let asLi: Call;
  let asFinance: Call;
  let asSupervisor: Call;

  async function completedOrder(by: Session, name: string, goodsType: GoodsType, paidFen: number, completedAt: string): Promise<number> {
    const id = await insertOrder(test, { admin_id: by.staffId, admin_name: name, goods_type: goodsType, total_fee: paidFen, process_status: PROCESS_STATUS.completed, pay_time: '2026-01-15T02:00:00.000Z' });
    await test.database.db
      .insertInto('order_status_history')
      .values({ order_id: id, from_process_status: PROCESS_STATUS.processing, to_process_status: PROCESS_STATUS.completed, process_status_name: '已完成', staff_id: by.staffId, staff_name: name, created_at: completedAt })
      .execute();
    return id;
  }

  /** A refund as the payment module records a successful one. */
  async function refunded(orderId: number, amountFen: number, at: string): Promise<void> {
    const order = await test.database.db.selectFrom('orders').select(['out_trade_no', 'total_fee']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const attempt = await test.database.db
      .insertInto('payment_attempts')
      .values({ order_id: orderId, provider: 'sandbox', pay_type: 'weixin', pay_source: 'native', out_trade_no: `${order.out_trade_no}P01`, amount_fen: order.total_fee, status: 'PAID', provider_txn_id: `tx-${orderId}`, expires_at: at, created_at: at, paid_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.database.db
      .insertInto('refunds')
      .values({ order_id: orderId, attempt_id: attempt.id, provider: 'sandbox', out_trade_no: `${order.out_trade_no}P01`, out_refund_no: `R${order.out_trade_no}`, amount_fen: amountFen, total_fen: order.total_fee, purpose: 'ORDER', status: 'SUCCESS', succeeded_at: at, created_at: at, updated_at: at })
      .execute();
  }

  const march = async (call: Call, query: Record<string, string> = {}) => dataOf<ConsoleCommission>(await call('GET', '/api/console/commission', undefined, { query: { month: '2026-03', ...query } }));
  const lineOf = (data: ConsoleCommission, staffId: number, goodsType: GoodsType) => data.lines.find((l) => l.staff_id === staffId && l.goods_type === goodsType);

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, {}, NOW);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    wang = await createStaff(test, admin, { username: 'clerk.wang', role: 'clerk', display_name: '王专员' });
    li = await createStaff(test, admin, { username: 'clerk.li', role: 'clerk', display_name: '李专员' });
    asAdmin = caller(test, admin);
    asWang = caller(test, wang);
    asLi = caller(test, li);
    asFinance = caller(test, await createStaff(test, admin, { username: 'finance.qian', role: 'finance', display_name: '钱财务' }));
    asSupervisor = caller(test, await createStaff(test, admin, { username: 'lead.sun', role: 'supervisor', display_name: '孙主管' }));

    // Rates since January: annual reports 10 %, credit repair 5 %.
    for (const [goodsType, rate] of [['license_year', 1000], ['credit_repair', 500]] as const) {
      await test.database.db.insertInto('commission_rates').values({ goods_type: goodsType, rate_bp: rate, effective_from: '2026-01-01T00:00:00.000Z', staff_id: admin.staffId, staff_name: '管理员' }).execute();
    }
    await completedOrder(wang, '王专员', 'license_year', 19900, '2026-03-02T02:00:00.000Z');
    await completedOrder(wang, '王专员', 'credit_repair', 30000, '2026-03-05T02:00:00.000Z');
    // Completed in February, refunded in full in March: February earned it, March takes it back.
    const february = await completedOrder(wang, '王专员', 'license_year', 19900, '2026-02-10T02:00:00.000Z');
    await refunded(february, 19900, '2026-03-03T02:00:00.000Z');
    // 1 April 00:30 in Beijing (31 March in UTC): April's.
    await completedOrder(li, '李专员', 'license_year', 10000, '2026-03-31T16:30:00.000Z');
  });
  afterAll(async () => {
    await test.close();
  });

  it('computes the month per clerk and service: completions × the rate, less the month\'s refunds of their orders', async () => {
    const data = await march(asAdmin);
    expect(data.everyone).toBe(true);
    expect(lineOf(data, wang.staffId, 'credit_repair')).toMatchObject({ completed_orders: 1, completed_fen: 30000, earned_fen: 1500, deducted_fen: 0, net_fen: 1500 });
    expect(lineOf(data, wang.staffId, 'license_year')).toMatchObject({ completed_orders: 1, earned_fen: 1990, refunds: 1, refunded_fen: 19900, deducted_fen: 1990, net_fen: 0 });
    // Beijing month: 李's completion belongs to April.
    expect(data.lines.filter((l) => l.staff_id === li.staffId)).toEqual([]);
    const april = dataOf<ConsoleCommission>(await asAdmin('GET', '/api/console/commission', undefined, { query: { month: '2026-04' } }));
    expect(lineOf(april, li.staffId, 'license_year')).toMatchObject({ completed_orders: 1, earned_fen: 1000, net_fen: 1000 });
    expectError(await asAdmin('GET', '/api/console/commission', undefined, { query: { month: '2026-13' } }), 'VALIDATION_FAILED');
  });

  it('shows everyone\'s to 财务 and 主管, and a clerk only their own (the API refuses another\'s)', async () => {
    for (const call of [asFinance, asSupervisor]) {
      const data = await march(call);
      expect(data.everyone).toBe(true);
      expect(new Set(data.lines.map((l) => l.staff_id))).toEqual(new Set([wang.staffId]));
    }
    const own = await march(asWang);
    expect(own.everyone).toBe(false);
    expect(own.lines.length).toBe(2);
    expect(own.lines.every((l) => l.staff_id === wang.staffId)).toBe(true);
    expect((await march(asLi)).lines).toEqual([]);
    expectError(await asLi('GET', '/api/console/commission', undefined, { query: { month: '2026-03', staff_id: String(wang.staffId) } }), 'CONSOLE_COMMISSION_NOT_YOURS');
    // A clerk's export is their own too.
    const file = await asLi('GET', '/api/console/commission/export', undefined, { query: { month: '2026-03', format: 'csv' } });
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain('王专员');
  });

  it('exports the month with the existing writer', async () => {
    const file = await asFinance('GET', '/api/console/commission/export', undefined, { query: { month: '2026-03', format: 'csv' } });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['x-export-rows']).toBe('2');
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('员工,服务,完成订单,完成订单实付（元）,提成（元）,退款笔数,退款金额（元）,扣回提成（元）,应发提成（元）');
    expect(lines.slice(1)).toEqual(expect.arrayContaining(['王专员,信用修复,1,300,15,0,0,0,15', '王专员,年报申报,1,199,19.9,1,199,19.9,0']));
    const xlsx = await asAdmin('GET', '/api/console/commission/export', undefined, { query: { month: '2026-03' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets only an admin set a rate, from now on: a closed month keeps its figures', async () => {
    expectError(await asSupervisor('PUT', '/api/console/commission/rates/license_year', { rate_bp: 2000 }), 'CONSOLE_FORBIDDEN');
    expectError(await asFinance('PUT', '/api/console/commission/rates/license_year', { rate_bp: 2000 }), 'CONSOLE_FORBIDDEN');
    expectError(await asWang('PUT', '/api/console/commission/rates/license_year', { rate_bp: 2000 }), 'CONSOLE_FORBIDDEN');
    expectError(await asAdmin('PUT', '/api/console/commission/rates/license_year', { rate_bp: 10001 }), 'VALIDATION_FAILED');
    const before = await march(asAdmin);
    const set = dataOf<ConsoleCommissionRate>(await asAdmin('PUT', '/api/console/commission/rates/license_year', { rate_bp: 2000 }));
    expect(set).toMatchObject({ goods_type: 'license_year', rate_bp: 2000, effective_from: NOW.toISOString() });
    const rates = dataOf<ConsoleCommissionRate[]>(await asWang('GET', '/api/console/commission/rates'));
    expect(rates.find((r) => r.goods_type === 'license_year')).toMatchObject({ rate_bp: 2000, staff_name: '管理员' });
    expect(rates.find((r) => r.goods_type === 'license_destory')).toMatchObject({ rate_bp: 0, effective_from: null });
    // Earlier completions keep the rate they earned.
    expect(await march(asAdmin)).toEqual(before);
    // A completion after the change earns the new rate.
    test.clock.advance(60_000);
    await completedOrder(wang, '王专员', 'license_year', 19900, test.clock.now.toISOString());
    expect(lineOf(await march(asAdmin), wang.staffId, 'license_year')).toMatchObject({ completed_orders: 2, earned_fen: 1990 + 3980 });
  });

  describe('with a real refund', () => {
    it('takes back the commission of an order the clerk completed when its refund succeeds', async () => {
      const paid = await placeAndPay(test, { entity_phone: '13612348888' });
      dataOf(await asWang('POST', `/api/console/orders/${paid.orderId}/take`, {}));
      const order = await test.database.db.selectFrom('orders').select(['total_fee', 'goods_type']).where('id', '=', paid.orderId).executeTakeFirstOrThrow();
      const goodsType = order.goods_type as GoodsType;
      const start = lineOf(await march(asAdmin), wang.staffId, goodsType);
      await test.database.db
        .insertInto('order_status_history')
        .values({ order_id: paid.orderId, from_process_status: PROCESS_STATUS.processing, to_process_status: PROCESS_STATUS.completed, process_status_name: '已完成', staff_id: wang.staffId, staff_name: '王专员', created_at: test.clock.now.toISOString() })
        .execute();
      const before = lineOf(await march(asAdmin), wang.staffId, goodsType)!;
      expect(before.net_fen).toBeGreaterThan(start?.net_fen ?? 0);
      const request = dataOf<ConsoleRefundRequest>(await asWang('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '登记机关不予受理' }));
      expect(dataOf<ConsoleRefundRequest>(await asSupervisor('POST', `/api/console/refund-requests/${request.id}/approve`, {})).status).toBe('SUCCEEDED');
      const after = lineOf(await march(asAdmin), wang.staffId, goodsType)!;
      expect(after.refunds - before.refunds).toBe(1);
      expect(after.refunded_fen - before.refunded_fen).toBe(order.total_fee);
      // Earned and taken back in the same month: nothing left of it.
      expect(after.net_fen).toBe(start?.net_fen ?? 0);
      expect(after.deducted_fen - before.deducted_fen).toBe(before.net_fen - (start?.net_fen ?? 0));
    });
  });
});
