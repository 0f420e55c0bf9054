import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { setCorpEndpoints } from './api/endpoints.ts';
import { CONFIG, GOODS, installFakeServer, type FakeCall, type Responder } from './test/harness.tsx';
import { returnAddress, startCorp, startMiniProgramLogin, type CorpNavigator } from './wechat-startup.ts';

const ORIGIN = 'https://kb.example';

function corpNavigator(path: string, search = '') {
  const log = { replaced: [] as string[], reloaded: [] as string[], left: [] as string[], hashDropped: 0 };
  const nav: CorpNavigator = {
    pathname: () => path,
    search: () => search,
    replace: (url) => log.replaced.push(url),
    reload: (url) => log.reloaded.push(url),
    href: () => `${ORIGIN}/corp${path}${search}#wechat_redirect`,
    leave: (url) => log.left.push(url),
    dropHash: () => {
      log.hashDropped += 1;
    },
  };
  return { nav, log };
}

const CORP_INIT = { goods: GOODS, token: '', appid: 'wxofficial0001', package: '', config: CONFIG, prev_info: null, authorize_url: '/mock-wechat/connect/oauth2/authorize' };

function server(overrides: Record<string, ReturnType<Responder>> = {}): Responder {
  return (call: FakeCall) => {
    if (call.path in overrides) return overrides[call.path];
    if (call.path === '/api/corp') return { code: 0, data: CORP_INIT };
    if (call.path === '/api/user/config') return { code: 0, data: CONFIG };
    if (call.path === '/api/corp/user/login' || call.path === '/api/h5/user/login') return { code: 0, data: { token: `tok-${String((call.body as { weixin: { code: string } }).weixin.code)}`, expire_time: '' } };
    if (call.path === '/env') return { code: 0, data: { env: 'test', version: '1', payment_providers: [], time: '' } };
    return undefined;
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setCorpEndpoints(true);
});
afterEach(() => {
  setCorpEndpoints(false);
  localStorage.clear();
  sessionStorage.clear();
});

