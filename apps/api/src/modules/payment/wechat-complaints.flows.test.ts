import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditCodeCheckChar, type ConsolePage, type ConsoleRefundRequest, type ConsoleWechatComplaint, type ConsoleWechatComplaintDetail, type CreateOrderResult } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, auditRows, caller, createStaff, dataOf, expectError, login, type Session } from '../console/console.test-support.ts';

/**
 * WeChat Pay's consumer complaints (decision 040) end to end: the fake gateway files a complaint
 * about a paid order and notifies us (signed and encrypted like WeChat); we fetch the complaint
 * and its negotiation history through the complaint API v2, and staff reply, refund through the
 * ordinary refund approval, and mark it handled; the fake checks every request's signature.
 */
describeDialects('WeChat Pay complaints against the fake gateway (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let admin: Session;
  let clerk: Session;
  let outTradeNo = '';
  let complaintId = '';
  let id = 0;

  const db = () => g.test.database.db;

  /** A paid WeChat Pay order of its own (the n-th of this suite); returns its payment's out_trade_no. */
  async function paidOrder(n: number): Promise<string> {
    const first17 = `9111010800${n}${dialect === 'sqlite' ? 1 : 2}00001`;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/order',
      body: validOrderForm({ entity_name: `投诉测试${n}科技有限公司`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '张三' }),
      headers: { 'x-device-id': `device-complaint-${dialect}-${n}` },
    });
    const created = envelopeOf<CreateOrderResult>(g.test, response).data;
    const attempt = await db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select('payment_attempts.out_trade_no')
      .where('orders.public_id', '=', created.orderId)
      .executeTakeFirstOrThrow();
    g.wechat.pay(attempt.out_trade_no);
    await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no));
    return attempt.out_trade_no;
  }

  /** Files a complaint at the fake, delivers its notification, and returns our id for it. */
  async function complaintAbout(tradeNo: string, problemType: 'REFUND' | 'OTHERS' = 'REFUND'): Promise<{ id: number; complaintId: string }> {
    const filed = g.wechat.fileComplaint(tradeNo, { problemType });
    expect((await g.notifyWechatComplaint(g.wechat.complaintNotification(filed.complaint_id, 'CREATE_COMPLAINT'))).status).toBe(204);
    const row = await db().selectFrom('wechat_complaints').select('id').where('complaint_id', '=', filed.complaint_id).executeTakeFirstOrThrow();
    return { id: row.id, complaintId: filed.complaint_id };
  }
  const progressRequests = (complaint: string) => g.wechat.requests.filter((r) => r.path.includes(`${complaint}/update-refund-progress`));

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, env: { RECONCILIATION_INTERVAL_MS: '0' } });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    admin = await login(g.test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(g.test, admin, { username: `clerk.complaints.${dialect}`, role: 'clerk' });
    outTradeNo = await paidOrder(1);
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

    // The refund is launched, so WeChat is told the merchant approved it (更新退款审批结果), once, signed.
    expect(after).toMatchObject({ refund_progress: 'APPROVE', refund_progress_state: 'REPORTED', refund_progress_error: null });
    expect(after.history.at(-1)).toMatchObject({ operator: '商户', type: 'MERCHANT_APPROVE_REFUND' });
    const sent = progressRequests(complaintId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.verified).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toEqual({ action: 'APPROVE', launch_refund_day: 0 });
    expect(await auditRows(g.test, 'wechat_complaint.refund_progress', complaintId)).toHaveLength(1);
    expectError(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${id}/refund-progress`, { action: 'APPROVE' }), 'CONSOLE_WECHAT_COMPLAINT_PROGRESS_REPORTED');
    expect(progressRequests(complaintId)).toHaveLength(1);
  });

  it('a failed report of the approval leaves the refund intact, shows FAILED, and the admin retries it', async () => {
    const trade = await paidOrder(2);
    const complaint = await complaintAbout(trade);
    const asked = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-request`, { reason: '同意退款' }));
    // Before the refund is approved there is nothing to report.
    expectError(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'APPROVE' }), 'CONSOLE_WECHAT_COMPLAINT_REFUND_NOT_LAUNCHED');

    g.wechat.failNext({ path: /update-refund-progress/, kind: 'http500' });
    const approved = await caller(g.test, admin)('POST', `/api/console/refund-requests/${asked.refund_request_id}/approve`, { note: '同意' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<ConsoleRefundRequest>(approved).status).toBe('PROCESSING');
    expect(g.wechat.refunds.get(`R${trade}`)).toMatchObject({ out_trade_no: trade, status: 'PROCESSING' });
    const failed = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('GET', `/api/console/wechat-complaints/${complaint.id}`));
    expect(failed).toMatchObject({ refund_request_status: 'PROCESSING', refund_progress: 'APPROVE', refund_progress_state: 'FAILED' });
    expect(failed.refund_progress_error).toBeTruthy();
    expect(failed.history.map((h) => h.type)).not.toContain('MERCHANT_APPROVE_REFUND');
    const audits = await auditRows(g.test, 'wechat_complaint.refund_progress', complaint.complaintId);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ decision: '同意退款', launch_refund_day: 0, reported: false, error: expect.any(String) });

    // Reporting is the admin's, as deciding the refund is.
    expect((await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'APPROVE' })).statusCode).toBe(403);
    const retried = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'APPROVE' }));
    expect(retried).toMatchObject({ refund_progress: 'APPROVE', refund_progress_state: 'REPORTED', refund_progress_error: null });
    expect(retried.history.at(-1)).toMatchObject({ type: 'MERCHANT_APPROVE_REFUND' });
    expect(await auditRows(g.test, 'wechat_complaint.refund_progress', complaint.complaintId)).toHaveLength(2);
    // The refund itself was asked of WeChat once.
    expect(g.wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds' && JSON.parse(r.body || '{}').out_trade_no === trade)).toHaveLength(1);
  });

  it('the admin declines a refund from the drawer with a reason (REJECT); a complaint that asks no refund has nothing to report', async () => {
    const trade = await paidOrder(3);
    const complaint = await complaintAbout(trade);
    expect((await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'REJECT', reason: '  ' })).statusCode).toBe(400);
    expect((await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'REJECT' })).statusCode).toBe(400);
    expect(progressRequests(complaint.complaintId)).toHaveLength(0);

    const rejected = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'REJECT', reason: '年报已报送完成，服务已履约' }));
    expect(rejected).toMatchObject({ refund_progress: 'REJECT', refund_progress_state: 'REPORTED', refund_progress_reason: '年报已报送完成，服务已履约', state: 'PROCESSED' });
    expect(rejected.history.at(-1)).toMatchObject({ type: 'MERCHANT_REFUSE_RERUND', details: '年报已报送完成，服务已履约' });
    expect(JSON.parse(progressRequests(complaint.complaintId)[0]!.body)).toEqual({ action: 'REJECT', reject_reason: '年报已报送完成，服务已履约' });

    const other = await complaintAbout(trade, 'OTHERS');
    expectError(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${other.id}/refund-progress`, { action: 'REJECT', reason: '不退' }), 'CONSOLE_WECHAT_COMPLAINT_NOT_REFUND');
  });

  it('rejecting the refund request of a complaint in 退款审批 tells WeChat REJECT with the admin note', async () => {
    const trade = await paidOrder(4);
    const complaint = await complaintAbout(trade);
    const asked = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-request`, { reason: '客户要求退款' }));
    const rejected = await caller(g.test, admin)('POST', `/api/console/refund-requests/${asked.refund_request_id}/reject`, { note: '材料已提交工商，无法退款' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('GET', `/api/console/wechat-complaints/${complaint.id}`));
    expect(after).toMatchObject({ refund_request_status: 'REJECTED', refund_progress: 'REJECT', refund_progress_state: 'REPORTED', refund_progress_reason: '材料已提交工商，无法退款' });
    expect(JSON.parse(progressRequests(complaint.complaintId)[0]!.body)).toEqual({ action: 'REJECT', reject_reason: '材料已提交工商，无法退款' });
    expect(g.wechat.refunds.get(`R${trade}`)).toBeUndefined();
  });

  it('a decline refused because the complaint is closed leaves its pending refund request pending', async () => {
    const trade = await paidOrder(5);
    const complaint = await complaintAbout(trade);
    const asked = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-request`, { reason: '客户要求退款' }));
    expect(asked.refund_request_status).toBe('PENDING');
    expect(dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('POST', `/api/console/wechat-complaints/${complaint.id}/complete`, {})).state).toBe('PROCESSED');

    expectError(await caller(g.test, admin)('POST', `/api/console/wechat-complaints/${complaint.id}/refund-progress`, { action: 'REJECT', reason: '服务已履约' }), 'CONSOLE_WECHAT_COMPLAINT_CLOSED');
    const after = dataOf<ConsoleWechatComplaintDetail>(await caller(g.test, clerk)('GET', `/api/console/wechat-complaints/${complaint.id}`));
    expect(after).toMatchObject({ refund_request_status: 'PENDING', refund_progress: null });
    expect(progressRequests(complaint.complaintId)).toHaveLength(0);
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
