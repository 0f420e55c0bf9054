import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditCodeCheckChar, shanghaiIsoDay, type ConsoleDashboard, type ConsoleOrderDetail, type ConsoleReconciliationDay, type ConsoleRefundRequest, type CreateOrderResult, type OrderRecord } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, caller, createStaff, dataOf, expectError, login, type Call } from '../console/console.test-support.ts';

/**
 * Partial refunds (docs/decisions/057-partial-refunds.md) end to end: a clerk asks, an admin approves
 * less than was paid with a reason, the real WeChat Pay and Alipay adapters send that amount to the
 * fake gateways, the notification or the sweep finishes it, and what follows reads the refunded
 * amount: the order, the SMS, the customer's page, the dashboard and the next day's reconciliation.
 */
describeDialects('partial refunds through the console, the adapters and the fake gateways (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let asAdmin: Call;
  let asClerk: Call;
  let seq = 0;
  let billDate = '';
  const PAID = 19900;

  const db = () => g.test.database.db;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, env: { RECONCILIATION_INTERVAL_MS: '0', SMS_OUTBOX_INTERVAL_MS: '0' } });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    // Every payment and refund on one Beijing day (12:00), so the next day's bills hold them all.
    billDate = shanghaiIsoDay(g.test.clock.now);
    g.test.clock.now = new Date(`${billDate}T04:00:00.000Z`);
    const admin = await login(g.test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(g.test, admin);
    asClerk = caller(g.test, await createStaff(g.test, admin, { username: `clerk.partial.${dialect}`, role: 'clerk', display_name: '李专员' }));
  });
  afterAll(async () => {
    await g?.close();
  });

  /** A paid order (notified), with its order id, public id, edit key and attempt number. */
  async function paidOrder(payType: 'weixin' | 'alipay') {
    seq += 1;
    const first17 = `9111010800${dialect === 'sqlite' ? 5 : 6}${String(seq).padStart(6, '0')}`;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ entity_name: `部分退款科技有限公司${seq}`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '张三', pay_type: payType }),
      headers: { 'x-device-id': `device-partial-${seq}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(g.test, response).data;
    const row = await db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select(['payment_attempts.out_trade_no', 'orders.id as order_id', 'orders.total_fee'])
      .where('orders.public_id', '=', created.orderId)
      .orderBy('payment_attempts.id', 'desc')
      .executeTakeFirstOrThrow();
    // The notification's acknowledgement: 204 from WeChat's handler, "success" for Alipay.
    let acknowledged: string;
    if (payType === 'weixin') {
      g.wechat.pay(row.out_trade_no);
      acknowledged = String((await g.notifyWechat(g.wechat.paymentNotification(row.out_trade_no))).status);
    } else {
      g.alipay.scan(row.out_trade_no);
      g.alipay.pay(row.out_trade_no);
      acknowledged = (await g.notifyAlipay(g.alipay.notification(row.out_trade_no))).body;
    }
    expect(acknowledged).toBe(payType === 'weixin' ? '204' : 'success');
    expect(row.total_fee).toBe(PAID);
    return { orderId: row.order_id, publicId: created.orderId, editKey: created.editKey, outTradeNo: row.out_trade_no };
  }

  async function requested(orderId: number): Promise<ConsoleRefundRequest> {
    return dataOf<ConsoleRefundRequest>(await asClerk('POST', `/api/console/orders/${orderId}/refund-requests`, { reason: '部分材料已提交，客户撤回' }));
  }

  const orderRow = (id: number) => db().selectFrom('orders').select(['status', 'process_status', 'process_status_name', 'refunded_fen', 'refund_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const wechatRefundCalls = (outTradeNo: string) => g.wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds' && JSON.parse(r.body).out_trade_no === outTradeNo).map((r) => JSON.parse(r.body) as Record<string, unknown>);
  const dashboard = async () => dataOf<ConsoleDashboard>(await asAdmin('GET', '/api/console/dashboard', undefined, { query: { days: '7' } }));

  it('refuses 0, more than was paid, and a partial amount without its reason, before anything is decided or sent', async () => {
    const paid = await paidOrder('weixin');
    const request = await requested(paid.orderId);
    const approve = (body: unknown) => asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, body);
    expectError(await approve({ amount_fen: 0, partial_reason: '扣除已产生费用' }), 'REFUND_AMOUNT_NOT_POSITIVE');
    expectError(await approve({ amount_fen: -100, partial_reason: '扣除已产生费用' }), 'REFUND_AMOUNT_NOT_POSITIVE');
    expectError(await approve({ amount_fen: PAID + 1 }), 'REFUND_AMOUNT_EXCEEDS_REFUNDABLE');
    expectError(await approve({ amount_fen: 50.5, partial_reason: '扣除已产生费用' }), 'REFUND_AMOUNT_INVALID');
    expectError(await approve({ amount_fen: 5000 }), 'REFUND_PARTIAL_REASON_REQUIRED');
    expectError(await approve({ amount_fen: 5000, partial_reason: '   ' }), 'REFUND_PARTIAL_REASON_REQUIRED');
    expectError(await approve({ amount_fen: 5000, partial_reason: '因'.repeat(81) }), 'REFUND_PARTIAL_REASON_TOO_LONG');
    // A clerk may not approve at all, partial or not.
    expectError(await asClerk('POST', `/api/console/refund-requests/${request.id}/approve`, { amount_fen: 5000, partial_reason: '扣除已产生费用' }), 'CONSOLE_FORBIDDEN');
    const list = dataOf<{ items: ConsoleRefundRequest[] }>(await asAdmin('GET', '/api/console/refund-requests', undefined, { query: { status: 'PENDING' } }));
    expect(list.items.find((r) => r.id === request.id)).toMatchObject({ status: 'PENDING', amount_fen: null, partial_reason: '' });
    expect(wechatRefundCalls(paid.outTradeNo)).toEqual([]);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: '2', refunded_fen: 0 });
    // Rejected, so the day's bill holds only its payment.
    dataOf(await asAdmin('POST', `/api/console/refund-requests/${request.id}/reject`, { note: '已办理完成' }));
  });

  it('WeChat Pay: approves ¥50.00 of ¥199.00; amount.refund 5000 of amount.total 19900; the notification refunds the order in part; the SMS, the console, the customer and 净收入 read ¥50.00', async () => {
    const before = await dashboard();
    const paid = await paidOrder('weixin');
    const request = await requested(paid.orderId);
    const approved = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '核实', amount_fen: 5000, partial_reason: '  已代缴工本费，扣除后退还 ' }));
    expect(approved).toMatchObject({ status: 'PROCESSING', amount_fen: 5000, partial_reason: '已代缴工本费，扣除后退还', out_refund_no: `R${paid.outTradeNo}` });
    expect(wechatRefundCalls(paid.outTradeNo)).toEqual([expect.objectContaining({ out_refund_no: `R${paid.outTradeNo}`, reason: '已代缴工本费，扣除后退还', amount: { refund: 5000, total: PAID, currency: 'CNY' } })]);
    expect(g.wechat.refundedFen(paid.outTradeNo)).toBe(5000);

    g.wechat.settleRefund(`R${paid.outTradeNo}`, 'SUCCESS');
    expect((await g.notifyWechat(g.wechat.refundNotification(`R${paid.outTradeNo}`))).status).toBe(204);
    expect(await orderRow(paid.orderId)).toEqual({ status: '4', process_status: '5', process_status_name: '已部分退款', refunded_fen: 5000, refund_reason: '已代缴工本费，扣除后退还' });
    const refund = await db().selectFrom('refunds').selectAll().where('out_refund_no', '=', `R${paid.outTradeNo}`).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'SUCCESS', amount_fen: 5000, total_fen: PAID, purpose: 'ORDER' });

    // The SMS says what came back and why.
    await g.test.app.services.smsOutbox.runOnce();
    const sms = await db().selectFrom('sms_log').select(['template', 'content']).where('order_id', '=', paid.orderId).where('template', '=', 'refund_succeeded').execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.content.startsWith(`您的订单${paid.outTradeNo.replace(/P\d+$/, '')}已退款50.00元（部分退款，已代缴工本费，扣除后退还），款项将原路退回。`)).toBe(true);

    // The console: the request reads done with its amount; the order shows paid / refunded / net.
    const detail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${paid.orderId}`));
    expect(detail).toMatchObject({ total_fee: PAID, refunded_fen: 5000, net_fen: 14900, refund_reason: '已代缴工本费，扣除后退还', process_status_name: '已部分退款' });
    expect(detail.refund_requests[0]).toMatchObject({ status: 'SUCCEEDED', amount_fen: 5000, refunded_fen: 5000 });

    // The customer's page.
    const record = envelopeOf<OrderRecord>(g.test, await signedInject(g.test, { url: '/api/h5/order/detail', query: { id: paid.publicId, key: paid.editKey } })).data;
    expect(record).toMatchObject({ status: '4', process_status_name: '已部分退款', refunded_fen: 5000 });
    expect(record.refund_text).toBe('已退款 50.00 元（实付 199.00 元），款项将原路退回。部分退款原因：已代缴工本费，扣除后退还');

    // 净收入: the refund takes ¥50.00 off, not the ¥199.00 paid.
    const after = await dashboard();
    expect(after.today.revenue_fen! - before.today.revenue_fen!).toBe(PAID);
    expect(after.today.refunded_fen! - before.today.refunded_fen!).toBe(5000);
    expect(after.today.net_fen! - before.today.net_fen!).toBe(PAID - 5000);

    // One refund per order: nothing more can be asked once it is refunded.
    expectError(await asClerk('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '再退剩下的' }), 'CONSOLE_REFUND_NOT_ALLOWED');
  });

  it('WeChat Pay: a partial refund whose notification is lost is finished by the sweep with its amount', async () => {
    const paid = await paidOrder('weixin');
    const request = await requested(paid.orderId);
    dataOf(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { amount_fen: 9900, partial_reason: '已完成核名，扣除一半费用' }));
    g.wechat.settleRefund(`R${paid.outTradeNo}`, 'SUCCESS');
    g.test.clock.advance(61_000);
    await g.test.app.services.paymentSweeps.runOnce();
    g.test.clock.advance(5 * 60_000);
    await g.test.app.services.paymentSweeps.runOnce();
    expect(await orderRow(paid.orderId)).toMatchObject({ status: '4', process_status_name: '已部分退款', refunded_fen: 9900 });
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${paid.orderId}`)).refund_requests[0]).toMatchObject({ status: 'SUCCEEDED', amount_fen: 9900 });
  });

  it('Alipay: refund_amount 50.00 under a stable out_request_no, refunded at once; the TRADE_SUCCESS notification of the partial refund is a refund, not a payment', async () => {
    const paid = await paidOrder('alipay');
    const request = await requested(paid.orderId);
    const approved = dataOf<ConsoleRefundRequest>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { amount_fen: 5000, partial_reason: '已代缴工本费' }));
    expect(approved).toMatchObject({ status: 'SUCCEEDED', amount_fen: 5000 });
    const calls = g.alipay.requests.filter((r) => r.method === 'alipay.trade.refund' && r.params.biz_content?.includes(paid.outTradeNo)).map((r) => JSON.parse(r.params.biz_content!) as Record<string, unknown>);
    expect(calls).toEqual([expect.objectContaining({ out_trade_no: paid.outTradeNo, refund_amount: '50.00', out_request_no: `R${paid.outTradeNo}`, refund_reason: '已代缴工本费' })]);
    expect(g.alipay.trades.get(paid.outTradeNo)?.status).toBe('TRADE_SUCCESS');
    expect(await orderRow(paid.orderId)).toMatchObject({ status: '4', process_status_name: '已部分退款', refunded_fen: 5000 });

    const notification = g.alipay.notification(paid.outTradeNo, { refundOf: `R${paid.outTradeNo}`, notifyId: `partial-${paid.outTradeNo}` });
    expect(notification.params.trade_status).toBe('TRADE_SUCCESS');
    expect((await g.notifyAlipay(notification)).body).toBe('success');
    const event = await db().selectFrom('provider_events').select('result').where('event_id', '=', `partial-${paid.outTradeNo}`).executeTakeFirstOrThrow();
    // The refund was already SUCCESS: the notification changes nothing and queues no refund of a "second payment".
    expect(event.result).toBe('DUPLICATE');
    expect(await db().selectFrom('outbox').select('kind').where('kind', '=', 'payment.refund_attempt').where('payload', 'like', `%${paid.outTradeNo}%`).execute()).toEqual([]);
  });

  it('the next day’s reconciliation matches the partial refund lines of both bills', async () => {
    g.test.clock.now = new Date(Date.parse(`${billDate}T03:00:00.000Z`) + 86_400_000);
    const results = await g.test.app.services.billReconciliation.runOnce();
    expect(results.map((r) => [r.provider, r.date, r.status, r.differences])).toEqual([
      ['wechatpay', billDate, 'DONE', 0],
      ['alipay', billDate, 'DONE', 0],
    ]);
    const admin = caller(g.test, await login(g.test, 'admin', ADMIN_PASSWORD));
    const day = dataOf<ConsoleReconciliationDay>(await admin('GET', '/api/console/reconciliation', undefined, { query: { date: billDate } }));
    const byProvider = Object.fromEntries(day.runs.map((run) => [run.provider, run]));
    // WeChat: two partial refunds (¥50.00 and ¥99.00); Alipay: one (¥50.00). Both sides agree.
    expect(byProvider.wechatpay!.theirs).toMatchObject({ refund_count: 2, refund_fen: 14900 });
    expect(byProvider.wechatpay!.ours).toMatchObject({ refund_count: 2, refund_fen: 14900 });
    expect(byProvider.alipay!.theirs).toMatchObject({ refund_count: 1, refund_fen: 5000 });
    expect(byProvider.alipay!.ours).toMatchObject({ refund_count: 1, refund_fen: 5000 });
  });
});

