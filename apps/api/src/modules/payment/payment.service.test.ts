import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ORDER_STATUS, PROCESS_STATUS, REFUNDED_PROCESS_STATUS_NAME } from '@kuaibao/domain';
import { createDatabase, type AppDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import type { OrderRow } from '../../db/schema.ts';
import { createPaymentProviders } from '../../providers/payment/index.ts';
import type { PaymentProvider, QueryPaymentResult, RefundResult, VerifiedEvent } from '../../providers/payment/port.ts';
import { createPaymentService, type PaymentService } from './payment.service.ts';
import { REFUND_FAILURE_CODES } from './payment-types.ts';

/**
 * The payment service on its own: a real SQLite database, no HTTP app, and a scripted provider
 * whose answers each test sets. Cheap enough to test the refund machine and the sweeps move by move.
 */

const silent = { warn() {}, error() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as unknown as FastifyBaseLogger;

interface Script {
  query: QueryPaymentResult;
  close: 'CLOSED' | 'ALREADY_PAID' | 'NOT_FOUND';
  refund: RefundResult;
  calls: string[];
}

function scriptedProvider(script: Script): PaymentProvider {
  return {
    id: 'sandbox',
    payTypes: ['weixin', 'alipay'],
    paySources: { weixin: ['native', 'h5', 'jsapi'], alipay: ['native', 'h5'] },
    async createPayment(input) {
      script.calls.push(`create ${input.outTradeNo}`);
      return { ok: true, kind: 'qr', content: `https://pay.test/${input.outTradeNo}` };
    },
    async queryPayment(input) {
      script.calls.push(`query ${input.outTradeNo}`);
      return script.query;
    },
    async closePayment(input) {
      script.calls.push(`close ${input.outTradeNo}`);
      return script.close;
    },
    async refund(input) {
      script.calls.push(`refund ${input.outRefundNo}`);
      return script.refund;
    },
    async queryRefund() {
      return { state: 'NOT_FOUND' };
    },
    // The raw body is the verified event itself: the test is about what happens after verification.
    async parseNotification(raw) {
      const event = JSON.parse(raw.rawBody, (key, value: unknown) => ((key === 'paidAt' || key === 'succeededAt') && typeof value === 'string' ? new Date(value) : value)) as VerifiedEvent;
      return { ok: true, event };
    },
    acknowledge(kind) {
      return { status: kind === 'accepted' ? 200 : 400, contentType: 'text/plain', body: kind };
    },
  };
}

describe('payment service without the app (sqlite)', () => {
  let dir: string;
  let database: AppDatabase;
  let clock: { now: Date };
  let script: Script;
  let payments: PaymentService;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-payment-'));
    database = await createDatabase({ kind: 'sqlite', file: path.join(dir, 'payment.sqlite') });
    await migrate(database);
    clock = { now: new Date('2026-03-01T08:00:00.000Z') };
    script = { query: { state: 'PENDING' }, close: 'CLOSED', refund: { ok: true, state: 'PROCESSING', providerRefundId: 'rf-1', succeededAt: null }, calls: [] };
    payments = createPaymentService({ db: database.db, providers: createPaymentProviders([scriptedProvider(script)]), now: () => clock.now, expiryMinutes: 15, log: silent });
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function unpaidOrder(): Promise<OrderRow> {
    const goods = await database.db.insertInto('goods').values({ type: 'license_year', name: '年报代办', price_fen: 19900, pay_types: 'weixin,alipay' }).returning('id').executeTakeFirstOrThrow();
    const at = clock.now.toISOString();
    return database.db
      .insertInto('orders')
      .values({
        public_id: 'pub-1',
        out_trade_no: 'KB202603010800000001',
        goods_id: goods.id,
        goods_type: 'license_year',
        goods_name: '年报代办',
        entity_name: '华为技术有限公司',
        entity_id: '914403001922038216',
        entity_legal: '赵明路',
        entity_idno_enc: null,
        entity_idno_hash: null,
        entity_phone: '13812345678',
        pay_type: 'weixin',
        pay_source: 'native',
        total_fee: 19900,
        pay_time: null,
        admin_id: null,
        user_id: null,
        consent_version: null,
        consent_time: null,
        create_time: at,
        update_time: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const orderOf = (id: number) => database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const attemptsOf = (id: number) => payments.listAttempts(id);

  async function paidOrder(): Promise<OrderRow> {
    const order = await unpaidOrder();
    await payments.startAttempt({ order, payType: 'weixin', paySource: 'native', description: '年报', returnUrl: undefined, notifyBaseUrl: 'https://kuaibao.test', clientIp: '127.0.0.1' });
    const [attempt] = await attemptsOf(order.id);
    script.query = { state: 'PAID', amountFen: 19900, currency: 'CNY', providerTxnId: 'tx-1', paidAt: clock.now };
    await payments.reconcileOrder(order);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ id: attempt!.id, status: 'PAID', settles_order: 1 });
    const paid = await orderOf(order.id);
    expect(paid).toMatchObject({ status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.pending });
    return paid;
  }

  async function notify(event: VerifiedEvent) {
    const ack = await payments.handleNotification('sandbox', { headers: {}, rawBody: JSON.stringify(event) });
    expect(ack.body).toBe('accepted');
    return ack;
  }

  it('refusing to refund an unpaid order is an expected outcome with a catalog code, not an error', async () => {
    const order = await unpaidOrder();
    const result = await payments.refundOrder({ orderId: order.id, reason: '办理失败', requestedBy: 'test' });
    expect(result).toMatchObject({ ok: false, reason: 'NOT_PAID' });
    expect(ERROR_CATALOG[REFUND_FAILURE_CODES.NOT_PAID]).toMatchObject({ status: 409, message: '订单未支付，不能退款' });
    expect(script.calls.filter((call) => call.startsWith('refund'))).toEqual([]);
    expect((await orderOf(order.id)).status).toBe(ORDER_STATUS.unpaid);
  });

  it('walks a refund REQUESTED → PROCESSING → SUCCESS; the order becomes refunded once, and a late PROCESSING is stale', async () => {
    const order = await paidOrder();
    const asked = await payments.refundOrder({ orderId: order.id, reason: '办理失败', requestedBy: 'test' });
    expect(asked).toEqual({ ok: true, state: 'PROCESSING', outRefundNo: `R${order.out_trade_no}P01` });
    expect((await payments.listRefunds(order.id))[0]).toMatchObject({ status: 'PROCESSING', purpose: 'ORDER' });
    expect((await orderOf(order.id)).status).toBe(ORDER_STATUS.paid);

    const refundEvent = { kind: 'refund', outTradeNo: `${order.out_trade_no}P01`, outRefundNo: `R${order.out_trade_no}P01`, providerRefundId: 'rf-1', refundFen: 19900 } as const;
    expect((await notify({ ...refundEvent, eventId: 'e-success', state: 'SUCCESS', succeededAt: clock.now })).body).toBe('accepted');
    expect((await payments.listRefunds(order.id))[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await orderOf(order.id)).toMatchObject({ status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, process_status_name: REFUNDED_PROCESS_STATUS_NAME });

    // SUCCESS is final: a PROCESSING report arriving late moves nothing.
    await notify({ ...refundEvent, eventId: 'e-late', state: 'PROCESSING', succeededAt: null });
    expect((await payments.listRefunds(order.id))[0]).toMatchObject({ status: 'SUCCESS' });
    const events = await payments.listProviderEvents(order.id);
    expect(events.map((event) => [event.event_id, event.result])).toContainEqual(['e-late', 'STALE']);
    const sms = await database.db.selectFrom('outbox').select('kind').where('kind', '=', 'sms.refund_succeeded').execute();
    expect(sms).toHaveLength(1);

    // Refunding again is refused as an outcome.
    expect(await payments.refundOrder({ orderId: order.id, reason: '再次', requestedBy: 'test' })).toMatchObject({ ok: false, reason: 'ALREADY_REFUNDED' });
  });

  it('a refund the provider cannot take stays REQUESTED and the refund sweep resubmits it under the same number', async () => {
    const order = await paidOrder();
    script.refund = { ok: true, state: 'PROCESSING', providerRefundId: null, succeededAt: null };
    const failing = scriptedProvider(script);
    failing.refund = async () => {
      throw new Error('gateway timeout');
    };
    const broken = createPaymentService({ db: database.db, providers: createPaymentProviders([failing]), now: () => clock.now, expiryMinutes: 15, log: silent });
    expect(await broken.refundOrder({ orderId: order.id, reason: '办理失败', requestedBy: 'test' })).toMatchObject({ ok: false, reason: 'PROVIDER_UNAVAILABLE' });
    const [requested] = await payments.listRefunds(order.id);
    expect(requested).toMatchObject({ status: 'REQUESTED', last_error: 'gateway timeout' });

    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    script.refund = { ok: true, state: 'SUCCESS', providerRefundId: 'rf-2', succeededAt: clock.now };
    expect(await payments.reconcileDueRefunds()).toEqual({ examined: 1, failed: 0 });
    expect(script.calls.filter((call) => call.startsWith('refund'))).toEqual([`refund ${requested!.out_refund_no}`]);
    expect((await orderOf(order.id)).status).toBe(ORDER_STATUS.refunded);
  });

  it('the attempt sweep closes an expired attempt at the provider and leaves the order unpaid and payable', async () => {
    const order = await unpaidOrder();
    await payments.startAttempt({ order, payType: 'weixin', paySource: 'native', description: '年报', returnUrl: undefined, notifyBaseUrl: 'https://kuaibao.test', clientIp: '127.0.0.1' });
    clock.now = new Date(clock.now.getTime() + 16 * 60_000);
    script.query = { state: 'CLOSED' };
    expect(await payments.reconcileDueAttempts()).toEqual({ examined: 1, failed: 0 });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'EXPIRED' });
    expect(script.calls).toContain(`close ${attempt!.out_trade_no}`);
    expect((await orderOf(order.id)).status).toBe(ORDER_STATUS.unpaid);

    // Nothing is due any more; a new attempt can still pay the order.
    expect(await payments.reconcileDueAttempts()).toEqual({ examined: 0, failed: 0 });
    await payments.startAttempt({ order, payType: 'weixin', paySource: 'native', description: '年报', returnUrl: undefined, notifyBaseUrl: 'https://kuaibao.test', clientIp: '127.0.0.1' });
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['EXPIRED', 'PENDING']);
  });

  it('a payment landing on an order already paid is refunded in full by the outbox sweep as a duplicate', async () => {
    const order = await paidOrder();
    // A second attempt (say, the visitor's other QR code) opened before the first payment landed.
    await database.db
      .insertInto('payment_attempts')
      .values({ order_id: order.id, provider: 'sandbox', pay_type: 'weixin', pay_source: 'native', out_trade_no: `${order.out_trade_no}P02`, amount_fen: 19900, status: 'SUPERSEDED', provider_txn_id: null, expires_at: clock.now.toISOString(), created_at: clock.now.toISOString(), paid_at: null })
      .execute();
    await notify({ kind: 'payment', eventId: 'pay-2', outTradeNo: `${order.out_trade_no}P02`, providerTxnId: 'tx-2', amountFen: 19900, currency: 'CNY', paidAt: clock.now });
    expect((await payments.listProviderEvents(order.id)).find((event) => event.event_id === 'pay-2')?.result).toBe('REFUND_QUEUED');

    script.refund = { ok: true, state: 'SUCCESS', providerRefundId: 'rf-dup', succeededAt: clock.now };
    expect(await payments.processRefundOutbox()).toEqual({ examined: 1, failed: 0 });
    expect((await payments.listRefunds(order.id)).map((refund) => [refund.out_trade_no, refund.purpose, refund.status])).toEqual([[`${order.out_trade_no}P02`, 'DUPLICATE', 'SUCCESS']]);
    // A duplicate's refund leaves the order paid.
    expect((await orderOf(order.id)).status).toBe(ORDER_STATUS.paid);
  });
});
