import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, creditCodeCheckChar, type CreateOrderResult, type ErrorCode, type OrderRecord, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { FIRST_AGREEMENT_VERSION } from '../../seed/defaults.ts';
import { buildAppWithFakeGateways, TEST_NOTIFY_BASE_URL, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * The payment scenarios of decision 006, end to end through HTTP, the services and the database, with
 * WeChat Pay and Alipay played by in-process fake gateways that verify our signatures and sign
 * their answers and notifications like the real ones.
 */
describeDialects('real payment providers against fake gateways (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let companySeq = 0;
  let deviceSeq = 0;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect });
  });
  afterAll(async () => {
    await g?.close();
  });

  const db = () => g.test.database.db;

  /** A fresh, valid credit code per order, so "already filed this year" never interferes. */
  function company() {
    companySeq += 1;
    const first17 = `9111010800${String(dialect === 'sqlite' ? 1 : 2)}${String(companySeq).padStart(6, '0')}`;
    return { entity_name: `测试科技有限公司${companySeq}`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '张三' };
  }

  async function createRaw(overrides: Record<string, unknown> = {}, device?: string) {
    deviceSeq += 1;
    return signedInject(g.test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ ...company(), ...overrides }), headers: { 'x-device-id': device ?? `device-pay-${deviceSeq}` } });
  }

  async function createOrder(overrides: Record<string, unknown> = {}, device?: string): Promise<CreateOrderResult> {
    const response = await createRaw(overrides, device);
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(g.test, response).data;
  }

  async function orderDetail(id: string, key?: string): Promise<OrderRecord> {
    const response = await signedInject(g.test, { url: '/api/h5/order/detail', query: { id, ...(key ? { key } : {}) } });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<OrderRecord>(g.test, response).data;
  }

  async function orderRow(publicId: string) {
    return db().selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
  }

  async function attemptsOf(publicId: string) {
    return db()
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .selectAll('payment_attempts')
      .where('orders.public_id', '=', publicId)
      .orderBy('payment_attempts.id')
      .execute();
  }

  async function lastAttempt(publicId: string) {
    return (await attemptsOf(publicId)).at(-1)!;
  }

  async function outboxOf(kind: string) {
    return (await db().selectFrom('outbox').selectAll().where('kind', '=', kind).execute()).map((row) => ({ ...row, data: JSON.parse(row.payload) as Record<string, unknown> }));
  }

  async function eventsOf(outTradeNo: string) {
    return db().selectFrom('provider_events').select(['event_id', 'result']).where('out_trade_no', '=', outTradeNo).orderBy('id').execute();
  }

  function expectCatalog(response: { statusCode: number; body: string; json(): unknown }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }

  /** A WeChat native order, paid at the fake (no notification yet). */
  async function paidWechatOrder() {
    const created = await createOrder();
    const attempt = await lastAttempt(created.orderId);
    g.wechat.pay(attempt.out_trade_no);
    return { created, attempt };
  }

  describe('WeChat Pay', () => {
    it('pays a desktop order by notification: signed request, QR, one transition, 204 after commit', async () => {
      const created = await createOrder();
      expect(created.qrcodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const attempt = await lastAttempt(created.orderId);
      expect(attempt).toMatchObject({ provider: 'wechatpay', status: 'PENDING', amount_fen: created.payFee });
      expect(g.wechat.requests.find((r) => r.path === '/v3/pay/transactions/native' && JSON.parse(r.body).out_trade_no === attempt.out_trade_no)).toMatchObject({ verified: true });
      expect(JSON.parse(g.wechat.requests.at(-1)!.body).notify_url).toBe(`${TEST_NOTIFY_BASE_URL}/api/pay/notify/wechat`);

      g.wechat.pay(attempt.out_trade_no);
      const ack = await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no, { eventId: `EV-${attempt.out_trade_no}` }));
      expect(ack).toEqual({ status: 204, body: '' });
      const order = await orderDetail(created.orderId, created.editKey);
      expect(order).toMatchObject({ status: '2', process_status: '1', pay_type: 'weixin' });
      expect(await lastAttempt(created.orderId)).toMatchObject({ status: 'PAID', settles_order: 1, provider_txn_id: g.wechat.trades.get(attempt.out_trade_no)!.transaction_id });
      expect(await eventsOf(attempt.out_trade_no)).toEqual([{ event_id: `EV-${attempt.out_trade_no}`, result: 'APPLIED' }]);
      const order_id = (await orderRow(created.orderId)).id;
      expect((await outboxOf('sms.payment_succeeded')).filter((o) => o.data.orderId === order_id)).toHaveLength(1);
    });

    it('pays by query alone when the notification is lost (the paying page polls)', async () => {
      const { created } = await paidWechatOrder();
      expect((await orderDetail(created.orderId, created.editKey)).status).toBe('2');
      const attempt = await lastAttempt(created.orderId);
      expect(await eventsOf(attempt.out_trade_no)).toEqual([{ event_id: `query:${attempt.provider_txn_id}`, result: 'APPLIED' }]);
    });

    it('applies 100 concurrent duplicate notifications exactly once and acknowledges them all', async () => {
      const { created, attempt } = await paidWechatOrder();
      const notification = g.wechat.paymentNotification(attempt.out_trade_no, { eventId: `EV-DUP-${attempt.out_trade_no}` });
      const answers = await Promise.all(Array.from({ length: 100 }, () => g.notifyWechat(notification)));
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(204));
      expect(await eventsOf(attempt.out_trade_no)).toEqual([{ event_id: `EV-DUP-${attempt.out_trade_no}`, result: 'APPLIED' }]);
      const orderId = (await orderRow(created.orderId)).id;
      expect((await outboxOf('sms.payment_succeeded')).filter((o) => o.data.orderId === orderId)).toHaveLength(1);
      expect((await outboxOf('payment.refund_attempt')).filter((o) => o.data.outTradeNo === attempt.out_trade_no)).toHaveLength(0);
      // A second delivery under another id (WeChat's retry via another path) is recorded as a duplicate.
      expect((await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no, { eventId: `EV-DUP2-${attempt.out_trade_no}` }))).status).toBe(204);
      expect((await eventsOf(attempt.out_trade_no)).map((e) => e.result)).toEqual(['APPLIED', 'DUPLICATE']);
    });

    it.each([
      ['a forged signature', { signature: 'forged' as const }],
      ['a probe signature (WECHATPAY/SIGNTEST/)', { signature: 'probe' as const }],
      ['a stale timestamp (301 s)', { timestamp: -301 }],
      ['an unknown Wechatpay-Serial', { serial: 'PUB_KEY_ID_0000000000000000000000000000' }],
      ['another merchant id', { mchid: '1900000999' }],
      ['another app id', { appid: 'wx0000000000000000' }],
    ])('rejects %s with a 4xx {"code":"FAIL"} and changes nothing', async (_name, options) => {
      const { created, attempt } = await paidWechatOrder();
      const { timestamp, ...rest } = options as { timestamp?: number };
      const notification = g.wechat.paymentNotification(attempt.out_trade_no, {
        ...rest,
        ...(timestamp ? { timestamp: Math.floor(g.test.clock.now.getTime() / 1000) + timestamp } : {}),
      });
      const ack = await g.notifyWechat(notification);
      expect(ack.status).toBe(400);
      expect(JSON.parse(ack.body)).toMatchObject({ code: 'FAIL' });
      expect(await eventsOf(attempt.out_trade_no)).toEqual([]);
      expect((await orderRow(created.orderId)).status).toBe('1');
    });

    it('records an amount mismatch, acknowledges it, and leaves the order unpaid', async () => {
      const { created, attempt } = await paidWechatOrder();
      const ack = await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no, { amountTotal: attempt.amount_fen - 1, eventId: `EV-AMT-${attempt.out_trade_no}` }));
      expect(ack.status).toBe(204);
      expect(await eventsOf(attempt.out_trade_no)).toEqual([{ event_id: `EV-AMT-${attempt.out_trade_no}`, result: 'AMOUNT_MISMATCH' }]);
      expect((await orderRow(created.orderId)).status).toBe('1');
      expect((await lastAttempt(created.orderId)).status).toBe('PENDING');
    });

    it('creates h5 with the real client IP and a return to our page', async () => {
      const created = await createOrder({ pay_source: 'h5', return_url: 'http://localhost:80/pay' });
      const url = new URL(created.h5_url!);
      expect(url.hostname).toBe('wx.tenpay.com');
      expect(url.searchParams.get('redirect_url')).toBe('http://localhost:80/pay');
      const trade = g.wechat.trades.get((await lastAttempt(created.orderId)).out_trade_no)!;
      expect(trade).toMatchObject({ trade_type: 'MWEB', payer_client_ip: '127.0.0.1' });
    });

    it('creates in-app (jsapi) payments inside WeChat only with an openid, checking before writing anything', async () => {
      // An openid the official account issued (WeChat Pay refuses one of another app: docs/decisions/055-mini-program-payment-appid.md).
      const openid = g.wechat.issueOpenid(g.wechat.keys.appId, 'flows-jsapi');
      const created = await createOrder({ source: 'wx-oa', pay_source: 'jsapi', extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION, openid } });
      const params = JSON.parse(created.payParam!) as Record<string, string>;
      expect(params).toMatchObject({ appId: g.wechat.keys.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
      expect(g.wechat.trades.get((await lastAttempt(created.orderId)).out_trade_no)?.payer_openid).toBe(openid);

      const count = async () => (await db().selectFrom('orders').select('id').execute()).length;
      const before = await count();
      expectCatalog(await createRaw({ source: 'wx-oa', pay_source: 'jsapi' }), 'WECHAT_LOGIN_EXPIRED');
      expectCatalog(await createRaw({ source: 'wx-oa', pay_source: 'native' }), 'PAY_SOURCE_NOT_ALLOWED');
      expectCatalog(await createRaw({ source: 'web', pay_source: 'jsapi', extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION, openid: 'o1' } }), 'PAY_SOURCE_NOT_ALLOWED');
      expectCatalog(await createRaw({ source: 'wx-mp', pay_type: 'alipay', pay_source: 'jsapi', extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION, openid: 'o1' } }), 'PAY_TYPE_NOT_ALLOWED');
      expect(await count()).toBe(before);
    });

    it('answers a provider 5xx and a timeout with catalog errors; the sweep asks about the unknown trade until it expires', async () => {
      g.wechat.failNext({ path: /\/native$/, kind: 'http500' });
      const failed = await createRaw();
      expectCatalog(failed, 'PAYMENT_PROVIDER_UNAVAILABLE');
      g.wechat.failNext({ path: /\/native$/, kind: 'timeout' });
      const timedOut = await createRaw();
      expectCatalog(timedOut, 'PAYMENT_PROVIDER_TIMEOUT');
      const unknown = await db().selectFrom('payment_attempts').selectAll().where('status', '=', 'SUPERSEDED').where('closed_at', 'is', null).orderBy('id', 'desc').limit(2).execute();
      expect(unknown).toHaveLength(2);
      await g.test.app.services.paymentSweeps.runOnce();
      const path = (r: { path: string }) => r.path.split('?')[0]!.split('/').pop();
      for (const attempt of unknown) {
        // WeChat never saw these trades: close and query both answer "no such order". Watched until expiry anyway.
        const after = await db().selectFrom('payment_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
        expect(after).toMatchObject({ status: 'SUPERSEDED', closed_at: null });
        expect(after.next_query_at! > after.expires_at).toBe(true);
        expect(g.wechat.requests.filter((r) => r.path.includes(attempt.out_trade_no)).map(path)).toEqual(['close', attempt.out_trade_no]);
      }
      g.test.clock.advance(32 * 60_000);
      await g.test.app.services.paymentSweeps.runOnce();
      for (const attempt of unknown) {
        const after = await db().selectFrom('payment_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
        expect(after).toMatchObject({ status: 'SUPERSEDED', closed_at: expect.any(String), next_query_at: null });
        expect(g.wechat.requests.filter((r) => r.path.includes(attempt.out_trade_no)).map(path)).toEqual(['close', attempt.out_trade_no, 'close', attempt.out_trade_no]);
      }
    });
  });

  describe('Alipay', () => {
    it('pays a precreate QR by notification, answered exactly "success"; % + and Chinese verify', async () => {
      const created = await createOrder({ pay_type: 'alipay' });
      expect(created.qrcodeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
      const attempt = await lastAttempt(created.orderId);
      g.alipay.scan(attempt.out_trade_no);
      g.alipay.pay(attempt.out_trade_no);
      const forged = await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no, { signature: 'forged' }));
      expect(forged.body).toBe('fail');
      const ack = await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no, { notifyId: `N-${attempt.out_trade_no}`, subject: '营业执照年报 100% +加急 北京', body: 'a+b%20c' }));
      expect(ack).toEqual({ status: 200, body: 'success' });
      expect((await orderDetail(created.orderId, created.editKey)).status).toBe('2');
      expect(await eventsOf(attempt.out_trade_no)).toEqual([{ event_id: `N-${attempt.out_trade_no}`, result: 'APPLIED' }]);
      // Alipay repeats until it reads "success": the repeat is acknowledged and changes nothing.
      expect((await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no, { notifyId: `N-${attempt.out_trade_no}` }))).body).toBe('success');
      expect(await eventsOf(attempt.out_trade_no)).toHaveLength(1);
    });

    it('rejects a notification for another app id', async () => {
      const created = await createOrder({ pay_type: 'alipay' });
      const attempt = await lastAttempt(created.orderId);
      g.alipay.pay(attempt.out_trade_no);
      expect(await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no, { appId: '2021000000009999' }))).toEqual({ status: 400, body: 'fail' });
      expect((await orderRow(created.orderId)).status).toBe('1');
    });

    it('pays a phone order through the wap.pay cashier, which notifies and returns to our page', async () => {
      const created = await createOrder({ pay_type: 'alipay', pay_source: 'h5', return_url: 'http://localhost:80/pay' });
      expect((await fetch(created.h5_url!)).status).toBe(200);
      const attempt = await lastAttempt(created.orderId);
      const paid = await fetch(`${g.alipay.url}/cashier/${attempt.out_trade_no}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(302);
      expect(paid.headers.get('location')).toMatch(/^http:\/\/localhost:80\/pay\?out_trade_no=/);
      expect((await orderDetail(created.orderId, created.editKey)).status).toBe('2');
    });
  });

  describe('attempts, supersede and reconciliation', () => {
    it('refunds a late payment on a superseded attempt in full, automatically; the order stays paid', async () => {
      const device = 'device-late-payment';
      const form = company();
      const first = await createOrder({ ...form, pay_type: 'weixin' }, device);
      const second = await createOrder({ ...form, pay_type: 'alipay' }, device);
      expect(second.orderId).toBe(first.orderId);
      const [old, current] = await attemptsOf(first.orderId);
      // The switch closed the WeChat trade at once and asked again (a close can race a payment).
      expect(g.wechat.trades.get(old!.out_trade_no)?.trade_state).toBe('CLOSED');
      expect(old).toMatchObject({ status: 'SUPERSEDED', closed_at: expect.any(String) });

      g.alipay.pay(current!.out_trade_no);
      await g.notifyAlipay(g.alipay.notification(current!.out_trade_no));
      expect((await orderRow(first.orderId)).status).toBe('2');

      // The payer had paid the WeChat QR just before it closed: WeChat reports it.
      g.wechat.pay(old!.out_trade_no, { evenIfClosed: true });
      expect((await g.notifyWechat(g.wechat.paymentNotification(old!.out_trade_no))).status).toBe(204);
      expect((await eventsOf(old!.out_trade_no)).map((e) => e.result)).toEqual(['REFUND_QUEUED']);

      const report = await g.test.app.services.paymentSweeps.runOnce();
      expect(report['refund-outbox']).toMatchObject({ examined: 1, failed: 0 });
      const refund = await db().selectFrom('refunds').selectAll().where('out_trade_no', '=', old!.out_trade_no).executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ out_refund_no: `R${old!.out_trade_no}`, purpose: 'DUPLICATE', status: 'PROCESSING', amount_fen: old!.amount_fen, requested_by: 'system' });
      expect(g.wechat.refunds.get(`R${old!.out_trade_no}`)).toMatchObject({ amount_refund: old!.amount_fen, amount_total: old!.amount_fen });

      g.wechat.settleRefund(`R${old!.out_trade_no}`, 'SUCCESS');
      expect((await g.notifyWechat(g.wechat.refundNotification(`R${old!.out_trade_no}`))).status).toBe(204);
      expect((await db().selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status).toBe('SUCCESS');
      const order = await orderRow(first.orderId);
      expect(order).toMatchObject({ status: '2', pay_type: 'alipay' });
      expect((await outboxOf('sms.refund_succeeded')).filter((o) => o.data.orderId === order.id)).toHaveLength(0);
      // The outbox row was taken once.
      expect((await g.test.app.services.paymentSweeps.runOnce())['refund-outbox']).toMatchObject({ examined: 0 });
    });

    it('keeps watching an Alipay QR nobody scanned; paid after the switch, it is refunded too', async () => {
      const device = 'device-unscanned';
      const form = company();
      const first = await createOrder({ ...form, pay_type: 'alipay' }, device);
      await createOrder({ ...form, pay_type: 'weixin' }, device);
      const [old, current] = await attemptsOf(first.orderId);
      // Alipay does not know an unscanned precreate, so it cannot be closed: watched until it expires.
      expect(old).toMatchObject({ status: 'SUPERSEDED', closed_at: null });
      expect(old!.next_query_at! > old!.expires_at).toBe(true);

      g.wechat.pay(current!.out_trade_no);
      await g.notifyWechat(g.wechat.paymentNotification(current!.out_trade_no));
      g.alipay.pay(old!.out_trade_no);
      expect((await g.notifyAlipay(g.alipay.notification(old!.out_trade_no))).body).toBe('success');
      await g.test.app.services.paymentSweeps.runOnce();
      const refund = await db().selectFrom('refunds').selectAll().where('out_trade_no', '=', old!.out_trade_no).executeTakeFirstOrThrow();
      // Alipay refunds synchronously (fund_change Y).
      expect(refund).toMatchObject({ purpose: 'DUPLICATE', status: 'SUCCESS' });
      expect((await orderRow(first.orderId)).status).toBe('2');
    });

    it('the sweep finds a payment whose notification never came', async () => {
      const { created, attempt } = await paidWechatOrder();
      expect(attempt.next_query_at).not.toBeNull();
      g.test.clock.advance(61_000);
      const report = await g.test.app.services.paymentSweeps.runOnce();
      expect(report.attempts).not.toBe('skipped');
      expect((await orderRow(created.orderId)).status).toBe('2');
      expect((await lastAttempt(created.orderId)).status).toBe('PAID');
    });

    it('the sweep reschedules a pending attempt on a backoff', async () => {
      const created = await createOrder();
      const before = await lastAttempt(created.orderId);
      // The paying page's poll asks WeChat but leaves the sweep's schedule alone.
      const asked = g.wechat.requests.length;
      expect((await orderDetail(created.orderId, created.editKey)).status).toBe('1');
      expect(g.wechat.requests.length).toBe(asked + 1);
      expect(await lastAttempt(created.orderId)).toMatchObject({ query_count: before.query_count, next_query_at: before.next_query_at });
      g.test.clock.advance(61_000);
      await g.test.app.services.paymentSweeps.runOnce();
      const after = await lastAttempt(created.orderId);
      expect(after).toMatchObject({ status: 'PENDING', query_count: before.query_count + 1 });
      expect(Date.parse(after.next_query_at!) - g.test.clock.now.getTime()).toBe(60_000);
    });

    it('the sweep closes expired attempts and asks once more after the close, catching a payment that raced it', async () => {
      const unpaid = await createOrder();
      const raced = await createOrder({ pay_type: 'alipay' });
      const unpaidAttempt = await lastAttempt(unpaid.orderId);
      const racedAttempt = await lastAttempt(raced.orderId);
      g.alipay.pay(racedAttempt.out_trade_no);
      g.test.clock.advance(31 * 60_000);
      await g.test.app.services.paymentSweeps.runOnce();

      expect(await lastAttempt(unpaid.orderId)).toMatchObject({ status: 'EXPIRED', closed_at: expect.any(String) });
      expect(g.wechat.trades.get(unpaidAttempt.out_trade_no)?.trade_state).toBe('CLOSED');
      const asked = g.wechat.requests.filter((r) => r.path.includes(unpaidAttempt.out_trade_no)).map((r) => r.path.split('?')[0]!.split('/').pop());
      expect(asked.slice(-2)).toEqual(['close', unpaidAttempt.out_trade_no]);

      // Alipay refused the close (the trade was paid); the query after it applied the payment.
      expect(g.alipay.requests.filter((r) => r.params.biz_content?.includes(racedAttempt.out_trade_no)).map((r) => r.method).slice(-2)).toEqual(['alipay.trade.close', 'alipay.trade.query']);
      expect(await lastAttempt(raced.orderId)).toMatchObject({ status: 'PAID', settles_order: 1 });
      expect((await orderRow(raced.orderId)).status).toBe('2');
      expect((await orderRow(unpaid.orderId)).status).toBe('1');
    });
  });

  describe('refunds', () => {
    async function paidAndNotified(payType: 'weixin' | 'alipay' = 'weixin') {
      const created = await createOrder({ pay_type: payType });
      const attempt = await lastAttempt(created.orderId);
      if (payType === 'weixin') {
        g.wechat.pay(attempt.out_trade_no);
        await g.notifyWechat(g.wechat.paymentNotification(attempt.out_trade_no));
      } else {
        g.alipay.pay(attempt.out_trade_no);
        await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no));
      }
      const order = await orderRow(created.orderId);
      expect(order.status).toBe('2');
      return { created, attempt, order };
    }

    const refundOrder = (orderId: number) => g.test.app.services.payments.refundOrder({ orderId, reason: '办理失败，全额退款', requestedBy: 'admin:1' });

    it('PROCESSING, then SUCCESS by refund notification: order status 4, process 5 已退款, an SMS outbox row', async () => {
      const { attempt, order, created } = await paidAndNotified();
      expect(await refundOrder(order.id)).toEqual({ ok: true, state: 'PROCESSING', outRefundNo: `R${attempt.out_trade_no}` });
      expect((await orderRow(created.orderId)).status).toBe('2');
      g.wechat.settleRefund(`R${attempt.out_trade_no}`, 'SUCCESS');
      const notification = g.wechat.refundNotification(`R${attempt.out_trade_no}`, { eventId: `EV-REFUND-${attempt.out_trade_no}` });
      expect((await g.notifyWechat(notification)).status).toBe(204);
      expect((await g.notifyWechat(notification)).status).toBe(204);
      const after = await orderRow(created.orderId);
      expect(after).toMatchObject({ status: '4', process_status: '5', process_status_name: '已退款' });
      expect((await outboxOf('sms.refund_succeeded')).filter((o) => o.data.orderId === order.id)).toEqual([
        expect.objectContaining({ data: { orderId: order.id, phone: order.entity_phone, amountFen: attempt.amount_fen, paidFen: attempt.amount_fen, partialReason: '', outRefundNo: `R${attempt.out_trade_no}` } }),
      ]);
      expect(await refundOrder(order.id)).toMatchObject({ ok: false, reason: 'ALREADY_REFUNDED' });
      expect((await orderDetail(created.orderId, created.editKey)).status).toBe('4');
    });

    it('PROCESSING, then SUCCESS through the refund sweep (notification lost)', async () => {
      const { attempt, order, created } = await paidAndNotified();
      expect(await refundOrder(order.id)).toMatchObject({ ok: true, state: 'PROCESSING' });
      // A repeated request reuses the number and asks WeChat where the refund stands.
      expect(await refundOrder(order.id)).toMatchObject({ ok: true, state: 'PROCESSING', outRefundNo: `R${attempt.out_trade_no}` });
      g.wechat.settleRefund(`R${attempt.out_trade_no}`, 'SUCCESS');
      // Asked after 1 minute, then 5 (the repeated request above counted as one look).
      g.test.clock.advance(61_000);
      expect((await g.test.app.services.paymentSweeps.runOnce()).refunds).toMatchObject({ examined: 0 });
      g.test.clock.advance(5 * 60_000);
      const report = await g.test.app.services.paymentSweeps.runOnce();
      expect(report.refunds).toMatchObject({ failed: 0 });
      expect(await orderRow(created.orderId)).toMatchObject({ status: '4', process_status: '5', process_status_name: '已退款' });
      expect((await db().selectFrom('refunds').selectAll().where('out_refund_no', '=', `R${attempt.out_trade_no}`).executeTakeFirstOrThrow()).succeeded_at).not.toBeNull();
    });

    it('surfaces ABNORMAL and CLOSED refunds and leaves the order paid', async () => {
      for (const status of ['ABNORMAL', 'CLOSED'] as const) {
        const { order } = await paidAndNotified();
        g.wechat.nextRefundStatus = status;
        try {
          expect(await refundOrder(order.id)).toMatchObject({ ok: false, reason: status });
        } finally {
          g.wechat.nextRefundStatus = 'PROCESSING';
        }
        expect((await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('2');
        expect(await refundOrder(order.id)).toMatchObject({ ok: false, reason: status });
      }
    });

    it('an ABNORMAL refund settled by hand later becomes SUCCESS by notification', async () => {
      const { attempt, order } = await paidAndNotified();
      g.wechat.nextRefundStatus = 'ABNORMAL';
      try {
        await refundOrder(order.id);
      } finally {
        g.wechat.nextRefundStatus = 'PROCESSING';
      }
      g.wechat.settleRefund(`R${attempt.out_trade_no}`, 'SUCCESS');
      await g.notifyWechat(g.wechat.refundNotification(`R${attempt.out_trade_no}`));
      expect((await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('4');
    });

    it('with the provider down: PROVIDER_UNAVAILABLE; the retry reuses the number and WeChat holds one refund', async () => {
      const { attempt, order } = await paidAndNotified();
      g.wechat.failNext({ path: /\/refunds$/, kind: 'http500' });
      const down = await refundOrder(order.id);
      expect(down).toMatchObject({ ok: false, reason: 'PROVIDER_UNAVAILABLE' });
      const requested = await db().selectFrom('refunds').selectAll().where('out_refund_no', '=', `R${attempt.out_trade_no}`).executeTakeFirstOrThrow();
      expect(requested).toMatchObject({ status: 'REQUESTED', attempts: 1, last_error: expect.stringContaining('HTTP 500') });
      expect(requested.next_query_at).not.toBeNull();
      expect(await refundOrder(order.id)).toMatchObject({ ok: true, state: 'PROCESSING', outRefundNo: `R${attempt.out_trade_no}` });
      expect([...g.wechat.refunds.values()].filter((r) => r.out_trade_no === attempt.out_trade_no)).toHaveLength(1);
      const refundCalls = g.wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds' && JSON.parse(r.body).out_trade_no === attempt.out_trade_no);
      expect(refundCalls.map((r) => JSON.parse(r.body).out_refund_no)).toEqual([`R${attempt.out_trade_no}`, `R${attempt.out_trade_no}`]);
    });

    it('refuses an unpaid order and refunds an Alipay order at once', async () => {
      const unpaid = await createOrder();
      expect(await refundOrder((await orderRow(unpaid.orderId)).id)).toMatchObject({ ok: false, reason: 'NOT_PAID' });
      const { order, attempt } = await paidAndNotified('alipay');
      expect(await refundOrder(order.id)).toEqual({ ok: true, state: 'SUCCESS', outRefundNo: `R${attempt.out_trade_no}` });
      expect(await db().selectFrom('orders').select(['status', 'process_status', 'process_status_name']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
        status: '4',
        process_status: '5',
        process_status_name: '已退款',
      });
      // Alipay's TRADE_CLOSED notification after the full refund changes nothing more.
      expect((await g.notifyAlipay(g.alipay.notification(attempt.out_trade_no, { refundOf: `R${attempt.out_trade_no}` }))).body).toBe('success');
      expect((await outboxOf('sms.refund_succeeded')).filter((o) => o.data.orderId === order.id)).toHaveLength(1);
    });

    it('lists attempts, provider events and refunds for the console', async () => {
      const { order, attempt } = await paidAndNotified();
      await refundOrder(order.id);
      const payments = g.test.app.services.payments;
      expect((await payments.listAttempts(order.id)).map((a) => [a.out_trade_no, a.status])).toEqual([[attempt.out_trade_no, 'PAID']]);
      expect((await payments.listProviderEvents(order.id)).map((e) => e.result)).toEqual(['APPLIED']);
      expect((await payments.listRefunds(order.id)).map((r) => [r.out_refund_no, r.status, r.purpose])).toEqual([[`R${attempt.out_trade_no}`, 'PROCESSING', 'ORDER']]);
    });
  });
});
