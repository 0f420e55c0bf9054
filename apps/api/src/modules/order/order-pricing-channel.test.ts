import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, ERROR_CATALOG, ORDER_STATUS, type ConsoleDashboardTrends, type ConsoleGoods, type ConsoleOrderDetail, type ConsoleOrderListItem, type CreateOrderResult } from '@kuaibao/domain';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, dataOf, login, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';

/**
 * Prices per kind of customer and the channel of an order
 * (docs/decisions/059-prices-per-customer-kind-and-channel.md): the server charges the price for the
 * company's kind (packages/domain/src/customer-price.ts), whatever the request says, and the payment
 * is for the order's amount; the link's `source` is kept as a short slug or dropped, never refused.
 */
const COMPANY_PRICE_FEN = 19_900;
const INDIVIDUAL_PRICE_FEN = 9_900;

/** A valid credit code of the kind (92… 个体工商户, 91… company), different for each n. */
function creditCode(kind: '91' | '92', n: number): string {
  const first17 = `${kind}330106MA${String(n).padStart(7, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

describeDialects('prices per customer kind and the order channel (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let seq = 0;

  /** An order for its own company, phone and device (no reuse, no "already ordered"). */
  async function create(kind: '91' | '92', overrides: Record<string, unknown> = {}) {
    seq += 1;
    const name = kind === '92' ? `七星区国伟面馆${seq}号店` : `桂林宝信商贸有限公司${seq}`;
    const body = validOrderForm({ goods_id: '1', entity_name: name, entity_id: creditCode(kind, seq), entity_phone: `1390001${String(seq).padStart(4, '0')}`, ...overrides });
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers: { 'x-device-id': `pricing-${seq}` } });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(test, response).data;
  }

  async function pay(created: CreateOrderResult) {
    const path = new URL(created.qrcodeUrl!).pathname;
    const response = await test.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(200);
  }

  async function rowsOf(publicId: string) {
    const db = test.database.db;
    const order = await db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
    const attempts = await db.selectFrom('payment_attempts').selectAll().where('order_id', '=', order.id).execute();
    return { order, attempts };
  }

  async function setIndividualPrice(yuan: string) {
    const goods = dataOf<ConsoleGoods[]>(await asAdmin('GET', '/api/console/goods')).find((item) => item.id === 1)!;
    return asAdmin('PUT', '/api/console/goods/1', {
      name: goods.name,
      type: goods.type,
      price_yuan: String(COMPANY_PRICE_FEN / 100),
      individual_price_yuan: yuan,
      pay_types: goods.pay_types,
      sort: goods.sort,
      active: goods.active,
      description: goods.description,
    });
  }

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    const saved = await setIndividualPrice(String(INDIVIDUAL_PRICE_FEN / 100));
    if (saved.statusCode !== 200) throw new Error(`the second price was not saved: ${saved.body}`);
  });
  afterAll(async () => {
    await test?.close();
  });

  describe('the price for the company’s kind', () => {
    it('the console keeps the second price, and the visitor’s goods carry it', async () => {
      const goods = dataOf<ConsoleGoods[]>(await asAdmin('GET', '/api/console/goods')).find((item) => item.id === 1)!;
      expect(goods).toMatchObject({ price_fen: COMPANY_PRICE_FEN, individual_price_fen: INDIVIDUAL_PRICE_FEN });
      const visitor = await signedInject(test, { method: 'GET', url: '/api/order/goods' });
      expect(visitor.statusCode, visitor.body).toBe(200);
      const listed = envelopeOf<{ goods_id: number; price_fen: number; individual_price_fen: number | null }[]>(test, visitor).data.find((item) => item.goods_id === 1);
      expect(listed).toMatchObject({ price_fen: COMPANY_PRICE_FEN, individual_price_fen: INDIVIDUAL_PRICE_FEN });
    });

    it('an individual business (92…) orders and pays the 个体工商户 price; the payment is the order’s amount', async () => {
      const created = await create('92');
      expect(created.payFee).toBe(INDIVIDUAL_PRICE_FEN);
      await pay(created);
      const { order, attempts } = await rowsOf(created.orderId);
      expect(order.status).toBe(ORDER_STATUS.paid);
      expect(order.total_fee).toBe(INDIVIDUAL_PRICE_FEN);
      // The attempt asked the provider for the order's amount; the order is paid only when the
      // provider's notification carries that amount (attempts.ts refuses a mismatch).
      expect(attempts.map((attempt) => attempt.amount_fen)).toEqual([INDIVIDUAL_PRICE_FEN]);
    });

    it('a company pays the company price', async () => {
      const created = await create('91');
      expect(created.payFee).toBe(COMPANY_PRICE_FEN);
      await pay(created);
      const { order, attempts } = await rowsOf(created.orderId);
      expect(order.status).toBe(ORDER_STATUS.paid);
      expect(order.total_fee).toBe(COMPANY_PRICE_FEN);
      expect(attempts.map((attempt) => attempt.amount_fen)).toEqual([COMPANY_PRICE_FEN]);
    });

    it('a 92 code typed with a company’s name buys the company price', async () => {
      const created = await create('92', { entity_name: '桂林宝信商贸有限公司冒用' });
      expect(created.payFee).toBe(COMPANY_PRICE_FEN);
    });

    it('a forged amount in the request changes nothing', async () => {
      const forged = { total_fee: 1, payFee: 1, price_fen: 1, individual_price_fen: 1, amount: 1, amount_fen: 1 };
      const created = await create('91', { ...forged, extra: { ...(validOrderForm().extra as object), ...forged } });
      expect(created.payFee).toBe(COMPANY_PRICE_FEN);
      const { order, attempts } = await rowsOf(created.orderId);
      expect(order.total_fee).toBe(COMPANY_PRICE_FEN);
      expect(attempts.map((attempt) => attempt.amount_fen)).toEqual([COMPANY_PRICE_FEN]);
    });

    it('refuses a malformed second price, and an empty one means the same price for everyone', async () => {
      for (const bad of ['0', '-5', 'abc', '1.234']) {
        const response = await setIndividualPrice(bad);
        expect(response.statusCode, bad).toBe(400);
        expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG.CONSOLE_PRICE_INVALID.code);
      }
      const cleared = await setIndividualPrice('');
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(dataOf<ConsoleGoods>(cleared).individual_price_fen).toBeNull();
      expect((await create('92')).payFee).toBe(COMPANY_PRICE_FEN);
      expect((await setIndividualPrice(String(INDIVIDUAL_PRICE_FEN / 100))).statusCode).toBe(200);
      expect((await create('92')).payFee).toBe(INDIVIDUAL_PRICE_FEN);
    });
  });

  describe('the channel an order came from', () => {
    let douyin: CreateOrderResult;
    beforeAll(async () => {
      douyin = await create('92', { channel: 'DouYin' });
      await pay(douyin);
    });

    it('stores the link’s source as a slug, and the console shows and filters by it', async () => {
      const { order } = await rowsOf(douyin.orderId);
      expect(order.channel).toBe('douyin');
      const detail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${order.id}`));
      expect(detail.channel).toBe('douyin');
      const listed = dataOf<{ items: ConsoleOrderListItem[] }>(await asAdmin('GET', '/api/console/orders', undefined, { query: { channel: 'douyin' } })).items;
      expect(listed.map((item) => item.id)).toEqual([order.id]);
      expect(listed[0]!.channel).toBe('douyin');
      const without = dataOf<{ items: ConsoleOrderListItem[] }>(await asAdmin('GET', '/api/console/orders', undefined, { query: { channel: 'none', page_size: '100' } })).items;
      expect(without.length).toBeGreaterThan(0);
      expect(without.every((item) => item.channel === null)).toBe(true);
    });

    it('drops an invalid source to none, never refusing the order', async () => {
      for (const bad of ['<script>alert(1)</script>', 'a'.repeat(500), '抖音', 'x\n{"level":60}', 42, { $ne: 1 }]) {
        const created = await create('91', { channel: bad });
        expect((await rowsOf(created.orderId)).order.channel, JSON.stringify(bad)).toBeNull();
      }
    });

    it('the console refuses a malformed channel filter with the catalog’s words', async () => {
      const response = await asAdmin('GET', '/api/console/orders', undefined, { query: { channel: '<b>' } });
      expect(response.statusCode).toBe(400);
    });

    it('the dashboard counts orders and the paid amount per channel for the period', async () => {
      const trends = dataOf<ConsoleDashboardTrends>(await asAdmin('GET', '/api/console/dashboard/trends', undefined, { query: { days: '30' } }));
      expect(trends.by_channel.find((row) => row.key === 'douyin')).toEqual({ key: 'douyin', name: 'douyin', orders: 1, paid_orders: 1, revenue_fen: INDIVIDUAL_PRICE_FEN });
      const none = trends.by_channel.find((row) => row.key === '')!;
      expect(none.name).toBe('直接访问');
      expect(none.paid_orders).toBe(2);
      expect(none.revenue_fen).toBe(INDIVIDUAL_PRICE_FEN + COMPANY_PRICE_FEN);
    });
  });
});
