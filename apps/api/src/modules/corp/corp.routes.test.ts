import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_TEMPLATE_VERSION,
  ERROR_CATALOG,
  type CorpInitResponse,
  type CorpOrderListResponse,
  type CreateOrderResult,
  type ErrorCode,
  type LoginResponse,
  type OAuthStateResponse,
  type OrderRecord,
  type RecentOrderResponse,
  type UserInfo,
} from '@kuaibao/domain';
import { MOCK_WECHAT_APP_IDS } from '../../config.ts';
import { issueMockCode, mockOpenid } from '../../providers/wechat-auth/mock.provider.ts';
import { MOCK_USER_COOKIE } from '../../providers/wechat-auth/mock-authorize.routes.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type SignedRequest, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

const HUAWEI = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };
/** A cancellation (goods 2) needs the confirmed authorisation (decision 035). */
const HUAWEI_AUTHORIZATION = { authorization: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: '赵明路', confirmed: true } };

describeDialects('WeChat login and the corp calls: only your own orders (%s)', (dialect) => {
  let test: TestApp;

  const send = (request: SignedRequest, token?: string) =>
    signedInject(test, { ...request, headers: { 'x-platform': 'wx-oa', 'x-channel': 'wx-oa', ...(token ? { 'x-token': token } : {}), ...request.headers } });

  async function expectError(response: { statusCode: number; body: string; json(): unknown }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }

  /** What the page does before the authorization page: a state, and the cookie binding it to this browser (decision 013). */
  async function oauthState(): Promise<{ state: string; cookie: string }> {
    const response = await send({ method: 'POST', url: '/api/corp/user/oauth-state', body: {} });
    expect(response.statusCode, response.body).toBe(200);
    return { state: envelopeOf<OAuthStateResponse>(test, response).data.state, cookie: String(response.headers['set-cookie']).split(';')[0]! };
  }

  /** An official-account login as the page sends it after WeChat's redirect: code, its state, this browser's cookie. */
  async function corpLogin(code: string, headers: Record<string, string> = {}) {
    const { state, cookie } = await oauthState();
    return send({ method: 'POST', url: '/api/corp/user/login', body: { login_type: 'weixin', weixin: { code, code_type: 'wx-oa', state } }, headers: { cookie, ...headers } });
  }

  async function login(user: string, codeType: 'wx-oa' | 'wx-mp' = 'wx-oa', headers: Record<string, string> = {}): Promise<string> {
    const response =
      codeType === 'wx-oa'
        ? await corpLogin(issueMockCode(user), headers)
        : await send({ method: 'POST', url: '/api/h5/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode(user), code_type: codeType } }, headers });
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
  // Each test logs in a few times from one address: a new minute per test keeps them under the 30 logins a minute.
  afterEach(() => test.clock.advance(60_000));
  afterAll(async () => {
    await test.close();
  });

  describe('login and sessions', () => {
    it('logs a visitor in with a WeChat code, once per code, and answers GET /api/user', async () => {
      const code = issueMockCode('alice');
      const first = await corpLogin(code);
      const { token, expire_time: expireTime } = envelopeOf<LoginResponse>(test, first).data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(expireTime).getTime() - test.clock.now.getTime()).toBe(24 * 3600 * 1000);
      await expectError(await corpLogin(code), 'WECHAT_CODE_INVALID');

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
      await expectError(await corpLogin('forged'), 'WECHAT_CODE_INVALID');
      await expectError(await corpLogin(issueMockCode('snapshot-user')), 'WECHAT_SNAPSHOT_USER');
      await expectError(await send({ method: 'POST', url: '/api/h5/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode('risky-user'), code_type: 'wx-mp' } } }), 'WECHAT_LOGIN_REFUSED');
    });
  });

  describe('the official account’s code is bound to the state issued to this browser (decision 013)', () => {
    const STATE_COOKIE = /^kb_oauth_state=([0-9a-f]{32})\.(\d+)\.([A-Za-z0-9_-]{43})$/;
    const loginWith = (input: { code: string; state?: string; cookie?: string; url?: string }) =>
      send({
        method: 'POST',
        url: input.url ?? '/api/corp/user/login',
        body: { login_type: 'weixin', weixin: { code: input.code, code_type: 'wx-oa', ...(input.state !== undefined ? { state: input.state } : {}) } },
        headers: input.cookie ? { cookie: input.cookie } : {},
      });
    const countSessions = async () => (await test.database.db.selectFrom('user_sessions').select('id').execute()).length;
    const userExists = async (user: string) =>
      (await test.database.db.selectFrom('users').select('id').where('openid', '=', mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, user)).executeTakeFirst()) !== undefined;

    /** The login was refused with WECHAT_STATE_INVALID, no session was made and the code is still unused. */
    async function expectRefused(response: Awaited<ReturnType<typeof send>>, user: string, code: string, sessionsBefore: number) {
      await expectError(response, 'WECHAT_STATE_INVALID');
      expect(response.json()).toEqual({ code: 40350, msg: '登录校验失败，请重新进入页面' });
      expect(await countSessions()).toBe(sessionsBefore);
      expect(await userExists(user)).toBe(false);
      // WeChat was never asked: the code still logs in the browser that holds the right cookie.
      expect((await corpLogin(code)).statusCode).toBe(200);
    }

    it('issues a random state with a signed, HttpOnly, SameSite=Lax cookie for the login route only, good for 10 minutes', async () => {
      const response = await send({ method: 'POST', url: '/api/corp/user/oauth-state', body: {} });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { state, expire_time: expireTime } = envelopeOf<OAuthStateResponse>(test, response).data;
      expect(state).toMatch(/^[0-9a-f]{32}$/);
      expect(new Date(expireTime).getTime() - test.clock.now.getTime()).toBeGreaterThan(599_000);
      const [pair, ...attributes] = String(response.headers['set-cookie']).split('; ');
      const match = STATE_COOKIE.exec(pair!);
      expect(match?.[1]).toBe(state);
      expect(Number(match?.[2]) * 1000).toBe(new Date(expireTime).getTime());
      expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=600', 'Path=/api/corp/user/login', 'SameSite=Lax']);
      expect((await oauthState()).state).not.toBe(state);
    });

    it('logs in with the right cookie and state, and tells the browser to drop the cookie', async () => {
      const { state, cookie } = await oauthState();
      const response = await loginWith({ code: issueMockCode('olga'), state, cookie });
      expect(response.statusCode, response.body).toBe(200);
      const token = envelopeOf<LoginResponse>(test, response).data.token;
      expect((await test.app.services.accounts.authenticate(token)).openid).toBe(mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'olga'));
      expect(String(response.headers['set-cookie'])).toMatch(/^kb_oauth_state=; Max-Age=0; Path=\/api\/corp\/user\/login; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    });

    it('refuses a code with no cookie (a link carrying someone else’s code and state), and never exchanges it', async () => {
      // What a victim's fresh WebView sends for the attacker's link /corp/?code=…&state=…: their state, no cookie.
      const { state } = await oauthState();
      const code = issueMockCode('mallory');
      await expectRefused(await loginWith({ code, state }), 'mallory', code, await countSessions());
    });

    it('refuses a code without a state, even with a valid cookie; and a malformed state', async () => {
      const { cookie } = await oauthState();
      const code = issueMockCode('nick');
      await expectRefused(await loginWith({ code, cookie }), 'nick', code, await countSessions());
      const other = await oauthState();
      const again = issueMockCode('nick2');
      await expectRefused(await loginWith({ code: again, state: 'not-a-state!', cookie: other.cookie }), 'nick2', again, await countSessions());
    });

    it('refuses a cookie issued for another state', async () => {
      const mine = await oauthState();
      const theirs = await oauthState();
      const code = issueMockCode('pete');
      await expectRefused(await loginWith({ code, state: theirs.state, cookie: mine.cookie }), 'pete', code, await countSessions());
    });

    it('refuses an expired cookie (after 10 minutes)', async () => {
      const { state, cookie } = await oauthState();
      const code = issueMockCode('quinn');
      const sessions = await countSessions();
      test.clock.advance(600_000);
      try {
        await expectError(await loginWith({ code, state, cookie }), 'WECHAT_STATE_INVALID');
      } finally {
        test.clock.advance(-600_000);
      }
      await expectRefused(await loginWith({ code, state: 'x', cookie: 'x' }), 'quinn', code, sessions);
    });

    it('still takes a cookie a moment before it expires', async () => {
      const { state, cookie } = await oauthState();
      test.clock.advance(599_000);
      try {
        expect((await loginWith({ code: issueMockCode('rosa'), state, cookie })).statusCode).toBe(200);
      } finally {
        test.clock.advance(-599_000);
      }
    });

    it('refuses a tampered cookie: another signature, a later expiry, a state of the sender’s choosing', async () => {
      const { state, cookie } = await oauthState();
      const [, stateText, expires, signature] = STATE_COOKIE.exec(cookie)!;
      const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
      const forged = [
        `kb_oauth_state=${stateText}.${expires}.${flip(signature!)}`,
        `kb_oauth_state=${stateText}.${Number(expires) + 3600}.${signature}`,
        `kb_oauth_state=${'0'.repeat(32)}.${expires}.${signature}`,
        `kb_oauth_state=${stateText}.${expires}`,
        `kb_oauth_state=${stateText}`,
      ];
      const code = issueMockCode('sam');
      const sessions = await countSessions();
      for (const [index, value] of forged.entries()) {
        const claimed = index === 2 ? '0'.repeat(32) : state;
        await expectError(await loginWith({ code, state: claimed, cookie: value }), 'WECHAT_STATE_INVALID');
      }
      await expectRefused(await loginWith({ code, state }), 'sam', code, sessions);
    });

    it('takes a cookie once: the same cookie and state with another code is refused', async () => {
      const { state, cookie } = await oauthState();
      expect((await loginWith({ code: issueMockCode('tina'), state, cookie })).statusCode).toBe(200);
      const code = issueMockCode('tom');
      await expectRefused(await loginWith({ code, state, cookie }), 'tom', code, await countSessions());
    });

    it('binds official-account codes on the h5 login route too; mini-program codes need no state', async () => {
      const { state } = await oauthState();
      const code = issueMockCode('uma');
      await expectRefused(await loginWith({ code, state, url: '/api/h5/user/login' }), 'uma', code, await countSessions());
      const mp = await send({ method: 'POST', url: '/api/h5/user/login', body: { login_type: 'weixin', weixin: { code: issueMockCode('uma'), code_type: 'wx-mp' } }, headers: { 'b-corp-id': '10006' } });
      expect(mp.statusCode, mp.body).toBe(200);
    });

    it('drops the cookie after a refused login too', async () => {
      const { cookie } = await oauthState();
      const response = await loginWith({ code: issueMockCode('vera'), state: (await oauthState()).state, cookie });
      await expectError(response, 'WECHAT_STATE_INVALID');
      expect(String(response.headers['set-cookie'])).toMatch(/^kb_oauth_state=; Max-Age=0;/);
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
      const body = validOrderForm({ source: 'wx-mp', pay_source: 'jsapi', goods_id: '2', ...HUAWEI, ...HUAWEI_AUTHORIZATION });
      const created = envelopeOf<CreateOrderResult>(test, await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers })).data;
      expect(JSON.parse(created.payParam!)).toMatchObject({ signType: 'RSA' });
      expect(await userIdOf(created.orderId)).toBe(user.id);
      // Without a login there is no openid to pay with: the login expired, which logging in again cures.
      await expectError(await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers: { ...headers, 'x-token': '' } }), 'WECHAT_LOGIN_EXPIRED');
      // The same for a token that no longer names a session (an old mpCode's, say).
      await expectError(await signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers: { ...headers, 'x-token': 'z'.repeat(43) } }), 'WECHAT_LOGIN_EXPIRED');
    });

    it('leaves h5 visitors anonymous whatever stale token they carry', async () => {
      const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ goods_id: '2', ...HUAWEI, ...HUAWEI_AUTHORIZATION, entity_phone: '13700000000' }), headers: { 'x-token': 'z'.repeat(43) } });
      expect(response.statusCode, response.body).toBe(200);
      expect(await userIdOf(envelopeOf<CreateOrderResult>(test, response).data.orderId)).toBeNull();
    });
  });

  describe('the mock authorization page', () => {
    // A local host: without PUBLIC_BASE_URL only such a Host is believed (visitor-context.ts requestOrigin).
    const authorize = (params: Record<string, string>, cookie?: string) =>
      test.app.inject({ method: 'GET', url: '/mock-wechat/connect/oauth2/authorize', query: params, headers: { host: 'kb.localhost', ...(cookie ? { cookie } : {}) } });
    const valid = { appid: MOCK_WECHAT_APP_IDS.officialAccount, redirect_uri: 'http://kb.localhost/corp/order?tab=1', response_type: 'code', scope: 'snsapi_base', state: 'S123' };

    it('answers silently with a redirect carrying a single-use code and the state, for the browser’s own account', async () => {
      const first = await authorize(valid);
      expect(first.statusCode).toBe(302);
      const location = new URL(first.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe('http://kb.localhost/corp/order');
      expect(location.searchParams.get('tab')).toBe('1');
      expect(location.searchParams.get('state')).toBe('S123');
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      expect(cookie.startsWith(`${MOCK_USER_COOKIE}=`)).toBe(true);

      const second = new URL((await authorize(valid, cookie)).headers.location as string);
      const tokens = [];
      for (const code of [location.searchParams.get('code')!, second.searchParams.get('code')!]) {
        tokens.push(envelopeOf<LoginResponse>(test, await corpLogin(code)).data.token);
      }
      // Same browser, same pretend account: both logins are one visitor.
      const ids = await Promise.all(tokens.map(async (token) => (await test.app.services.accounts.authenticate(token)).id));
      expect(ids[0]).toBe(ids[1]);
      const other = new URL((await authorize({ ...valid, mock_user: 'someone-else' }, cookie)).headers.location as string);
      const otherLogin = await corpLogin(other.searchParams.get('code')!);
      expect((await test.app.services.accounts.authenticate(envelopeOf<LoginResponse>(test, otherLogin).data.token)).id).not.toBe(ids[0]);
    });

    it('carries the issued state back; its code logs in only the browser that holds the state’s cookie', async () => {
      // The attacker's browser: a state, the authorization, a code for their own account.
      const attacker = await oauthState();
      const back = new URL((await authorize({ ...valid, state: attacker.state, mock_user: 'mallory' })).headers.location as string);
      expect(back.searchParams.get('state')).toBe(attacker.state);
      const code = back.searchParams.get('code')!;
      const body = { login_type: 'weixin', weixin: { code, code_type: 'wx-oa', state: attacker.state } };

      // The victim's browser opens the link: no cookie, or its own cookie for its own state.
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body }), 'WECHAT_STATE_INVALID');
      const victim = await oauthState();
      await expectError(await send({ method: 'POST', url: '/api/corp/user/login', body, headers: { cookie: victim.cookie } }), 'WECHAT_STATE_INVALID');

      // The attacker's own browser still logs in with it: it was never exchanged.
      const own = await send({ method: 'POST', url: '/api/corp/user/login', body, headers: { cookie: attacker.cookie } });
      const token = envelopeOf<LoginResponse>(test, own).data.token;
      expect((await test.app.services.accounts.authenticate(token)).openid).toBe(mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'mallory'));
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

describe('the state cookie is Secure whenever the visitor is on https (decision 013)', () => {
  const issue = async (test: TestApp, headers: Record<string, string> = {}) => {
    const response = await signedInject(test, { method: 'POST', url: '/api/corp/user/oauth-state', body: {}, headers: { 'x-platform': 'wx-oa', ...headers } });
    expect(response.statusCode, response.body).toBe(200);
    return String(response.headers['set-cookie']).split('; ');
  };

  it('behind a trusted proxy that says https', async () => {
    const test = await buildTestApp({ companies: 10, env: { TRUST_PROXY: '1' } });
    try {
      expect(await issue(test)).not.toContain('Secure');
      expect(await issue(test, { 'x-forwarded-proto': 'https' })).toContain('Secure');
    } finally {
      await test.close();
    }
  });

  it('when our public origin is https, whatever the proxy says', async () => {
    const test = await buildTestApp({ companies: 10, env: { PUBLIC_BASE_URL: 'https://kb.example' } });
    try {
      expect(await issue(test)).toContain('Secure');
    } finally {
      await test.close();
    }
  });
});
