import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_VERSION, type CreateOrderResult, type OrderRecord } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

function cashierPath(url: string): string {
  return new URL(url).pathname;
}

describeDialects('visitor pays an order (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect });
  });
  afterAll(async () => {
    await test.close();
  });

  async function createOrder(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides), headers });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult | string>(test, response).data;
  }

  async function orderDetail(id: string, key?: string) {
    const response = await signedInject(test, { url: '/api/h5/order/detail', query: { id, ...(key ? { key } : {}) } });
    expect(response.statusCode, response.body).toBe(200);
    const envelope = envelopeOf<OrderRecord>(test, response);
    expect(envelope.encrypt).toBe(true);
    return envelope.data;
  }

  it('initialises the h5 app with goods and config', async () => {
    const envelope = envelopeOf<{ goods: Array<{ goods_type: string; price_fen: number }>; config: Record<string, unknown>; prev_info: unknown }>(
      test,
      await signedInject(test, { url: '/api/h5/corp' }),
    );
    expect(envelope.code).toBe(0);
    expect(envelope.data.goods.map((g) => g.goods_type)).toEqual(['license_year', 'license_destory', 'credit_repair']);
    expect(envelope.data.goods.every((g) => Number.isInteger(g.price_fen) && g.price_fen > 0)).toBe(true);
    expect(envelope.data.config.proxy_version).toBe('v0');
    expect(Array.isArray(envelope.data.config['client.home.danmaku'])).toBe(true);
    expect(envelope.data.prev_info).toBeNull();
  });

  it('finds a seeded company with its highlighted name', async () => {
    const envelope = envelopeOf<Array<{ name: string; credit_code: string; oper_name: string; color_name: string }>>(
      test,
      await signedInject(test, { url: '/api/h5/company', query: { keyword: ' 字节 跳动 ' } }),
    );
    expect(envelope.code).toBe(0);
    const hit = envelope.data.find((c) => c.credit_code === '91110108551385082Q');
    expect(hit?.color_name).toBe('北京<em>字节跳动</em>科技有限公司');
  });

  it('pays a desktop QR order in the sandbox cashier through the notification path', async () => {
    const created = (await createOrder()) as CreateOrderResult;
    expect(created.isPaied).toBe(false);
    expect(created.payFee).toBeGreaterThan(0);
    expect(created.qrcodeUrl).toMatch(/\/sandbox\/cashier\/KB\d{20}P01$/);
    expect((await orderDetail(created.orderId, created.editKey)).status).toBe('1');

    const cashier = await test.app.inject({ method: 'GET', url: cashierPath(created.qrcodeUrl!) });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.body).toContain('确认支付');
    // The cashier's button posts an ordinary HTML form.
    const paid = await test.app.inject({ method: 'POST', url: `${cashierPath(created.qrcodeUrl!)}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('支付成功');

    const order = await orderDetail(created.orderId, created.editKey);
    expect(order.status).toBe('2');
    expect(order.process_status).toBe('1');
    expect(order.pay_time).not.toBeNull();
    expect(order.entity_idno).toBe('110***********002X');
    const attempts = await test.database.db.selectFrom('payment_attempts').select(['status', 'provider_txn_id']).execute();
    expect(attempts.filter((a) => a.status === 'PAID')).toHaveLength(1);
    const outbox = await test.database.db.selectFrom('outbox').select('kind').execute();
    expect(outbox.map((o) => o.kind)).toContain('sms.payment_succeeded');
  });

  it('answers "paied" when the company has already filed this year', async () => {
    expect(await createOrder({ pay_type: 'alipay' })).toBe('paied');
  });

  it('redirects an h5 payment to the cashier and back to our page', async () => {
    const created = (await createOrder(
      { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路', pay_source: 'h5', return_url: 'http://localhost:80/pay' },
    )) as CreateOrderResult;
    expect(created.h5_url).toContain('/sandbox/cashier/');
    const paid = await test.app.inject({ method: 'POST', url: `${cashierPath(created.h5_url!)}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://localhost:80/pay');
    expect((await orderDetail(created.orderId, created.editKey)).status).toBe('2');
  });

  it('never redirects a payment to another site', async () => {
    const created = (await createOrder(
      { entity_name: '深圳市腾讯计算机系统有限公司', entity_id: '9144030071526726XG', entity_legal: '马化腾', pay_source: 'h5', return_url: 'https://evil.example/steal' },
      { 'x-device-id': 'device-open-redirect' },
    )) as CreateOrderResult;
    const trade = await test.app.services.sandbox!.findTrade(cashierPath(created.h5_url!).split('/').pop()!);
    expect(trade?.return_url).toBe('http://localhost:80/pay');
  });

  it('switching the method reuses the order, supersedes the old attempt, and a late payment on it is refunded', async () => {
    const form = { entity_name: '贵州茅台酒股份有限公司', entity_id: '91520000214434146R', entity_legal: '丁雄军' };
    const first = (await createOrder({ ...form, pay_type: 'weixin' }, { 'x-device-id': 'device-switch' })) as CreateOrderResult;
    const second = (await createOrder({ ...form, pay_type: 'alipay' }, { 'x-device-id': 'device-switch' })) as CreateOrderResult;
    expect(second.orderId).toBe(first.orderId);
    expect(second.qrcodeUrl).not.toBe(first.qrcodeUrl);

    // The first cashier was closed when it was superseded.
    const closed = await test.app.inject({ method: 'POST', url: `${cashierPath(first.qrcodeUrl!)}/pay` });
    expect(closed.statusCode).toBe(409);
    await test.app.inject({ method: 'POST', url: `${cashierPath(second.qrcodeUrl!)}/pay` });
    const order = await orderDetail(second.orderId, second.editKey);
    expect(order.status).toBe('2');
    expect(order.pay_type).toBe('alipay');

    // The payer had paid the first QR just before it was closed: that money goes back in full.
    const firstTrade = (await test.app.services.sandbox!.findTrade(cashierPath(first.qrcodeUrl!).split('/').pop()!))!;
    const late = test.app.services.sandbox!.notificationFor({ ...firstTrade, status: 'SUCCESS', transaction_id: 'SBXLATE1', paid_at: test.clock.now.toISOString() });
    expect((await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: late.headers, payload: late.body })).statusCode).toBe(204);
    const refunds = await test.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'payment.refund_attempt').execute();
    expect(refunds.map((r) => JSON.parse(r.payload).outTradeNo)).toContain(firstTrade.out_trade_no);
  });

  it('applies a repeated notification once and rejects forged ones', async () => {
    const form = { entity_name: '杭州市西湖区张记面馆', entity_id: '', entity_legal: '' };
    const search = envelopeOf<Array<{ name: string; credit_code: string; oper_name: string }>>(
      test,
      await signedInject(test, { url: '/api/h5/company', query: { keyword: '张记面馆' } }),
    );
    const shop = search.data[0]!;
    const created = (await createOrder({ ...form, entity_name: shop.name, entity_id: shop.credit_code, entity_legal: shop.oper_name })) as CreateOrderResult;
    const outTradeNo = cashierPath(created.qrcodeUrl!).split('/').pop()!;
    await test.app.inject({ method: 'POST', url: `${cashierPath(created.qrcodeUrl!)}/pay` });
    const trade = (await test.app.services.sandbox!.findTrade(outTradeNo))!;

    const again = test.app.services.sandbox!.notificationFor(trade);
    const repeat = await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: again.headers, payload: again.body });
    expect(repeat.statusCode).toBe(204);

    const forged = test.app.services.sandbox!.notificationFor({ ...trade, amount_fen: 1 }, { eventId: 'EV_forged' });
    const tampered = await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: forged.headers, payload: forged.body.replace('"total":1', '"total":2') });
    expect(tampered.statusCode).toBe(400);

    const stale = test.app.services.sandbox!.notificationFor(trade, { eventId: 'EV_stale', timestamp: Math.floor(test.clock.now.getTime() / 1000) - 301 });
    expect((await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: stale.headers, payload: stale.body })).statusCode).toBe(400);

    const events = await test.database.db.selectFrom('provider_events').select(['event_id', 'result']).where('out_trade_no', '=', outTradeNo).execute();
    expect(events).toEqual([{ event_id: `EV_${trade.transaction_id}`, result: 'APPLIED' }]);
  });

  it('does not mark an order paid when the amount differs', async () => {
    const created = (await createOrder({ goods_id: '2', authorization: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: '张一鸣', confirmed: true } }, { 'x-device-id': 'device-amount' })) as CreateOrderResult;
    const outTradeNo = cashierPath(created.qrcodeUrl!).split('/').pop()!;
    const trade = (await test.app.services.sandbox!.findTrade(outTradeNo))!;
    const wrong = test.app.services.sandbox!.notificationFor({ ...trade, status: 'SUCCESS', transaction_id: 'SBXWRONG', paid_at: test.clock.now.toISOString(), amount_fen: trade.amount_fen - 1 });
    const response = await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: wrong.headers, payload: wrong.body });
    expect(response.statusCode).toBe(204);
    expect((await orderDetail(created.orderId, created.editKey)).status).toBe('1');
  });
});
