import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditCodeCheckChar, type ConsoleMonthClose, type CreateOrderResult } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, caller, createStaff, dataOf, expectError, login, type Session } from './console.test-support.ts';

/**
 * 月结 (docs/decisions/061-exports-for-accountants.md) from the daily bills the reconciliation
 * downloads: orders paid through the real adapters against the fake gateways on two days of a
 * month, a refund, a day never reconciled and a day with a difference; the settlement per channel
 * (收入/退款/手续费/净额 in fen), the days called out, and the file.
 */
describeDialects('month close from the daily bills (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let admin: Session;
  let seq = 0;
  const MONTH = '2026-03';
  const DAY1 = '2026-03-10';
  const DAY2 = '2026-03-11';
  const DAY3 = '2026-03-12';
  /** what the fakes' bills charge: 0.6 % of each line, to the fen (packages/testing/src/bills/bill-files.ts) */
  const fee = (fen: number) => Math.round(fen * 0.006);
  const paid: Record<'wechatpay' | 'alipay', number[]> = { wechatpay: [], alipay: [] };
  let refundedFen = 0;
  let wechatTxnOrderNo = '';
  const db = () => g.test.database.db;

  async function pay(payType: 'weixin' | 'alipay'): Promise<{ outTradeNo: string; orderId: number; amountFen: number; orderNo: string }> {
    seq += 1;
    const first17 = `9144030010${dialect === 'sqlite' ? 5 : 6}${String(seq).padStart(6, '0')}`;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ entity_name: `月结科技有限公司${seq}`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '李四', pay_type: payType }),
      headers: { 'x-device-id': `device-month-${seq}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(g.test, response).data;
    const attempt = await db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select(['payment_attempts.out_trade_no', 'payment_attempts.order_id', 'payment_attempts.amount_fen', 'orders.out_trade_no as order_no'])
      .where('orders.public_id', '=', created.orderId)
      .orderBy('payment_attempts.id', 'desc')
      .executeTakeFirstOrThrow();
    if (payType === 'weixin') {
      g.wechat.pay(attempt.out_trade_no);
      expect((await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no))).status).toBe(204);
    } else {
      g.alipay.scan(attempt.out_trade_no);
      g.alipay.pay(attempt.out_trade_no);
      expect((await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no))).body).toBe('success');
    }
    paid[payType === 'weixin' ? 'wechatpay' : 'alipay'].push(attempt.amount_fen);
    return { outTradeNo: attempt.out_trade_no, orderId: attempt.order_id, amountFen: attempt.amount_fen, orderNo: attempt.order_no };
  }

  const reconcile = async (date: string, provider: 'wechatpay' | 'alipay') => {
    const response = await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date, provider });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, env: { RECONCILIATION_INTERVAL_MS: '0' } });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    // Day 1, 12:00 Beijing: two WeChat Pay payments (one refunded the same day) and one Alipay payment.
    g.test.clock.now = new Date(`${DAY1}T04:00:00.000Z`);
    const first = await pay('weixin');
    wechatTxnOrderNo = first.orderNo;
    const refunded = await pay('weixin');
    await pay('alipay');
    const refund = await g.test.app.services.payments.refundOrder({ orderId: refunded.orderId, reason: '客户取消', requestedBy: 'admin:1' });
    if (!refund.ok) throw new Error(`refund refused: ${refund.message}`);
    refundedFen = refunded.amountFen;
    // Day 2: nobody reconciles it. Day 3: a payment, and one the WeChat bill leaves out (a difference).
    g.test.clock.now = new Date(`${DAY3}T04:00:00.000Z`);
    await pay('weixin');
    const missing = await pay('weixin');
    g.wechat.bill.omit.add(missing.outTradeNo);
    paid.wechatpay.pop();
    // Day 4, 11:00 Beijing: the bills of day 1 and day 3 are read.
    g.test.clock.now = new Date('2026-03-13T03:00:00.000Z');
    admin = await login(g.test, 'admin', ADMIN_PASSWORD);
    for (const provider of ['wechatpay', 'alipay'] as const) {
      await reconcile(DAY1, provider);
      await reconcile(DAY3, provider);
    }
  }, 120_000);
  afterAll(async () => {
    await g?.close();
  });

  it('sums each channel from the bills: income, refunds, fees and net in fen, with the days not reconciled', async () => {
    const month = dataOf<ConsoleMonthClose>(await caller(g.test, admin)('GET', '/api/console/month-close', undefined, { query: { month: MONTH } }));
    expect(month).toMatchObject({ month: MONTH, month_days: 31, due_days: 12, closed: false });
    const wechat = month.channels.find((c) => c.provider === 'wechatpay')!;
    const alipay = month.channels.find((c) => c.provider === 'alipay')!;

    const wechatIncome = paid.wechatpay.reduce((a, b) => a + b, 0);
    const wechatFees = paid.wechatpay.reduce((a, b) => a + fee(b), 0) - fee(refundedFen);
    expect(wechat).toMatchObject({ payment_count: 3, income_fen: wechatIncome, refund_count: 1, refund_fen: refundedFen, fee_fen: wechatFees, net_fen: wechatIncome - refundedFen - wechatFees });
    expect(wechatFees).toBeGreaterThan(0);
    const alipayIncome = paid.alipay[0]!;
    expect(alipay).toMatchObject({ payment_count: 1, income_fen: alipayIncome, refund_count: 0, refund_fen: 0, fee_fen: fee(alipayIncome), net_fen: alipayIncome - fee(alipayIncome) });
    expect(month.total).toEqual({
      income_fen: wechatIncome + alipayIncome,
      refund_fen: refundedFen,
      fee_fen: wechatFees + fee(alipayIncome),
      net_fen: wechatIncome + alipayIncome - refundedFen - wechatFees - fee(alipayIncome),
    });

    // Day 2 was never reconciled; day 3's WeChat bill left a payment out; days before day 1 have no run either.
    const wechatOpen = Object.fromEntries(wechat.unreconciled_days.map((d) => [d.date, d]));
    expect(wechatOpen[DAY2]).toMatchObject({ reason: 'NO_RUN' });
    expect(wechatOpen[DAY3]).toMatchObject({ reason: 'DIFFERENCES', differences: 1 });
    expect(wechatOpen[DAY1]).toBeUndefined();
    expect(wechatOpen['2026-03-01']).toMatchObject({ reason: 'NO_RUN' });
    // Alipay had nothing on day 3: NO_BILL reconciles it.
    expect(alipay.unreconciled_days.map((d) => d.date)).not.toContain(DAY3);
    expect(alipay.unreconciled_days.map((d) => d.date)).toContain(DAY2);
    // Days after yesterday are not due.
    expect(wechat.unreconciled_days.map((d) => d.date).every((d) => d <= DAY3)).toBe(true);
    expect(wechat.days.find((d) => d.date === '2026-03-20')).toMatchObject({ unreconciled: 'NOT_DUE' });
  });

  it('writes the settlement as an XLSX with date cells and amounts 0.00', async () => {
    const response = await g.test.app.inject({ method: 'GET', url: '/api/console/month-close/export', query: { month: MONTH, format: 'xlsx' }, headers: { cookie: `kb_console=${admin.cookie}` } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('月结_202603'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('月结')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(['渠道', '日期', '收款笔数', '收入（元）', '退款笔数', '退款（元）', '手续费（元）', '净额（元）', '对账状态']);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const day1 = rows.find((r) => r.getCell(1).value === '微信支付' && (r.getCell(2).value as Date | null)?.toISOString().startsWith(DAY1))!;
    expect(day1.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(day1.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(day1.getCell(4).numFmt).toBe('0.00');
    expect(day1.getCell(9).value).toBe('已对账');
    const day2 = rows.find((r) => r.getCell(1).value === '微信支付' && (r.getCell(2).value as Date | null)?.toISOString().startsWith(DAY2))!;
    expect(day2.getCell(9).value).toBe('未对账（无账单）');
    const total = rows.find((r) => r.getCell(1).value === '本月合计')!;
    const month = dataOf<ConsoleMonthClose>(await caller(g.test, admin)('GET', '/api/console/month-close', undefined, { query: { month: MONTH } }));
    expect(total.getCell(8).value).toBe(month.total.net_fen / 100);
    expect(total.getCell(9).value).toBe('未结清');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('gives the order export the transaction number and the fee the bill charged', async () => {
    const response = await g.test.app.inject({ method: 'GET', url: '/api/console/exports/orders', query: { format: 'csv', view: 'all', q: wechatTxnOrderNo }, headers: { cookie: `kb_console=${admin.cookie}` } });
    const [header, row] = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const txn = await db().selectFrom('payment_attempts').innerJoin('orders', 'orders.id', 'payment_attempts.order_id').select(['payment_attempts.provider_txn_id', 'payment_attempts.amount_fen']).where('orders.out_trade_no', '=', wechatTxnOrderNo).executeTakeFirstOrThrow();
    expect(header).toContain('支付交易号');
    expect(txn.provider_txn_id).toBeTruthy();
    expect(row).toContain(txn.provider_txn_id!);
    const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    expect(row).toContain(`,${yuan(fee(txn.amount_fen))},`);
  });

  it('is for staff with money.reconcile only', async () => {
    const clerk = await createStaff(g.test, admin, { username: `clerk.month.${dialect}`, role: 'clerk' });
    expectError(await caller(g.test, clerk)('GET', '/api/console/month-close', undefined, { query: { month: MONTH } }), 'CONSOLE_FORBIDDEN');
    const file = await g.test.app.inject({ method: 'GET', url: '/api/console/month-close/export', query: { month: MONTH }, headers: { cookie: `kb_console=${clerk.cookie}` } });
    expectError(file, 'CONSOLE_FORBIDDEN');
    expectError(await caller(g.test, admin)('GET', '/api/console/month-close', undefined, { query: { month: '2026-13' } }), 'VALIDATION_FAILED');
  });
});
