import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@kuaibao/domain';
import { ConfigError, loadConfig, MOCK_WECHAT_APP_IDS, type WechatAuthConfig } from '../../config.ts';
import { createMockWechatAuthProvider, issueMockCode, mockOpenid, MOCK_REFUSED_USERS } from './mock.provider.ts';
import { createWechatAuthProvider } from './wechat.provider.ts';
import { generateAlipayKeys } from '@kuaibao/testing';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';

const OA = { appId: 'wx520c15f417810387', appSecret: 'oasecret0123456789abcdef01234567' };
const MP = { appId: 'wxminiprogram00001', appSecret: 'mpsecret0123456789abcdef01234567' };

/** A local stand-in for api.weixin.qq.com: answers by the code it is given, records every request. */
function fakeWechatApi() {
  const requests: { path: string; query: Record<string, string> }[] = [];
  const answers: Record<string, (res: ServerResponse) => void> = {};
  const json = (status: number, body: unknown, type = 'application/json') => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  answers.good = json(200, { access_token: 'ACCESS', expires_in: 7200, refresh_token: 'REFRESH', openid: 'oOA_good_000000000000000000', scope: 'snsapi_base' });
  answers['mp-good'] = json(200, { session_key: 'SESSION==', openid: 'oMP_good_000000000000000000', unionid: 'uUNION1' }, 'text/plain');
  answers.used = json(200, { errcode: 40163, errmsg: 'code been used, rid: 1' });
  answers.bad = json(200, { errcode: 40029, errmsg: 'invalid code, rid: 2' }, 'text/plain');
  answers.risky = json(200, { errcode: 40226, errmsg: 'high risk user' });
  answers.limited = json(200, { errcode: 45011, errmsg: 'api minute-quota reach limit' });
  answers.snapshot = json(200, { access_token: 'A', expires_in: 7200, openid: 'oVirtual', scope: 'snsapi_base', is_snapshotuser: 1 });
  answers.busy = json(200, { errcode: -1, errmsg: 'system error' });
  answers.secret = json(200, { errcode: 40125, errmsg: 'invalid appsecret' });
  answers.html = json(200, '<html>bad gateway</html>', 'text/html');
  answers.http500 = json(502, 'upstream');
  answers.noopenid = json(200, { access_token: 'A', expires_in: 7200 });
  // Never answers (until the fake closes): only the adapter's own timeout can end the call.
  answers.slow = () => undefined;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const code = query.code ?? query.js_code ?? '';
    const answer = answers[code];
    if (!answer || (url.pathname !== '/sns/oauth2/access_token' && url.pathname !== '/sns/jscode2session')) return json(404, { errcode: 404 })(res);
    answer(res);
  });
  return {
    requests,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('the real WeChat login adapter against a local fake API', () => {
  const fake = fakeWechatApi();
  let config: WechatAuthConfig;
  beforeAll(async () => {
    const base = await fake.start();
    config = { provider: 'wechat', officialAccount: OA, miniProgram: MP, apiBaseUrl: base, authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize', timeoutMs: 200, tokenTtlSeconds: 3600 };
  });
  afterAll(() => fake.close());

  it('exchanges an official-account code at sns/oauth2/access_token with appid, secret, code and grant_type', async () => {
    const provider = createWechatAuthProvider({ config });
    expect(provider.officialAccountAppId).toBe(OA.appId);
    expect(provider.authorizeUrl).toBe(config.authorizeUrl);
    const result = await provider.exchangeCode({ kind: 'wx-oa', code: 'good' });
    expect(result).toEqual({ ok: true, identity: { appId: OA.appId, openid: 'oOA_good_000000000000000000', unionid: null } });
    expect(fake.requests.at(-1)).toEqual({
      path: '/sns/oauth2/access_token',
      query: { appid: OA.appId, secret: OA.appSecret, code: 'good', grant_type: 'authorization_code' },
    });
  });

  it('exchanges a mini-program code at sns/jscode2session with js_code (text/plain answers too)', async () => {
    const result = await createWechatAuthProvider({ config }).exchangeCode({ kind: 'wx-mp', code: 'mp-good' });
    expect(result).toEqual({ ok: true, identity: { appId: MP.appId, openid: 'oMP_good_000000000000000000', unionid: 'uUNION1' } });
    expect(fake.requests.at(-1)).toEqual({
      path: '/sns/jscode2session',
      query: { appid: MP.appId, secret: MP.appSecret, js_code: 'mp-good', grant_type: 'authorization_code' },
    });
  });

  it.each([
    ['used', 'INVALID_CODE'],
    ['bad', 'INVALID_CODE'],
    ['risky', 'RISKY_USER'],
    ['limited', 'RATE_LIMITED'],
    ['snapshot', 'SNAPSHOT_USER'],
  ])('answers WeChat’s %s as the refusal %s', async (code, reason) => {
    const result = await createWechatAuthProvider({ config }).exchangeCode({ kind: 'wx-oa', code });
    expect(result).toMatchObject({ ok: false, reason });
  });

  it.each(['busy', 'secret', 'html', 'http500', 'noopenid', 'slow'])('throws SERVICE_UNAVAILABLE for %s, never naming the secret', async (code) => {
    const error = await createWechatAuthProvider({ config })
      .exchangeCode({ kind: 'wx-oa', code })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorCode).toBe('SERVICE_UNAVAILABLE');
    expect((error as AppError).message).not.toContain(OA.appSecret);
  });

  it('refuses a kind this deployment has no app for, without calling WeChat', async () => {
    const before = fake.requests.length;
    const result = await createWechatAuthProvider({ config: { ...config, miniProgram: undefined } }).exchangeCode({ kind: 'wx-mp', code: 'mp-good' });
    expect(result).toMatchObject({ ok: false, reason: 'NOT_CONFIGURED' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('the mock WeChat login', () => {
  const config = loadConfig({ APP_ENV: 'test' }).wechatAuth;
  const now = () => new Date();

  it('gives the same pretend account the same openid per app, and codes are single-use', async () => {
    const provider = createMockWechatAuthProvider({ config, now });
    const first = await provider.exchangeCode({ kind: 'wx-oa', code: issueMockCode('alice') });
    const again = await provider.exchangeCode({ kind: 'wx-oa', code: issueMockCode('alice') });
    const bob = await provider.exchangeCode({ kind: 'wx-oa', code: issueMockCode('bob') });
    const inMiniProgram = await provider.exchangeCode({ kind: 'wx-mp', code: issueMockCode('alice') });
    expect(first).toEqual({ ok: true, identity: { appId: MOCK_WECHAT_APP_IDS.officialAccount, openid: mockOpenid(MOCK_WECHAT_APP_IDS.officialAccount, 'alice'), unionid: null } });
    expect(again).toEqual(first);
    expect(bob.ok && first.ok && bob.identity.openid !== first.identity.openid).toBe(true);
    expect(inMiniProgram.ok && first.ok && inMiniProgram.identity.openid !== first.identity.openid).toBe(true);
    expect(first.ok && first.identity.openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);

    const code = issueMockCode('carol');
    expect((await provider.exchangeCode({ kind: 'wx-oa', code })).ok).toBe(true);
    expect(await provider.exchangeCode({ kind: 'wx-oa', code })).toMatchObject({ ok: false, reason: 'INVALID_CODE' });
  });

  it('refuses malformed codes and plays WeChat’s refusals for the special accounts', async () => {
    const provider = createMockWechatAuthProvider({ config, now });
    for (const code of ['', 'no-dot', 'a.b', 'a b.cdef', `${'x'.repeat(65)}.abcd`]) {
      expect(await provider.exchangeCode({ kind: 'wx-oa', code })).toMatchObject({ ok: false, reason: 'INVALID_CODE' });
    }
    expect(await provider.exchangeCode({ kind: 'wx-oa', code: issueMockCode(MOCK_REFUSED_USERS.snapshot) })).toMatchObject({ ok: false, reason: 'SNAPSHOT_USER' });
    expect(await provider.exchangeCode({ kind: 'wx-mp', code: issueMockCode(MOCK_REFUSED_USERS.risky) })).toMatchObject({ ok: false, reason: 'RISKY_USER' });
    expect(() => issueMockCode('has.dot')).toThrow(RangeError);
  });
});

describe('WeChat login configuration', () => {
  const expectConfigError = (env: Record<string, string>, text: string) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  };

  it('defaults to the mock with the local authorization page outside production, and to off in production', () => {
    const dev = loadConfig({ APP_ENV: 'dev' }).wechatAuth;
    expect(dev).toMatchObject({ provider: 'mock', authorizeUrl: '/mock-wechat/connect/oauth2/authorize', tokenTtlSeconds: 24 * 3600, apiBaseUrl: 'https://api.weixin.qq.com' });
    expect(dev.officialAccount?.appId).toBe(MOCK_WECHAT_APP_IDS.officialAccount);
    const alipay = generateAlipayKeys();
    const prod = {
      ...PRODUCTION_SETTINGS,
      // Production refuses the sandbox: a real provider is configured.
      PAYMENT_PROVIDERS: 'alipay',
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_APP_PRIVATE_KEY: alipay.appPrivateKeyPem,
      ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem,
    };
    expect(loadConfig(prod).wechatAuth).toMatchObject({ provider: 'none', officialAccount: undefined, miniProgram: undefined });
    expectConfigError({ ...prod, WECHAT_AUTH_PROVIDER: 'mock' }, 'not allowed in production');
  });

  it('needs the official account’s id and secret for the real provider, as a pair, and matching WeChat Pay’s appid', () => {
    expectConfigError({ WECHAT_AUTH_PROVIDER: 'wechat' }, 'WECHAT_OA_APP_ID, WECHAT_OA_APP_SECRET: required');
    expectConfigError({ WECHAT_AUTH_PROVIDER: 'wechat', WECHAT_OA_APP_ID: OA.appId }, 'WECHAT_OA_APP_SECRET: required together with WECHAT_OA_APP_ID');
    expectConfigError({ WECHAT_AUTH_PROVIDER: 'wechat', WECHAT_OA_APP_ID: OA.appId, WECHAT_OA_APP_SECRET: OA.appSecret, WECHAT_MP_APP_SECRET: MP.appSecret }, 'WECHAT_MP_APP_ID: required');
    expectConfigError({ WECHAT_AUTH_PROVIDER: 'sso' }, 'WECHAT_AUTH_PROVIDER');
    expectConfigError({ WECHAT_OAUTH_AUTHORIZE_URL: 'open.weixin.qq.com/x' }, 'WECHAT_OAUTH_AUTHORIZE_URL');
    const real = loadConfig({ WECHAT_AUTH_PROVIDER: 'wechat', WECHAT_OA_APP_ID: OA.appId, WECHAT_OA_APP_SECRET: OA.appSecret, WECHAT_API_BASE_URL: 'http://127.0.0.1:9/', USER_TOKEN_TTL_HOURS: '2' }).wechatAuth;
    expect(real).toMatchObject({ provider: 'wechat', officialAccount: OA, miniProgram: undefined, apiBaseUrl: 'http://127.0.0.1:9', authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize', tokenTtlSeconds: 7200 });
  });
});
