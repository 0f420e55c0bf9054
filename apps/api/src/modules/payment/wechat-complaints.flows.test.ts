import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type ConsolePage, type ConsoleRefundRequest, type ConsoleWechatComplaint, type ConsoleWechatComplaintDetail, type CreateOrderResult } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '@kuaibao/testing/app';
import { availableDialects, envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { ADMIN_PASSWORD, auditRows, caller, createStaff, dataOf, expectError, login, type Session } from '../console/console.test-support.ts';

/**
 * WeChat Pay's consumer complaints (decision 040) end to end: the fake gateway files a complaint
 * about a paid order and notifies us (signed and encrypted like WeChat); we fetch the complaint
 * and its negotiation history through the complaint API v2, and staff reply, refund through the
 * ordinary refund approval, and mark it handled; the fake checks every request's signature.
 */
describe.each(availableDialects())('WeChat Pay complaints against the fake gateway (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let admin: Session;
  let clerk: Session;
  let outTradeNo = '';
  let complaintId = '';
  let id = 0;

  const db = () => g.test.database.db;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, env: { RECONCILIATION_INTERVAL_MS: '0' } });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    admin = await login(g.test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(g.test, admin, { username: `clerk.complaints.${dialect}`, role: 'clerk' });
    const first17 = `91110108005${dialect === 'sqlite' ? 1 : 2}00001`;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ entity_name: '投诉测试科技有限公司', entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '张三' }),
      headers: { 'x-device-id': `device-complaint-${dialect}` },
    });
    const created = envelopeOf<CreateOrderResult>(g.test, response).data;
    const attempt = await db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select('payment_attempts.out_trade_no')
      .where('orders.public_id', '=', created.orderId)
      .executeTakeFirstOrThrow();
    outTradeNo = attempt.out_trade_no;
    g.wechat.pay(outTradeNo);
    await g.notifyWechat(g.wechat.paymentNotification(outTradeNo));
    complaintId = g.wechat.fileComplaint(outTradeNo, { detail: '付款两天了没有人联系我' }).complaint_id;
  });
  afterAll(async () => {
    await g?.close();
  });

  it('refuses forged and probe notifications without storing anything; takes a real one, once', async () => {
    expect((await g.notifyWechatComplaint(g.wechat.complaintNotification(complaintId, 'CREATE_COMPLAINT', { signature: 'forged' }))).status).toBe(400);
    expect((await g.notifyWechatComplaint(g.wechat.complaintNotification(complaintId, 'CREATE_COMPLAINT', { signature: 'probe' }))).status).toBe(400);
    expect((await g.notifyWechatComplaint(g.wechat.complaintNotification(complaintId, 'CREATE_COMPLAINT', { timestamp: Math.floor(g.test.clock.now.getTime() / 1000) - 600 }))).status).toBe(400);
    expect(await db().selectFrom('wechat_complaints').selectAll().execute()).toEqual([]);

    // WeChat's API is down when the notification arrives: we answer 500, and WeChat delivers again.
    g.wechat.failNext({ path: /complaints-v2/, kind: 'http500' });
    expect((await g.notifyWechatComplaint(g.wechat.complaintNotification(complaintId, 'CREATE_COMPLAINT'))).status).toBe(500);
    const notification = g.wechat.complaintNotification(complaintId, 'CREATE_COMPLAINT', { eventId: 'EV-COMPLAINT-1' });
    expect((await g.notifyWechatComplaint(notification)).status).toBe(204);
    expect((await g.notifyWechatComplaint(notification)).status).toBe(204);
    const rows = await db().selectFrom('wechat_complaints').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ complaint_id: complaintId, state: 'PENDING', out_trade_no: outTradeNo, detail: '付款两天了没有人联系我', problem_type: 'REFUND' });
    expect(rows[0]!.order_id).not.toBeNull();
    id = rows[0]!.id;
    // Every request that reached the fake's checks (the injected 500 answered before them) carried a valid signature.
    expect(g.wechat.requests.filter((r) => r.path.includes('complaints-v2') && r.status !== 500).every((r) => r.verified)).toBe(true);
  });

  it('lists it for the clerk with the order, and shows the negotiation history', async () => {
    const page = dataOf<ConsolePage<ConsoleWechatComplaint>>(await caller(g.test, clerk)('GET', '/api/console/wechat-complaints', undefined, { query: { state: 'PENDING' } }));
    expect(page.items).toEqual([expect.objectContaining({ id, complaint_id: complaintId, state: 'PENDING', order_no: expect.stringMatching(/^KB/), amount_fen: expect.any(Number), apply_refund_fen: expect.any(Number) })]);
    const detail = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('GET', `/api/console/wechat-complaints/${id}`));
    expect(detail.history).toEqual([expect.objectContaining({ operator: '投诉人', type: 'USER_CREATE_COMPLAINT', details: '付款两天了没有人联系我' })]);
    expectError(await caller(g.test, clerk)('GET', '/api/console/wechat-complaints/999999'), 'CONSOLE_WECHAT_COMPLAINT_NOT_FOUND');
  });

  it('replies to the customer through WeChat (PENDING → PROCESSING), audited', async () => {
    const tooLong = await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/reply`, { content: '长'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    const replied = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/reply`, { content: '您好，专员今天会致电您，如需退款我们全额退还。' }));
    expect(replied.state).toBe('PROCESSING');
    expect(replied.history.at(-1)).toMatchObject({ operator: '商户', type: 'MERCHANT_RESPONSE', details: '您好，专员今天会致电您，如需退款我们全额退还。' });
    expect(replied.handled_by).toMatch(/clerk\.complaints/);
    expect(g.wechat.complaints.get(complaintId)!.complaint_state).toBe('PROCESSING');
    const reply = g.wechat.requests.find((r) => r.path.endsWith('/response'))!;
    expect(reply.verified).toBe(true);
    expect(JSON.parse(reply.body)).toMatchObject({ complainted_mchid: g.wechat.keys.mchId });
    expect(await auditRows(g.test, 'wechat_complaint.reply', complaintId)).toHaveLength(1);
  });

  it('refunds from the complaint through the refund approval: the clerk asks, the admin approves', async () => {
    const asked = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/refund-request`, { reason: '客户在微信支付投诉，同意全额退款' }));
    expect(asked.refund_request_status).toBe('PENDING');
    const pending = dataOf<ConsolePage<ConsoleRefundRequest>>(await caller(g.test, admin)('GET', '/api/console/refund-requests', undefined, { query: { status: 'PENDING' } }));
    const request = pending.items.find((r) => r.id === asked.refund_request_id)!;
    expect(request.reason).toContain(complaintId);
    expect(request.order_id).toBe(asked.order_id);
    // Asking twice is refused by the refund flow's own rule.
    expectError(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/refund-request`, { reason: '再来一次' }), 'CONSOLE_REFUND_ALREADY_REQUESTED');

    const approved = await caller(g.test, admin)('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '同意' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(g.wechat.refunds.get(`R${outTradeNo}`)).toMatchObject({ out_trade_no: outTradeNo, status: 'PROCESSING' });
    const after = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('GET', `/api/console/wechat-complaints/${id}`));
    expect(after.refund_request_status).toBe('PROCESSING');
  });

  it('marks it handled at WeChat (PROCESSED), after which nothing more can be sent', async () => {
    const done = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/complete`, {}));
    expect(done.state).toBe('PROCESSED');
    expect(done.completed_at).not.toBeNull();
    expect(done.history.at(-1)).toMatchObject({ type: 'MERCHANT_CONFIRM_COMPLETE' });
    expectError(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/reply`, { content: '还有事吗' }), 'CONSOLE_WECHAT_COMPLAINT_CLOSED');
    expectError(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${id}/complete`, {}), 'CONSOLE_WECHAT_COMPLAINT_CLOSED');
    expect(await auditRows(g.test, 'wechat_complaint.complete', complaintId)).toHaveLength(1);
  });
});
