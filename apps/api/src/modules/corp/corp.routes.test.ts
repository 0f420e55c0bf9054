import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOG,
  type CorpInitResponse,
  type CorpOrderListResponse,
  type CreateOrderResult,
  type ErrorCode,
  type LoginResponse,
  type OrderRecord,
  type RecentOrderResponse,
  type UserInfo,
} from '@kuaibao/domain';
import { MOCK_WECHAT_APP_IDS } from '../../config.ts';
import { issueMockCode, mockOpenid } from '../../providers/wechat-auth/mock.provider.ts';
import { MOCK_USER_COOKIE } from '../../providers/wechat-auth/mock-authorize.routes.ts';
import { availableDialects, buildTestApp, envelopeOf, signedInject, validOrderForm, type SignedRequest, type TestApp } from '../../test/helper.ts';

const HUAWEI = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };

describe.each(availableDialects())('WeChat login and the corp calls: only your own orders (%s)', (dialect) => {
  let test: TestApp;

  const send = (request: SignedRequest, token?: string) =>
    signedInject(test, { ...request, headers: { 'x-platform': 'wx-oa', 'x-channel': 'wx-oa', ...(token ? { 'x-token': token } : {}), ...request.headers } });

  async function expectError(response: { statusCode: number; body: string; json(): unknown }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }

  async function login(user: string, codeType: 'wx-oa' | 'wx-mp' = 'wx-oa', headers: Record<string, string> = {}): Promise<string> {
    const url = codeType === 'wx-oa' ? '/api/corp/user/login' : '/api/h5/user/login';
    const response = await send({ method: 'POST', url, body: { login_type: 'weixin', weixin: { code: issueMockCode(user), code_type: codeType } }, headers });
    expect(response.statusCode, response.body).toBe(200);
    const envelope = envelopeOf<LoginResponse>(test, response);
    expect(envelope.encrypt).toBe(true);
    return envelope.data.token;
  }

  async function corpOrder(token: string, overrides: Record<string, unknown> = {}): Promise<CreateOrderResult> {
    const response = await send({ method: 'POST', url: '/api/corp/order', body: validOrderForm({ source: 'wx-oa', pay_source: 'jsapi', ...overrides }) }, token);
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(test, response).data;
  }

  /** Pays the attempt the bridge parameters name, through the sandbox cashier and its signed notification. */
  async function payInSandbox(created: CreateOrderResult) {
    const params = JSON.parse(created.payParam!) as { package: string };
    const outTradeNo = params.package.replace(/^prepay_id=SBX_/, '');
    const response = await test.app.inject({ method: 'POST', url: `/sandbox/cashier/${outTradeNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(200);
  }

  const userIdOf = async (publicId: string) => (await test.database.db.selectFrom('orders').select('user_id').where('public_id', '=', publicId).executeTakeFirstOrThrow()).user_id;
  const countOrders = async () => (await test.database.db.selectFrom('orders').select('id').execute()).length;

  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 500 });
  });
  afterAll(async () => {
    await test.close();
  });

  describe('login and sessions', () => {
    it('logs a visitor in with a WeChat code, once per code, and answers GET /api/user', async () => {
      const code = issueMockCode('alice');
      const first = await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code, code_type: 'wx-oa' } } });
      const { token, expire_time: expireTime } = envelopeOf<LoginResponse>(test, first).data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(expireTime).getTime() - test.clock.now.getTime()).toBe(24 * 3600 * 1000);
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code, code_type: 'wx-oa' } } }), 'WECHAT_CODE_INVALID');

      const me = await send({ url: '/api/user' }, token);
      expect(envelopeOf<UserInfo>(test, me).data).toEqual({ name: '微信用户', avater: '' });
      // The token itself is never stored: only its hash.
      const sessions = await test.database.db.selectFrom('user_sessions').select('id').execute();
      expect(sessions.some((s) => s.id === token)).toBe(false);
      const user = await test.database.db.selectFrom('users').selectAll().where('openid', '=', mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'alice')).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ corp_id: 0, app_kind: 'wx-oa', app_id: MOCK_WECHAT_APP_IDS.officialAccount });
    });

    it('keeps one visitor per corp and openid across logins', async () => {
      await login('dora');
      await login('dora');
      await login('dora', 'wx-oa', { 'b-corp-id': '7' });
      const rows = await test.database.db.selectFrom('users').select(['corp_id']).where('openid', '=', mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'dora')).execute();
      expect(rows.map((r) => r.corp_id).sort()).toEqual([0, 7]);
    });

    it('refuses missing, unknown and expired tokens with the session errors', async () => {
      await expectError(await send({ url: '/api/user' }), 'USER_LOGIN_REQUIRED');
      await expectError(await send({ url: '/api/user' }, 'x'.repeat(43)), 'USER_SESSION_INVALID');
      await expectError(await send({ url: '/api/user' }, 'not a token!'), 'USER_SESSION_INVALID');
      const token = await login('erin');
      test.clock.advance(24 * 3600 * 1000 + 1000);
      try {
        await expectError(await send({ url: '/api/user' }, token), 'USER_SESSION_EXPIRED');
        await expectError(await send({ url: '/api/corp/order' }, token), 'USER_SESSION_EXPIRED');
      } finally {
        test.clock.advance(-(24 * 3600 * 1000 + 1000));
      }
    });

    it('answers bad logins with catalog errors', async () => {
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'phone', weixin: { code: issueMockCode('x'), code_type: 'wx-oa' } } }), 'LOGIN_TYPE_UNSUPPORTED');
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code: 'abc', code_type: 'wx-pc' } } }), 'VALIDATION_FAILED');
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin' } }), 'VALIDATION_FAILED');
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code: 'forged', code_type: 'wx-oa' } } }), 'WECHAT_CODE_INVALID');
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode('snapshot-user'), code_type: 'wx-oa' } } }), 'WECHAT_SNAPSHOT_USER');
      await expectError(await send({ method: 'POST', url: '/api/h5/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode('risky-user'), code_type: 'wx-mp' } } }), 'WECHAT_LOGIN_REFUSED');
    });
  });

  describe('corp init', () => {
    it('carries the official account’s appid and the authorization page, never a token', async () => {
      const envelope = envelopeOf<CorpInitResponse>(test, await send({ url: '/api/corp' }));
      expect(envelope.data).toMatchObject({ token: '', appid: MOCK_WECHAT_APP_IDS.officialAccount, authorize_url: '/mock-wechat/connect/oauth2/authorize', prev_info: null });
      expect(envelope.data.goods.length).toBeGreaterThan(0);
      expect(envelope.data.config.privacy).toBeTruthy();
    });
  });

  describe('orders', () => {
    let alice: string;
    let bob: string;
    let paid: CreateOrderResult;
    let unpaid: CreateOrderResult;

    beforeAll(async () => {
      alice = await login('alice');
      bob = await login('bob');
      paid = await corpOrder(alice);
      await payInSandbox(paid);
      unpaid = await corpOrder(alice, { goods_id: '3', ...HUAWEI });
    });

    it('creates an in-app order owned by the visitor, with WeChat bridge parameters', async () => {
      const params = JSON.parse(paid.payParam!) as Record<string, unknown>;
      expect(Object.keys(params).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
      expect(params).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=SBX_KB\d+P\d\d$/), timeStamp: expect.stringMatching(/^\d{10}$/) });
      const aliceRow = await test.database.db.selectFrom('users').select('id').where('openid', '=', mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'alice')).executeTakeFirstOrThrow();
      expect(await userIdOf(paid.orderId)).toBe(aliceRow.id);
      expect(await userIdOf(unpaid.orderId)).toBe(aliceRow.id);
    });

    it('refuses order creation without a valid token and writes nothing', async () => {
      const before = await countOrders();
      await expectError(await send({ method: 'POST', url: '/api/corp/order', body: validOrderForm({ source: 'wx-oa', pay_source: 'jsapi', ...HUAWEI }) }), 'USER_LOGIN_REQUIRED');
      await expectError(await send({ method: 'POST', url: '/api/corp/order', body: validOrderForm({ source: 'wx-oa', pay_source: 'jsapi', ...HUAWEI }) }, 'y'.repeat(43)), 'USER_SESSION_INVALID');
      await expectError(await send({ method: 'POST', url: '/api/corp/order', body: validOrderForm({ source: 'wx-oa', pay_type: 'alipay', pay_source: 'jsapi', ...HUAWEI }) }, bob), 'PAY_TYPE_NOT_ALLOWED');
      expect(await countOrders()).toBe(before);
    });

    it('lists the visitor’s paid orders by goods type, and none of anyone else’s', async () => {
      const all = envelopeOf<CorpOrderListResponse>(test, await send({ url: '/api/corp/order' }, alice));
      expect(all.encrypt).toBe(true);
      expect(all.data.items.map((o) => o.id)).toEqual([paid.orderId]);
      const annual = envelopeOf<CorpOrderListResponse>(test, await send({ url: '/api/corp/order', query: { goods_type: 'license_year' } }, alice)).data.items;
      expect(annual).toHaveLength(1);
      expect(annual[0]).toMatchObject({ status: '2', entity_name: '北京字节跳动科技有限公司', entity_legal: '张一鸣', status_name: '待处理', entity_idno: '110***********002X' });
      expect(envelopeOf<CorpOrderListResponse>(test, await send({ url: '/api/corp/order', query: { goods_type: 'credit_repair' } }, alice)).data.items).toEqual([]);
      expect(envelopeOf<CorpOrderListResponse>(test, await send({ url: '/api/corp/order' }, bob)).data.items).toEqual([]);
      await expectError(await send({ url: '/api/corp/order', query: { goods_type: 'member' } }, alice), 'VALIDATION_FAILED');
      await expectError(await send({ url: '/api/corp/order' }), 'USER_LOGIN_REQUIRED');
    });

    it('shows an order’s detail to its owner only; to anyone else it does not exist', async () => {
      const own = envelopeOf<OrderRecord>(test, await send({ url: '/api/corp/order/detail', query: { id: paid.orderId } }, alice));
      expect(own.encrypt).toBe(true);
      expect(own.data).toMatchObject({ id: paid.orderId, status: '2', pay_source: 'jsapi' });
      const ownUnpaid = envelopeOf<OrderRecord>(test, await send({ url: '/api/corp/order/detail', query: { id: unpaid.orderId } }, alice));
      expect(ownUnpaid.data.status).toBe('1');

      const foreign = await send({ url: '/api/corp/order/detail', query: { id: paid.orderId } }, bob);
      const missing = await send({ url: '/api/corp/order/detail', query: { id: 'no-such-order' } }, bob);
      await expectError(foreign, 'ORDER_NOT_FOUND');
      expect(foreign.body).toBe(missing.body);
      await expectError(await send({ url: '/api/corp/order/detail', query: { id: paid.orderId } }), 'USER_LOGIN_REQUIRED');
    });

    it('gives back the visitor’s latest order for a company as form fields, without the ID number', async () => {
      const recent = envelopeOf<RecentOrderResponse>(test, await send({ url: '/api/corp/order/recent', query: { goods_type: '1', entity_id: '91110108551385082Q' } }, alice));
      expect(recent.data).toEqual({ goods_id: 1, entity_name: '北京字节跳动科技有限公司', entity_id: '91110108551385082Q', entity_legal: '张一鸣', entity_phone: '13812345678' });
      expect(envelopeOf<RecentOrderResponse>(test, await send({ url: '/api/corp/order/recent', query: { goods_type: '1', entity_id: '91110108551385082Q' } }, bob)).data).toBeNull();
      expect(envelopeOf<RecentOrderResponse>(test, await send({ url: '/api/corp/order/recent', query: { goods_type: '2', entity_id: '91110108551385082Q' } }, alice)).data).toBeNull();
      await expectError(await send({ url: '/api/corp/order/recent', query: { goods_type: 'x', entity_id: '1' } }, alice), 'VALIDATION_FAILED');
      await expectError(await send({ url: '/api/corp/order/recent', query: { goods_type: '1', entity_id: '91110108551385082Q' } }), 'USER_LOGIN_REQUIRED');
    });

    it('lists the goods for a logged-in visitor', async () => {
      const goods = envelopeOf<{ goods_id: number }[]>(test, await send({ url: '/api/corp/order/goods' }, bob)).data;
      expect(goods.map((g) => g.goods_id)).toEqual([1, 2, 3]);
      await expectError(await send({ url: '/api/corp/order/goods' }), 'USER_LOGIN_REQUIRED');
    });

    it('never reuses another visitor’s unpaid order on the same device', async () => {
      const mine = await corpOrder(bob, { goods_id: '3', ...HUAWEI });
      expect(mine.orderId).not.toBe(unpaid.orderId);
      const again = await corpOrder(bob, { goods_id: '3', ...HUAWEI });
      expect(again.orderId).toBe(mine.orderId);
    });
  });

  describe('the mini-program visitor', () => {
    it('logs in with the mini-program code and pays in-app on the h5 order route', async () => {
      const token = await login('mia', 'wx-mp', { 'b-corp-id': '10006' });
      const user = await test.database.db.selectFrom('users').selectAll().where('openid', '=', mockOpenid(MOCK_WECHAT_APP_IDS.miniProgram, 'mia')).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ corp_id: 10006, app_kind: 'wx-mp' });
      const headers = { 'x-platform': 'wx-mp', 'x-channel': 'wx-mp', 'b-corp-id': '10006', 'x-token': token };
      const body = validOrderForm({ source: 'wx-mp', pay_source: 'jsapi', goods_id: '2', ...HUAWEI });
      const created = envelopeOf<CreateOrderResult>(test, await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers })).data;
      expect(JSON.parse(created.payParam!)).toMatchObject({ signType: 'RSA' });
      expect(await userIdOf(created.orderId)).toBe(user.id);
      // Without a login there is no openid to pay with.
      await expectError(await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers: { ...headers, 'x-token': '' } }), 'PAY_SOURCE_NOT_ALLOWED');
    });

    it('leaves h5 visitors anonymous whatever stale token they carry', async () => {
      const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ goods_id: '2', ...HUAWEI, entity_phone: '13700000000' }), headers: { 'x-token': 'z'.repeat(43) } });
      expect(response.statusCode, response.body).toBe(200);
      expect(await userIdOf(envelopeOf<CreateOrderResult>(test, response).data.orderId)).toBeNull();
    });
  });

  describe('the mock authorization page', () => {
    const authorize = (params: Record<string, string>, cookie?: string) =>
      test.app.inject({ method: 'GET', url: '/mock-wechat/connect/oauth2/authorize', query: params, headers: { host: 'kb.test', ...(cookie ? { cookie } : {}) } });
    const valid = { appid: MOCK_WECHAT_APP_IDS.officialAccount, redirect_uri: 'http://kb.test/corp/order?tab=1', response_type: 'code', scope: 'snsapi_base', state: 'S123' };

    it('answers silently with a redirect carrying a single-use code and the state, for the browser’s own account', async () => {
      const first = await authorize(valid);
      expect(first.statusCode).toBe(302);
      const location = new URL(first.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe('http://kb.test/corp/order');
      expect(location.searchParams.get('tab')).toBe('1');
      expect(location.searchParams.get('state')).toBe('S123');
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      expect(cookie.startsWith(`${MOCK_USER_COOKIE}=`)).toBe(true);

      const second = new URL((await authorize(valid, cookie)).headers.location as string);
      const tokens = [];
      for (const code of [location.searchParams.get('code')!, second.searchParams.get('code')!]) {
        const answer = await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code, code_type: 'wx-oa' } } });
        tokens.push(envelopeOf<LoginResponse>(test, answer).data.token);
      }
      // Same browser, same pretend account: both logins are one visitor.
      const ids = await Promise.all(tokens.map(async (token) => (await test.app.services.accounts.authenticate(token)).id));
      expect(ids[0]).toBe(ids[1]);
      const other = new URL((await authorize({ ...valid, mock_user: 'someone-else' }, cookie)).headers.location as string);
      const otherLogin = await send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code: other.searchParams.get('code')!, code_type: 'wx-oa' } } });
      expect((await test.app.services.accounts.authenticate(envelopeOf<LoginResponse>(test, otherLogin).data.token)).id).not.toBe(ids[0]);
    });

    it.each([
      ['a wrong appid', { appid: 'wxsomeoneelse000' }],
      ['another host as the return', { redirect_uri: 'http://evil.test/corp/' }],
      ['a scope WeChat does not know', { scope: 'snsapi_all' }],
      ['no response_type', { response_type: '' }],
      ['a bad state', { state: 'a-b' }],
    ])('refuses %s like WeChat, with an error page', async (_name, override) => {
      const response = await authorize({ ...valid, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('授权失败');
    });
  });

  describe('the corp base path', () => {
    it('redirects /corp to /corp/ keeping the query', async () => {
      const response = await test.app.inject({ method: 'GET', url: '/corp?from=menu' });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/corp/?from=menu');
    });
  });
});
