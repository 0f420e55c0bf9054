import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, type CorpOrderListResponse, type CreateOrderResult, type ErrorCode, type LoginResponse, type OrderRecord, type PhoneLookupResponse } from '@kuaibao/domain';
import { issueMockCode } from '../../providers/wechat-auth/mock.provider.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type SignedRequest, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * Security finding 3: a phone number was enough to rewrite someone's annual declaration, because
 * the phone lookup hands out the order id and the id alone opened PUT /api/h5/order. The right to
 * file now comes from the order's creation (its edit key) or its owner's login (decision 012).
 */
const DECLARATION = {
  sale_amount: '12.5', sale_amount_show: 'true', tax_amount: '0.8', tax_amount_show: 'false',
  total_amount: '30', total_amount_show: 'false', total_employee: '5', total_employee_show: 'true',
  female_employee: '2', female_employee_show: 'false', insure_employee: '0', insure_employee_show: 'false',
};
const TAMPERED = { ...DECLARATION, total_employee: '999' };

const HUAWEI = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };
const TENCENT = { entity_name: '深圳市腾讯计算机系统有限公司', entity_id: '9144030071526726XG', entity_legal: '马化腾' };
const MOUTAI = { entity_name: '贵州茅台酒股份有限公司', entity_id: '91520000214434146R', entity_legal: '丁雄军' };