describe('corp start-up (spec §4 step 8)', () => {
  it('without a code: the corp init, then off to the authorization page with this address (minus code and state) as the return', async () => {
    const calls = installFakeServer(server());
    const { nav, log } = corpNavigator('/order', '?tab=1');
    await expect(startCorp(nav)).resolves.toBe('reload');
    expect(calls.map((c) => c.path)).toContain('/api/corp');
    expect(calls.some((c) => c.path.endsWith('/login'))).toBe(false);
    expect(log.left).toHaveLength(1);
    const target = new URL(log.left[0]!, ORIGIN);
    expect(target.pathname).toBe('/mock-wechat/connect/oauth2/authorize');
    expect(target.searchParams.get('appid')).toBe('wxofficial0001');
    expect(target.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/corp/order?tab=1`);
    expect(target.searchParams.get('scope')).toBe('snsapi_base');
    expect(target.hash).toBe('#wechat_redirect');
    expect(target.searchParams.get('state')).toBe(JSON.parse(sessionStorage.getItem('oauthState')!));
  });

  it('with a new code and the state it sent: stores the code, logs in with code_type wx-oa, stores the token', async () => {
    sessionStorage.setItem('oauthState', JSON.stringify('abc123'));
    const calls = installFakeServer(server());
    const { nav, log } = corpNavigator('/', '?code=C1&state=abc123');
    await expect(startCorp(nav)).resolves.toBe('ready');
    const login = calls.find((c) => c.path === '/api/corp/user/login')!;
    expect(login.body).toEqual({ login_type: 'weixin', weixin: { code: 'C1', code_type: 'wx-oa' } });
    expect(localStorage.getItem('code')).toBe('C1');
    expect(localStorage.getItem('token')).toBe('tok-C1');
    expect(localStorage.getItem('authorizeUrl')).toBe('/mock-wechat/connect/oauth2/authorize');
    expect(log.left).toEqual([]);
    expect(log.hashDropped).toBe(1);
  });

  it('a code whose state is not the one sent is not used: authorize again', async () => {
    sessionStorage.setItem('oauthState', JSON.stringify('mine'));
    const calls = installFakeServer(server());
    const { nav, log } = corpNavigator('/', '?code=FOREIGN&state=theirs');
    await expect(startCorp(nav)).resolves.toBe('reload');
    expect(calls.some((c) => c.path === '/api/corp/user/login')).toBe(false);
    expect(localStorage.getItem('code')).toBeNull();
    expect(log.left).toHaveLength(1);
  });

  it('the stored code again (a reload) keeps the session without logging in; without a token it authorizes again', async () => {
    localStorage.setItem('code', 'C1');
    localStorage.setItem('token', 'tok-C1');
    let calls = installFakeServer(server());
    let run = corpNavigator('/my', '?code=C1&state=x');
    await expect(startCorp(run.nav)).resolves.toBe('ready');
    expect(calls.some((c) => c.path === '/api/corp/user/login')).toBe(false);

    localStorage.removeItem('token');
    calls = installFakeServer(server());
    run = corpNavigator('/my', '?code=C1&state=x');
    await expect(startCorp(run.nav)).resolves.toBe('reload');
    expect(run.log.left).toHaveLength(1);
  });

  it('a refused code authorizes again, at most three times a minute, then shows the error page', async () => {
    const refused = { '/api/corp/user/login': { code: ERROR_CATALOG.WECHAT_CODE_INVALID.code, msg: ERROR_CATALOG.WECHAT_CODE_INVALID.message } };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      installFakeServer(server(refused));
      const { nav, log } = corpNavigator('/', `?code=BAD${attempt}`);
      await expect(startCorp(nav)).resolves.toBe('reload');
      expect(log.left).toHaveLength(1);
    }
    installFakeServer(server(refused));
    const { nav, log } = corpNavigator('/', '?code=BAD4');
    await expect(startCorp(nav)).resolves.toBe('ready');
    expect(log.left).toEqual([]);
    expect(log.replaced).toEqual([`/error?msg=${encodeURIComponent(ERROR_CATALOG.WECHAT_CODE_INVALID.message)}`]);
  });

  it('after the login, a stored paid order goes to /success', async () => {
    localStorage.setItem('orderId', 'o-9');
    const calls = installFakeServer(server({ '/api/corp/order/detail': { code: 0, data: { id: 'o-9', status: '2' } } }));
    const { nav, log } = corpNavigator('/', '?code=C9');
    await expect(startCorp(nav)).resolves.toBe('ready');
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf('/api/corp/user/login')).toBeLessThan(paths.indexOf('/api/corp/order/detail'));
    expect(log.replaced).toEqual(['/success']);
  });

  it('builds the return address without code, state or fragment', () => {
    expect(returnAddress('https://kb.example/corp/order?tab=1&code=C&state=S#wechat_redirect')).toBe('https://kb.example/corp/order?tab=1');
  });
});

describe('mini-program start-up (spec §4 step 7)', () => {
  it('exchanges a new mpCode for a token once, posts it to the host, and stores corpId 10006', async () => {
    setCorpEndpoints(false);
    const bridged: unknown[] = [];
    const win = window as unknown as { WeixinJSBridge?: unknown };
    win.WeixinJSBridge = { invoke: (name: string, params: unknown) => bridged.push([name, params]) };
    const calls = installFakeServer(server());
    await startMiniProgramLogin('?mpCode=M1');
    delete win.WeixinJSBridge;
    expect(bridged).toEqual([['invokeMiniProgramAPI', { name: 'postMessage', arg: { token: 'tok-M1' } }]]);
    expect(localStorage.getItem('corpId')).toBe('10006');
    expect(localStorage.getItem('token')).toBe('tok-M1');
    expect(calls.find((c) => c.path === '/api/h5/user/login')!.body).toEqual({ login_type: 'weixin', weixin: { code: 'M1', code_type: 'wx-mp' } });
    await startMiniProgramLogin('?mpCode=M1');
    expect(calls.filter((c) => c.path === '/api/h5/user/login')).toHaveLength(1);
  });
});
