import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { setCorpEndpoints } from './api/endpoints.ts';
import { CONFIG, GOODS, installFakeServer, type FakeCall, type Responder } from './test/harness.tsx';
import { returnAddress, startCorp, startMiniProgramLogin, type CorpNavigator } from './wechat-startup.ts';

const ORIGIN = 'https://kb.example';

function corpNavigator(path: string, search = '') {
  const log = { replaced: [] as string[], reloaded: [] as string[], left: [] as string[], hashDropped: 0, paramsDropped: 0 };
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
    dropOAuthParams: () => {
      log.paramsDropped += 1;
    },
  };
  return { nav, log };
}

const CORP_INIT = { goods: GOODS, token: '', appid: 'wxofficial0001', package: '', config: CONFIG, prev_info: null, authorize_url: '/mock-wechat/connect/oauth2/authorize' };

/**
 * A fake API that binds states like the real one (decision 013): each POST /api/corp/user/oauth-state
 * issues a new state and "sets the cookie" for it (the browser keeps one); a wx-oa login succeeds
 * only with the cookie's state, and uses the cookie up.
 */
function server(overrides: Record<string, ReturnType<Responder>> = {}) {
  const browser = { cookie: null as string | null, issued: 0 };
  const respond: Responder = (call: FakeCall) => {
    if (call.path in overrides) return overrides[call.path];
    if (call.path === '/api/corp') return { code: 0, data: CORP_INIT };
    if (call.path === '/api/user/config') return { code: 0, data: CONFIG };
    if (call.path === '/api/corp/user/oauth-state') {
      browser.issued += 1;
      browser.cookie = `state${browser.issued}`;
      return { code: 0, data: { state: browser.cookie, expire_time: '' } };
    }
    if (call.path === '/api/corp/user/login' || call.path === '/api/h5/user/login') {
      const weixin = (call.body as { weixin: { code: string; code_type: string; state?: string } }).weixin;
      if (weixin.code_type === 'wx-oa') {
        const bound = browser.cookie !== null && weixin.state === browser.cookie;
        browser.cookie = null;
        if (!bound) return { code: STATE_INVALID.code, msg: STATE_INVALID.message };
      }
      return { code: 0, data: { token: `tok-${weixin.code}`, expire_time: '' } };
    }
    if (call.path === '/env') return { code: 0, data: { env: 'test', version: '1', payment_providers: [], time: '' } };
    return undefined;
  };
  return { respond, browser };
}

const STATE_INVALID = ERROR_CATALOG.WECHAT_STATE_INVALID;
const loginCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/corp/user/login');

