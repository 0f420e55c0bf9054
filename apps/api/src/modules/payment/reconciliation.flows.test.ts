import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { creditCodeCheckChar, shanghaiIsoDay, type ConsoleReconciliationDay, type CreateOrderResult } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, caller, createStaff, dataOf, expectError, login, type Session } from '../console/console.test-support.ts';

/**
 * The daily reconciliation (decision 039) end to end: orders paid through the real adapters
 * against the fake gateways, which serve their trade bills in the real formats (WeChat Pay's gzip
 * checked against its SHA1, Alipay's zip of GBK CSVs), with one planted difference of each kind
 * per provider; the job's round, then an admin's re-run through the console API.
 */
describeDialects('daily reconciliation against the fake gateways’ bills (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let admin: Session;
  let seq = 0;
  const planted: Record<'wechatpay' | 'alipay', Record<string, string>> = { wechatpay: {}, alipay: {} };
  let billDate = '';

  const db = () => g.test.database.db;

  async function createOrder(payType: 'weixin' | 'alipay'): Promise<string> {
    seq += 1;
    const first17 = `9111010800${dialect === 'sqlite' ? 3 : 4}${String(seq).padStart(6, '0')}`;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ entity_name: `对账科技有限公司${seq}`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '张三', pay_type: payType }),
      headers: { 'x-device-id': `device-reconcile-${seq}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(g.test, response).data;
    const attempt = await db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select(['payment_attempts.out_trade_no'])
      .where('orders.public_id', '=', created.orderId)
      .orderBy('payment_attempts.id', 'desc')
      .executeTakeFirstOrThrow();
    return attempt.out_trade_no;
  }

  /** Paid at the provider; notified unless `silent` (a notification we never got). */
  async function pay(payType: 'weixin' | 'alipay', silent = false): Promise<string> {
    const outTradeNo = await createOrder(payType);
    if (payType === 'weixin') {
      g.wechat.pay(outTradeNo);
      if (!silent) expect((await g.notifyWechat(g.wechat.paymentNotification(outTradeNo))).status).toBe(204);
    } else {
      g.alipay.scan(outTradeNo);
      g.alipay.pay(outTradeNo);
      if (!silent) expect((await g.notifyAlipay(g.alipay.notification(outTradeNo))).body).toBe('success');
    }
    return outTradeNo;
  }

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, env: { RECONCILIATION_INTERVAL_MS: '0' } });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    // Keep every payment on one Beijing day: start at 12:00 Beijing time of the test clock's day.
    const day = shanghaiIsoDay(g.test.clock.now);
    g.test.clock.now = new Date(`${day}T04:00:00.000Z`);
    billDate = day;

    for (const [provider, payType] of [['wechatpay', 'weixin'], ['alipay', 'alipay']] as const) {
      const gateway = provider === 'wechatpay' ? g.wechat : g.alipay;
      planted[provider].matched = await pay(payType);
      planted[provider].amount = await pay(payType);
      gateway.bill.amounts.set(planted[provider].amount, 1);
      planted[provider].theirsMissing = await pay(payType);
      gateway.bill.omit.add(planted[provider].theirsMissing);
      planted[provider].status = await pay(payType, true);
      planted[provider].oursMissing = `KBNOTOURS${provider === 'wechatpay' ? 'W' : 'A'}P01`;
      gateway.bill.extra.push({ date: billDate, row: { kind: 'payment', time: `${billDate} 12:30:00`, outTradeNo: planted[provider].oursMissing, providerTxnId: '4200099999', orderFen: 4200, description: '别家的交易' } });
      // A refunded order: its refund line matches ours.
      const refunded = await pay(payType);
      const attempt = await db().selectFrom('payment_attempts').select('order_id').where('out_trade_no', '=', refunded).executeTakeFirstOrThrow();
      const refund = await g.test.app.services.payments.refundOrder({ orderId: attempt.order_id, reason: '办理失败', requestedBy: 'admin:1' });
      if (!refund.ok) throw new Error(`refund refused: ${refund.message}`);
      planted[provider].refunded = refunded;
    }
  });
  afterAll(async () => {
    await g?.close();
  });
  // The tests move the clock by a day: sign in on the clock of the moment.
  beforeEach(async () => {
    admin = await login(g.test, 'admin', ADMIN_PASSWORD);
  });

  it('waits for the bills to be ready, then reconciles yesterday once per provider', async () => {
    // 09:00 Beijing the next day: too early (RECONCILIATION_READY_HOUR 10).
    g.test.clock.now = new Date(Date.parse(`${billDate}T01:00:00.000Z`) + 86_400_000);
    expect(await g.test.app.services.billReconciliation.runOnce()).toEqual([]);
    g.test.clock.advance(2 * 3_600_000);
    const results = await g.test.app.services.billReconciliation.runOnce();
    expect(results.map((r) => [r.provider, r.date, r.status, r.differences])).toEqual([
      ['wechatpay', billDate, 'DONE', 4],
      ['alipay', billDate, 'DONE', 4],
    ]);
    // Settled days are not fetched again.
    const requestsBefore = g.wechat.requests.length;
    expect(await g.test.app.services.billReconciliation.runOnce()).toEqual([]);
    expect(g.wechat.requests.length).toBe(requestsBefore);
    expect(g.wechat.requests.filter((r) => r.path.startsWith('/v3/bill')).every((r) => r.verified)).toBe(true);
  });

  it('lists a match and each kind of difference with the day’s totals in the console', async () => {
    const day = dataOf<ConsoleReconciliationDay>(await caller(g.test, admin)('GET', '/api/console/reconciliation', undefined, { query: { date: billDate } }));
    expect(day.runs.map((r) => r.provider)).toEqual(['alipay', 'wechatpay']);
    for (const run of day.runs) {
      const p = planted[run.provider];
      const kinds = Object.fromEntries(run.differences.map((d) => [d.kind, d]));
      expect(kinds.MISSING_OURS).toMatchObject({ out_trade_no: p.oursMissing, their_amount_fen: 4200, our_amount_fen: null, order_id: null });
      expect(kinds.MISSING_THEIRS).toMatchObject({ out_trade_no: p.theirsMissing, their_amount_fen: null, our_status: 'PAID' });
      expect(kinds.MISSING_THEIRS!.order_no).toMatch(/^KB/);
      expect(kinds.AMOUNT_MISMATCH).toMatchObject({ out_trade_no: p.amount, their_amount_fen: 1 });
      expect(kinds.STATUS_MISMATCH).toMatchObject({ out_trade_no: p.status, our_status: 'PENDING' });
      expect(run.differences).toHaveLength(4);
      // Matched: the plain payment, the refunded order's payment and its refund.
      expect(run.matched_count).toBe(3);
      expect(run.theirs).toMatchObject({ payment_count: 5, refund_count: 1 });
      expect(run.ours).toMatchObject({ payment_count: 4, refund_count: 1 });
      expect(run.theirs.refund_fen).toBe(run.ours.refund_fen);
      expect(run.triggered_by).toBe('system');
    }
  });

  it('lets an admin re-run a day (and only an admin)', async () => {
    const clerk = await createStaff(g.test, admin, { username: `clerk.recon.${dialect}`, role: 'clerk' });
    expectError(await caller(g.test, clerk)('GET', '/api/console/reconciliation'), 'CONSOLE_FORBIDDEN');
    expectError(await caller(g.test, clerk)('POST', '/api/console/reconciliation/runs', { date: billDate, provider: 'wechatpay' }), 'CONSOLE_FORBIDDEN');

    g.wechat.bill.amounts.clear();
    const response = await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date: billDate, provider: 'wechatpay' });
    const run = dataOf<ConsoleReconciliationDay>(response).runs.find((r) => r.provider === 'wechatpay')!;
    expect(run.differences.map((d) => d.kind).sort()).toEqual(['MISSING_OURS', 'MISSING_THEIRS', 'STATUS_MISMATCH']);
    expect(run.matched_count).toBe(4);
    expect(run.triggered_by).toMatch(/admin/);
    const stored = await db().selectFrom('reconciliation_differences').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', run.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(3);
  });

  it('a day without trades at the provider: NO_BILL when we have none either', async () => {
    const response = await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date: '2020-01-01', provider: 'alipay' });
    expect(dataOf<ConsoleReconciliationDay>(response).runs[0]).toMatchObject({ status: 'NO_BILL', difference_count: 0 });
  });

  it('a bill whose SHA1 does not match, or that cannot be downloaded, is refused, not reconciled', async () => {
    g.wechat.tamperNextBill = true;
    const tampered = await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date: billDate, provider: 'wechatpay' });
    const run = dataOf<ConsoleReconciliationDay>(tampered).runs.find((r) => r.provider === 'wechatpay')!;
    expect(run).toMatchObject({ status: 'FAILED', differences: [], matched_count: 0 });
    expect(run.error).toMatch(/SHA1/);

    g.wechat.failNext({ path: /^\/v3\/billdownload\/file$/, kind: 'http500' });
    const failed = await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date: billDate, provider: 'wechatpay' });
    expect(dataOf<ConsoleReconciliationDay>(failed).runs.find((r) => r.provider === 'wechatpay')).toMatchObject({ status: 'FAILED' });
    // The next round of the job tries a failed day again.
    const again = await g.test.app.services.billReconciliation.runOnce();
    expect(again.map((r) => [r.provider, r.status])).toEqual([['wechatpay', 'DONE']]);
  });

  // Decision 039: the 状态不符 of a payment whose notification never came is the run's picture at the
  // time it ran; the payment sweep settles the order by asking WeChat Pay, and the day's next run
  // (重新对账) no longer lists it. A run is not rewritten when an order settles afterwards.
  it('a payment we were never notified of is settled by the sweep, and the re-run no longer lists it', async () => {
    const silent = planted.wechatpay.status!;
    const before = await db().selectFrom('payment_attempts').select(['status', 'order_id']).where('out_trade_no', '=', silent).executeTakeFirstOrThrow();
    expect(before.status).toBe('PENDING');
    const stored = dataOf<ConsoleReconciliationDay>(await caller(g.test, admin)('GET', '/api/console/reconciliation', undefined, { query: { date: billDate } })).runs.find((r) => r.provider === 'wechatpay')!;
    expect(stored.differences.find((d) => d.kind === 'STATUS_MISMATCH')).toMatchObject({ out_trade_no: silent, our_status: 'PENDING' });

    await g.test.app.services.paymentSweeps.runOnce();
    const after = await db().selectFrom('payment_attempts').select('status').where('out_trade_no', '=', silent).executeTakeFirstOrThrow();
    expect(after.status).toBe('PAID');
    const order = await db().selectFrom('orders').select('status').where('id', '=', before.order_id).executeTakeFirstOrThrow();
    expect(order.status).toBe('2');

    const rerun = dataOf<ConsoleReconciliationDay>(await caller(g.test, admin)('POST', '/api/console/reconciliation/runs', { date: billDate, provider: 'wechatpay' })).runs.find((r) => r.provider === 'wechatpay')!;
    expect(rerun.differences.map((d) => d.kind).sort()).toEqual(['MISSING_OURS', 'MISSING_THEIRS']);
    expect(rerun.differences.some((d) => d.out_trade_no === silent)).toBe(false);
  });
});