describeDialects('who may file an order’s annual declaration (%s)', (dialect) => {
  let test: TestApp;
  const phone = '13912345678';
  /** The h5 visitor's paid annual-report order, created anonymously on their own browser. */
  let paid: CreateOrderResult;
  let unpaid: CreateOrderResult;

  async function expectError(response: { statusCode: number; json(): unknown; body: string }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }

  async function create(overrides: Record<string, unknown>, request: Partial<SignedRequest> = {}): Promise<CreateOrderResult> {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: phone, ...overrides }), ...request });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(test, response).data;
  }

  /** Pays through the sandbox cashier: a QR order's own page, or the jsapi bridge parameters' attempt. */
  async function pay(created: CreateOrderResult) {
    const outTradeNo = created.qrcodeUrl
      ? new URL(created.qrcodeUrl).pathname.split('/').pop()!
      : (JSON.parse(created.payParam!) as { package: string }).package.replace(/^prepay_id=SBX_/, '');
    const response = await test.app.inject({ method: 'POST', url: `/sandbox/cashier/${outTradeNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(200);
  }

  /**
   * A logged-in visitor's x-token. Through the mini-program login, which needs no OAuth state; an
   * official-account token is the same kind of session (corp.routes.test.ts covers that login).
   */
  async function login(user: string): Promise<string> {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode(user), code_type: 'wx-mp' } } });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<LoginResponse>(test, response).data.token;
  }

  const put = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    signedInject(test, { method: 'PUT', url: '/api/h5/order', body: { corp_id: 0, entity_extra: TAMPERED, ...body }, headers });

  const storedExtra = async (publicId: string) =>
    JSON.parse((await test.database.db.selectFrom('orders').select('entity_extra').where('public_id', '=', publicId).executeTakeFirstOrThrow()).entity_extra) as Record<string, string> | null;

  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 500 });
    paid = await create({});
    await pay(paid);
    unpaid = await create({ ...HUAWEI });
  });
  afterAll(async () => {
    await test.close();
  });

  it('gives the creating browser an edit key: 32 base64url characters, one per order', () => {
    expect(paid.editKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(unpaid.editKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(paid.editKey).not.toBe(unpaid.editKey);
    expect(paid.editKey).not.toContain(paid.orderId);
  });

  it('refuses an id without the key, and the stored figures stay as they were', async () => {
    // The phone lookup no longer hands ids to a stranger (decision 049); an id learnt elsewhere is still no right.
    const lookup = envelopeOf<PhoneLookupResponse>(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone } }));
    expect(lookup.data.orders.length).toBeGreaterThan(0);
    expect(JSON.stringify(lookup.data)).not.toContain(paid.orderId);
    const id = paid.orderId;

    await expectError(await put({ id }), 'ORDER_EDIT_FORBIDDEN');
    await expectError(await put({ id, edit_key: '' }), 'ORDER_EDIT_FORBIDDEN');
    expect(await storedExtra(id)).toBeNull();
  });

  it('refuses a wrong key: another order’s, a guessed one, a near miss', async () => {
    await expectError(await put({ id: paid.orderId, edit_key: unpaid.editKey }), 'ORDER_EDIT_FORBIDDEN');
    await expectError(await put({ id: paid.orderId, edit_key: 'A'.repeat(32) }), 'ORDER_EDIT_FORBIDDEN');
    await expectError(await put({ id: paid.orderId, edit_key: paid.editKey.slice(0, 31) }), 'ORDER_EDIT_FORBIDDEN');
    await expectError(await put({ id: paid.orderId, edit_key: `${paid.editKey}A` }), 'ORDER_EDIT_FORBIDDEN');
    const flipped = paid.editKey.slice(0, -1) + (paid.editKey.endsWith('A') ? 'B' : 'A');
    await expectError(await put({ id: paid.orderId, edit_key: flipped }), 'ORDER_EDIT_FORBIDDEN');
    expect(await storedExtra(paid.orderId)).toBeNull();
  });

  it('answers a missing order before the right, and the right before the order’s state', async () => {
    await expectError(await put({ id: 'no-such-order' }), 'ORDER_NOT_FOUND');
    await expectError(await put({ id: 'no-such-order', edit_key: paid.editKey }), 'ORDER_NOT_FOUND');
    // Without the key nobody learns that the unpaid order cannot be filed yet.
    await expectError(await put({ id: unpaid.orderId }), 'ORDER_EDIT_FORBIDDEN');
    await expectError(await put({ id: unpaid.orderId, edit_key: unpaid.editKey }), 'ORDER_NOT_EDITABLE');
  });

  it('files the declaration with the right key', async () => {
    const saved = envelopeOf<OrderRecord>(test, await put({ id: paid.orderId, edit_key: paid.editKey, entity_extra: DECLARATION }));
    expect(saved.code).toBe(0);
    expect(saved.data.entity_extra).toMatchObject({ total_employee: '5', sale_amount: '12.5' });
    expect(await storedExtra(paid.orderId)).toMatchObject({ total_employee: '5' });
    // Still nothing without it, even once filed.
    await expectError(await put({ id: paid.orderId }), 'ORDER_EDIT_FORBIDDEN');
    expect(await storedExtra(paid.orderId)).toMatchObject({ total_employee: '5' });
  });

  it('gives a reused order the same key again (switching the payment method)', async () => {
    const device = { 'x-device-id': 'device-switch-key' };
    const first = await create({ goods_id: '3', ...MOUTAI, pay_type: 'weixin' }, { headers: device });
    const second = await create({ goods_id: '3', ...MOUTAI, pay_type: 'alipay' }, { headers: device });
    expect(second.orderId).toBe(first.orderId);
    expect(second.editKey).toBe(first.editKey);
  });

  describe('logged-in visitors (official account and mini-program)', () => {
    let owner: string;
    let intruder: string;
    let corpPaid: CreateOrderResult;
    let mpOwner: string;
    let mpPaid: CreateOrderResult;

    beforeAll(async () => {
      owner = await login('decl-owner');
      intruder = await login('decl-intruder');
      const created = await signedInject(test, {
        method: 'POST',
        url: '/api/corp/order',
        body: validOrderForm({ source: 'wx-oa', pay_source: 'jsapi', entity_phone: phone, ...TENCENT }),
        headers: { 'x-platform': 'wx-oa', 'x-token': owner },
      });
      if (created.statusCode !== 200) throw new Error(created.body);
      corpPaid = envelopeOf<CreateOrderResult>(test, created).data;
      await pay(corpPaid);

      mpOwner = await login('decl-mp-owner');
      mpPaid = await create({ source: 'wx-mp', pay_source: 'jsapi', ...MOUTAI }, { headers: { 'x-platform': 'wx-mp', 'x-token': mpOwner } });
      await pay(mpPaid);
    });

    it('the corp create answer carries the edit key too', () => {
      expect(corpPaid.editKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    });

    it('lets the owner file with their x-token alone', async () => {
      const saved = envelopeOf<OrderRecord>(test, await put({ id: corpPaid.orderId, entity_extra: DECLARATION }, { 'x-token': owner }));
      expect(saved.code).toBe(0);
      expect(await storedExtra(corpPaid.orderId)).toMatchObject({ total_employee: '5' });
      const mp = envelopeOf<OrderRecord>(test, await put({ id: mpPaid.orderId, entity_extra: DECLARATION }, { 'x-token': mpOwner }));
      expect(mp.code).toBe(0);
    });

    it('refuses another logged-in visitor, a session that is not valid, and no login at all', async () => {
      await expectError(await put({ id: corpPaid.orderId }, { 'x-token': intruder }), 'ORDER_EDIT_FORBIDDEN');
      await expectError(await put({ id: mpPaid.orderId }, { 'x-token': owner }), 'ORDER_EDIT_FORBIDDEN');
      await expectError(await put({ id: corpPaid.orderId }, { 'x-token': 'z'.repeat(43) }), 'ORDER_EDIT_FORBIDDEN');
      await expectError(await put({ id: corpPaid.orderId }), 'ORDER_EDIT_FORBIDDEN');
      // A login owns nothing it did not create: an anonymous h5 order is not the logged-in visitor's.
      await expectError(await put({ id: paid.orderId }, { 'x-token': owner }), 'ORDER_EDIT_FORBIDDEN');
      expect(await storedExtra(corpPaid.orderId)).toMatchObject({ total_employee: '5' });
    });

    it('an expired session is no proof', async () => {
      const expiring = await login('decl-owner');
      test.clock.advance(24 * 3600 * 1000 + 1000);
      try {
        await expectError(await put({ id: corpPaid.orderId }, { 'x-token': expiring }), 'ORDER_EDIT_FORBIDDEN');
      } finally {
        test.clock.advance(-(24 * 3600 * 1000 + 1000));
      }
    });

    it('no lookup ever carries an edit key', async () => {
      const keys = [paid.editKey, unpaid.editKey, corpPaid.editKey, mpPaid.editKey];
      const answers = [
        envelopeOf(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone, keys: `${paid.orderId}.${paid.editKey}` } })).data,
        envelopeOf(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: paid.orderId, key: paid.editKey } })).data,
        envelopeOf(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: unpaid.orderId } })).data,
        envelopeOf(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: corpPaid.orderId } })).data,
        envelopeOf<CorpOrderListResponse>(test, await signedInject(test, { url: '/api/corp/order', headers: { 'x-token': owner } })).data,
        envelopeOf(test, await signedInject(test, { url: '/api/corp/order/detail', query: { id: corpPaid.orderId }, headers: { 'x-token': owner } })).data,
        envelopeOf(test, await put({ id: paid.orderId, edit_key: paid.editKey, entity_extra: DECLARATION })).data,
      ];
      // The phone lookup lists every order of this phone: the h5 one whole (its key was shown), the others masked.
      expect((answers[0] as PhoneLookupResponse).orders.filter((o) => o.access === 'full')).toHaveLength(1);
      expect((answers[0] as PhoneLookupResponse).orders.length).toBeGreaterThan(1);
      expect((answers[0] as PhoneLookupResponse).orders.map((o) => (o.access === 'full' ? o.id : null))).toContain(paid.orderId);
      expect((answers[4] as CorpOrderListResponse).items.map((o) => o.id)).toEqual([corpPaid.orderId]);
      for (const answer of answers) {
        const text = JSON.stringify(answer);
        expect(text).not.toMatch(/edit_?key/i);
        for (const key of keys) expect(text).not.toContain(key);
      }
    });
  });
});