/** Follows the authorization address the way WeChat does: back to redirect_uri with a code and the state. */
function returnFromWeChat(left: string, code: string): string {
  const target = new URL(left, ORIGIN);
  return `?code=${code}&state=${target.searchParams.get('state')}`;
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

describe('corp start-up (docs/product/orders-and-statuses.md#start-up step 8)', () => {
  it('without a code: the corp init, a state from the server, then off to the authorization page with this address (minus code and state) as the return', async () => {
    const calls = installFakeServer(server().respond);
    const { nav, log } = corpNavigator('/order', '?tab=1');
    await expect(startCorp(nav)).resolves.toBe('reload');
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf('/api/corp')).toBeLessThan(paths.indexOf('/api/corp/user/oauth-state'));
    expect(calls.find((c) => c.path === '/api/corp/user/oauth-state')!.method).toBe('POST');
    expect(loginCalls(calls)).toEqual([]);
    expect(log.left).toHaveLength(1);
    const target = new URL(log.left[0]!, ORIGIN);
    expect(target.pathname).toBe('/mock-wechat/connect/oauth2/authorize');
    expect(target.searchParams.get('appid')).toBe('wxofficial0001');
    expect(target.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/corp/order?tab=1`);
    expect(target.searchParams.get('scope')).toBe('snsapi_base');
    expect(target.searchParams.get('state')).toBe('state1');
    expect(target.hash).toBe('#wechat_redirect');
    // The tab keeps no state of its own: the server's cookie is the only binding.
    expect(sessionStorage.getItem('oauthState')).toBeNull();
  });

  it('back from WeChat with a code: logs in with code_type wx-oa and the state that came back, stores code and token', async () => {
    const fake = server();
    installFakeServer(fake.respond);
    const first = corpNavigator('/', '');
    await startCorp(first.nav);
    const calls = installFakeServer(fake.respond);
    const back = corpNavigator('/', returnFromWeChat(first.log.left[0]!, 'C1'));
    await expect(startCorp(back.nav)).resolves.toBe('ready');
    expect(loginCalls(calls).map((c) => c.body)).toEqual([{ login_type: 'weixin', weixin: { code: 'C1', code_type: 'wx-oa', state: 'state1' } }]);
    expect(localStorage.getItem('code')).toBe('C1');
    expect(localStorage.getItem('token')).toBe('tok-C1');
    expect(localStorage.getItem('authorizeUrl')).toBe('/mock-wechat/connect/oauth2/authorize');
    expect(back.log.left).toEqual([]);
    expect(back.log.hashDropped).toBe(1);
    expect(back.log.paramsDropped).toBe(1);
    expect(sessionStorage.getItem('oauthAttempts')).toBeNull();
  });

  it('a link carrying someone else’s code, opened in a fresh tab, does not log in: the server refuses it and the visitor authorizes as themselves', async () => {
    // Nothing stored in this tab (the weakness of the old check): the server's refusal is what counts.
    const fake = server();
    let calls = installFakeServer(fake.respond);
    const attack = corpNavigator('/', '?code=MALLORY&state=mallorystate');
    await expect(startCorp(attack.nav)).resolves.toBe('reload');
    expect(loginCalls(calls).map((c) => (c.body as { weixin: unknown }).weixin)).toEqual([{ code: 'MALLORY', code_type: 'wx-oa', state: 'mallorystate' }]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(attack.log.replaced).toEqual([]);
    expect(attack.log.left).toHaveLength(1);
    expect(new URL(attack.log.left[0]!, ORIGIN).searchParams.get('state')).toBe('state1');
    expect(new URL(attack.log.left[0]!, ORIGIN).searchParams.get('redirect_uri')).toBe(`${ORIGIN}/corp/`);

    // WeChat brings the visitor back with their own code: logged in as themselves.
    calls = installFakeServer(fake.respond);
    const back = corpNavigator('/', returnFromWeChat(attack.log.left[0]!, 'OWN'));
    await expect(startCorp(back.nav)).resolves.toBe('ready');
    expect(localStorage.getItem('token')).toBe('tok-OWN');
  });

  it('a code without a state or with a malformed one is still the server’s call (sent without state, refused, authorized again)', async () => {
    const calls = installFakeServer(server().respond);
    const { nav, log } = corpNavigator('/', '?code=C2&state=a-b');
    await expect(startCorp(nav)).resolves.toBe('reload');
    expect(loginCalls(calls).map((c) => (c.body as { weixin: unknown }).weixin)).toEqual([{ code: 'C2', code_type: 'wx-oa' }]);
    expect(log.left).toHaveLength(1);
  });

  it('a refused login authorizes again once; refused again, the error page with the reason, and no third trip', async () => {
    const fake = server({ '/api/corp/user/login': { code: STATE_INVALID.code, msg: STATE_INVALID.message } });
    installFakeServer(fake.respond);
    const first = corpNavigator('/', '');
    await expect(startCorp(first.nav)).resolves.toBe('reload');
    const back = corpNavigator('/', returnFromWeChat(first.log.left[0]!, 'R1'));
    await expect(startCorp(back.nav)).resolves.toBe('reload');
    expect(back.log.left).toHaveLength(1);
    const calls = installFakeServer(fake.respond);
    const again = corpNavigator('/', returnFromWeChat(back.log.left[0]!, 'R2'));
    await expect(startCorp(again.nav)).resolves.toBe('ready');
    expect(again.log.left).toEqual([]);
    expect(again.log.replaced).toEqual([`/error?code=${STATE_INVALID.code}`]);
    expect(calls.some((c) => c.path === '/api/corp/user/oauth-state')).toBe(false);
    expect(fake.browser.issued).toBe(2);
    // Given up: the next visit starts with a clean count.
    expect(sessionStorage.getItem('oauthAttempts')).toBeNull();
  });

  it('a spent code (WECHAT_CODE_INVALID) is retried the same way, once', async () => {
    const refused = { '/api/corp/user/login': { code: ERROR_CATALOG.WECHAT_CODE_INVALID.code, msg: ERROR_CATALOG.WECHAT_CODE_INVALID.message } };
    installFakeServer(server(refused).respond);
    const first = corpNavigator('/', '?code=BAD1&state=x1');
    await expect(startCorp(first.nav)).resolves.toBe('reload');
    installFakeServer(server(refused).respond);
    const second = corpNavigator('/', '?code=BAD2&state=x2');
    await expect(startCorp(second.nav)).resolves.toBe('reload');
    installFakeServer(server(refused).respond);
    const third = corpNavigator('/', '?code=BAD3&state=x3');
    await expect(startCorp(third.nav)).resolves.toBe('ready');
    expect(third.log.left).toEqual([]);
    expect(third.log.replaced).toEqual([`/error?code=${ERROR_CATALOG.WECHAT_CODE_INVALID.code}`]);
  });

  it('older attempts do not count against a new visit', async () => {
    sessionStorage.setItem('oauthAttempts', JSON.stringify([Date.now() - 61_000, Date.now() - 62_000]));
    installFakeServer(server().respond);
    const { nav, log } = corpNavigator('/', '');
    await expect(startCorp(nav)).resolves.toBe('reload');
    expect(log.left).toHaveLength(1);
  });

  it('when the server cannot issue a state: the error page, never an authorization without one', async () => {
    const calls = installFakeServer(server({ '/api/corp/user/oauth-state': { code: ERROR_CATALOG.INTERNAL.code, msg: ERROR_CATALOG.INTERNAL.message } }).respond);
    const { nav, log } = corpNavigator('/', '');
    await expect(startCorp(nav)).resolves.toBe('ready');
    expect(log.left).toEqual([]);
    expect(log.replaced).toEqual([`/error?code=${ERROR_CATALOG.INTERNAL.code}`]);
    expect(loginCalls(calls)).toEqual([]);
  });

  it('another refusal (not a code or state problem) goes to the error page without a retry', async () => {
    const refused = { '/api/corp/user/login': { code: ERROR_CATALOG.WECHAT_LOGIN_REFUSED.code, msg: ERROR_CATALOG.WECHAT_LOGIN_REFUSED.message } };
    installFakeServer(server(refused).respond);
    const { nav, log } = corpNavigator('/', '?code=C3&state=s');
    await expect(startCorp(nav)).resolves.toBe('ready');
    expect(log.left).toEqual([]);
    expect(log.replaced).toEqual([`/error?code=${ERROR_CATALOG.WECHAT_LOGIN_REFUSED.code}`]);
  });

  it('the stored code again (a reload) keeps the session without logging in; without a token it authorizes again', async () => {
    localStorage.setItem('code', 'C1');
    localStorage.setItem('token', 'tok-C1');
    let calls = installFakeServer(server().respond);
    let run = corpNavigator('/my', '?code=C1&state=x');
    await expect(startCorp(run.nav)).resolves.toBe('ready');
    expect(loginCalls(calls)).toEqual([]);

    localStorage.removeItem('token');
    calls = installFakeServer(server().respond);
    run = corpNavigator('/my', '?code=C1&state=x');
    await expect(startCorp(run.nav)).resolves.toBe('reload');
    expect(run.log.left).toHaveLength(1);
    expect(loginCalls(calls)).toEqual([]);
  });

  it('removes code and state from the address once used, and a reload in this tab keeps the session without them', async () => {
    const fake = server();
    installFakeServer(fake.respond);
    const first = corpNavigator('/order', '?tab=3');
    await startCorp(first.nav);
    const back = corpNavigator('/order', returnFromWeChat(first.log.left[0]!, 'C7'));
    await expect(startCorp(back.nav)).resolves.toBe('ready');
    expect(localStorage.getItem('token')).toBe('tok-C7');
    expect(back.log.paramsDropped).toBe(1);
    expect(sessionStorage.getItem('oauthLoggedIn')).toBe('true');

    // The reload of the cleaned address: no code, this tab logged in, the token kept.
    const calls = installFakeServer(fake.respond);
    let run = corpNavigator('/order', '?tab=3');
    await expect(startCorp(run.nav)).resolves.toBe('ready');
    expect(run.log.left).toEqual([]);
    expect(loginCalls(calls)).toEqual([]);

    // Another tab (no marker) with no code authorizes as before.
    sessionStorage.clear();
    run = corpNavigator('/order', '?tab=3');
    await expect(startCorp(run.nav)).resolves.toBe('reload');
    expect(run.log.left).toHaveLength(1);
  });

  it('after the login, a stored paid order goes to /success', async () => {
    localStorage.setItem('orderId', 'o-9');
    const fake = server({ '/api/corp/order/detail': { code: 0, data: { id: 'o-9', status: '2' } } });
    installFakeServer(fake.respond);
    const first = corpNavigator('/', '');
    await startCorp(first.nav);
    const calls = installFakeServer(fake.respond);
    const { nav, log } = corpNavigator('/', returnFromWeChat(first.log.left[0]!, 'C9'));
    await expect(startCorp(nav)).resolves.toBe('ready');
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf('/api/corp/user/login')).toBeLessThan(paths.indexOf('/api/corp/order/detail'));
    expect(log.replaced).toEqual(['/success']);
  });

  it('builds the return address without code, state or fragment', () => {
    expect(returnAddress('https://kb.example/corp/order?tab=1&code=C&state=S#wechat_redirect')).toBe('https://kb.example/corp/order?tab=1');
  });
});

describe('mini-program start-up (docs/product/orders-and-statuses.md#start-up step 7)', () => {
  it('exchanges a new mpCode for a token once, posts it to the host, and stores corpId 10006', async () => {
    setCorpEndpoints(false);
    const bridged: unknown[] = [];
    const win = window as unknown as { WeixinJSBridge?: unknown };
    win.WeixinJSBridge = { invoke: (name: string, params: unknown) => bridged.push([name, params]) };
    const calls = installFakeServer(server().respond);
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
