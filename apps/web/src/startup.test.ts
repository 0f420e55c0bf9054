import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer, seedStorage, CONFIG, GOODS, type FakeCall, type Responder } from './test/harness.tsx';
import { RequestError } from './api/client.ts';
import { errorUrl, parseEntryPath, queryWithoutCode, startUp, type Navigator } from './startup.ts';
import { readPayUnfinished } from './storage.ts';

function fakeNavigator(pathname: string, search = '') {
  const log: { replaced: string[]; reloaded: string[] } = { replaced: [], reloaded: [] };
  const nav: Navigator = {
    pathname: () => pathname,
    search: () => search,
    replace: (url) => log.replaced.push(url),
    reload: (url) => log.reloaded.push(url),
  };
  return { nav, log };
}

const INIT = { goods: GOODS, token: 'tok', appid: 'app', package: 'pkg', config: { ...CONFIG, service_weixin: undefined }, prev_info: null };

function server(overrides: Record<string, ReturnType<Responder>> = {}): Responder {
  return (call: FakeCall) => {
    if (call.path in overrides) return overrides[call.path];
    if (call.path === '/api/h5/corp') return { code: 0, data: INIT };
    if (call.path === '/api/user/config') return { code: 0, data: { ...CONFIG, service_weixin: undefined } };
    if (call.path === '/api/weixin/service') return { code: 0, data: { kf: { address: 'https://kf.example/1' } } };
    if (call.path === '/env') return { code: 0, data: { env: 'dev', version: '1', payment_providers: [], time: '' } };
    return undefined;
  };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('start-up (docs/product/orders-and-statuses.md)', () => {
  it('parses entry links and drops only code from the query', () => {
    expect(parseEntryPath('/h/abc')).toEqual({ key: 'linkId', id: 'abc' });
    expect(parseEntryPath('/s/42')).toEqual({ key: 'shareId', id: '42' });
    expect(parseEntryPath('/x/p/7')).toEqual({ key: 'prevId', id: '7' });
    expect(parseEntryPath('/pay')).toBeNull();
    expect(queryWithoutCode('?a=1&code=zz&b=2')).toBe('?a=1&b=2');
    expect(queryWithoutCode('?code=zz')).toBe('');
  });

  it('stays on /error without any call', async () => {
    const calls = installFakeServer(server());
    const { nav, log } = fakeNavigator('/error', '?code=50001');
    await expect(startUp(nav)).resolves.toBe('ready');
    expect(calls).toHaveLength(0);
    expect(log.replaced).toEqual([]);
  });

  it('an entry link stores its id, clears the other two and reloads at /', async () => {
    installFakeServer(server());
    localStorage.setItem('linkId', 'old');
    localStorage.setItem('prevId', 'old');
    const { nav, log } = fakeNavigator('/s/share-1', '?from=qr&code=abc');
    await expect(startUp(nav)).resolves.toBe('reload');
    expect(localStorage.getItem('shareId')).toBe('share-1');
    expect(localStorage.getItem('linkId')).toBeNull();
    expect(localStorage.getItem('prevId')).toBeNull();
    expect(log.reloaded).toEqual(['/?from=qr']);
  });

  it('keeps a link’s source for the tab (docs/decisions/059-prices-per-customer-kind-and-channel.md), and a later page without one keeps it', async () => {
    sessionStorage.clear();
    installFakeServer(server());
    await startUp(fakeNavigator('/', '?source=wechat-group').nav);
    expect(JSON.parse(sessionStorage.getItem('channel')!)).toBe('wechat-group');
    await startUp(fakeNavigator('/', '').nav);
    expect(JSON.parse(sessionStorage.getItem('channel')!)).toBe('wechat-group');
    sessionStorage.clear();
  });

  it('initialises: stores goods, config, token, appId, package, env and fetches the service address', async () => {
    const calls = installFakeServer(server());
    const { nav, log } = fakeNavigator('/', '?code=1&ref=x');
    await expect(startUp(nav)).resolves.toBe('ready');
    expect(log.replaced).toEqual([]);
    expect(JSON.parse(localStorage.getItem('goods')!)).toEqual(GOODS);
    expect(JSON.parse(localStorage.getItem('config')!).service_weixin).toBe('https://kf.example/1');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('appId')).toBe('app');
    expect(localStorage.getItem('package')).toBe('pkg');
    expect(localStorage.getItem('env')).toBe('dev');
    expect(localStorage.getItem('prevInfo')).toBeNull();
    const init = calls.find((call) => call.path === '/api/h5/corp')!;
    expect(init.query.ref).toBe('x');
    expect(init.query).not.toHaveProperty('code');
  });

  it("an init failure goes to /error?code= with the envelope's code, never its words", async () => {
    installFakeServer(server({ '/api/h5/corp': { code: 50301, msg: '服务暂不可用,请稍后再试' } }));
    const { nav, log } = fakeNavigator('/');
    await startUp(nav);
    expect(log.replaced).toEqual(['/error?code=50301']);
  });

  it('names a failure without an envelope code by its kind', () => {
    expect(errorUrl(new RequestError('请求超时，请稍后再试', 'timeout'))).toBe('/error?code=90005');
    expect(errorUrl(new RequestError('网络异常，请检查网络后重试', 'network'))).toBe('/error?code=90004');
    expect(errorUrl(new RequestError('数据解析失败，请稍后再试', 'decrypt'))).toBe('/error?code=90006');
    expect(errorUrl(new RequestError('系统繁忙，请稍后再试', 'http', 502))).toBe('/error?code=50001');
    expect(errorUrl(new Error('请添加客服微信 kb88888'))).toBe('/error?code=50001');
  });

  it('a stored paid order goes to /success; an unpaid one is forgotten; a failed fetch goes to /error', async () => {
    seedStorage();
    localStorage.setItem('orderId', 'o-2');
    localStorage.setItem('orderKey', 'key-of-o-2');
    installFakeServer(server({ '/api/h5/order/detail': { code: 0, data: { id: 'o-2', status: '2' } } }));
    let run = fakeNavigator('/pay');
    await startUp(run.nav);
    expect(run.log.replaced).toEqual(['/success']);
    expect(localStorage.getItem('orderId')).toBe('o-2');
    expect(localStorage.getItem('orderKey')).toBe('key-of-o-2');

    installFakeServer(server({ '/api/h5/order/detail': { code: 0, data: { id: 'o-2', status: '1' } } }));
    run = fakeNavigator('/pay');
    await startUp(run.nav);
    expect(run.log.replaced).toEqual(['/']);
    expect(localStorage.getItem('orderId')).toBeNull();
    expect(localStorage.getItem('orderKey')).toBeNull();
    // ...and the home is told that the payment was not finished (docs/product/orders-and-statuses.md#start-up).
    expect(readPayUnfinished()).toBe(true);

    localStorage.setItem('orderId', 'o-3');
    localStorage.setItem('orderKey', 'key-of-o-3');
    installFakeServer(server({ '/api/h5/order/detail': { code: 40402, msg: '订单不存在' } }));
    run = fakeNavigator('/');
    await startUp(run.nav);
    expect(run.log.replaced).toEqual(['/error?code=40402']);
    expect(localStorage.getItem('orderId')).toBeNull();
    expect(localStorage.getItem('orderKey')).toBeNull();
  });
});
