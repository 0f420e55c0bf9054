import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildMiniProgramPayHandoff, MINI_PROGRAM_HOME_PAGE, NOTICES, PAYMENT_CONFIRMING, signRequest } from '@kuaibao/domain';
import { aes128CbcDecrypt, decryptEnvelopeData } from './aes-cbc.ts';
import { createFakeWx, type FakeWxOptions } from './fake-wx.test-support.ts';
import { createHostApi, HOST_STORAGE, type HostApiConfig } from './host-api.ts';
import { keepPostedToken, loginAndOpenUrl, RETURN_PATH_KEY, takeReturnPath, webViewUrl } from './login-flow.ts';
import { HANDOFF_INVALID, leavePayPage, payHandedOffOrder, requestPaymentOutcome } from './pay-flow.ts';

const CONFIG: HostApiConfig = { baseUrl: 'https://kuaibao.example.com', signSecret: 'test-sign-secret', aesKey: '00112233445566778899aabbccddeeff' };

/** The JSAPI parameters as our API writes them into payParam. */
const PARAMS = { appId: 'wxmini0000000001', timeStamp: '1767225600', nonceStr: 'n0nce5tr1ng', package: 'prepay_id=wx201410272009395522657a690389285100', signType: 'RSA', paySign: 'c2lnbmF0dXJl' };

function encryptLikeTheApi(value: unknown, keyHex: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keyHex, 'hex'), iv);
  return Buffer.concat([iv, cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]).toString('base64');
}

function handoffData(payParam = JSON.stringify(PARAMS), orderId = 'KBORDER123'): string {
  const handoff = buildMiniProgramPayHandoff(
    { orderId, payFee: 69900, payParam },
    { goods_id: '2', pay_type: 'weixin', pay_source: 'jsapi', entity_name: '上海某某科技有限公司', entity_id: '91310000MA1FL0000X', entity_legal: '张三', entity_phone: '13812345678' },
  );
  return Buffer.from(JSON.stringify(handoff), 'utf8').toString('base64');
}

/**
 * Our API as far as the host sees it: checks the signature the way the server does (the query
 * pairs without the signature, the shared secret) and answers the order's status, encrypted.
 */
function fakeApi(statuses: string[], options: { failWith?: { code: number; msg: string } } = {}): FakeWxOptions['respond'] {
  let index = 0;
  return async ({ url }) => {
    const parsed = new URL(url);
    const query = Object.fromEntries(parsed.searchParams);
    if (signRequest({ query, secret: CONFIG.signSecret }) !== query.signature) return { statusCode: 401, data: { code: 40101, msg: '签名错误' } };
    if (parsed.pathname !== '/api/h5/order/detail') return { statusCode: 404, data: { code: 40400, msg: 'not found' } };
    if (options.failWith) return { statusCode: 400, data: options.failWith };
    const status = statuses[Math.min(index++, statuses.length - 1)]!;
    return { statusCode: 200, data: { code: 0, msg: 'ok', data: encryptLikeTheApi({ access: 'masked', id: query.id, status }, CONFIG.aesKey), encrypt: true } };
  };
}

function host(options: Omit<FakeWxOptions, 'respond'> & { statuses?: string[]; respond?: FakeWxOptions['respond'] }) {
  const wx = createFakeWx({ respond: fakeApi(options.statuses ?? ['1', '2']), ...options });
  const api = createHostApi({ wx, config: CONFIG, now: () => 1_767_225_600_000 });
  return { wx, api, deps: { wx, api, sleep: async () => undefined } };
}

describe('AES-128-CBC of the API answers', () => {
  it('decrypts what Node encrypts, for every padding length', () => {
    for (let length = 0; length <= 40; length++) {
      const key = randomBytes(16);
      const iv = randomBytes(16);
      const plain = randomBytes(length);
      const cipher = createCipheriv('aes-128-cbc', key, iv);
      const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
      expect(Buffer.from(aes128CbcDecrypt(key, iv, encrypted))).toEqual(plain);
    }
  });

  it('reads an encrypted envelope of Chinese JSON, and refuses a wrong key', () => {
    const value = { status: '2', entity_name: '上海某某科技有限公司 🏢' };
    const data = encryptLikeTheApi(value, CONFIG.aesKey);
    expect(decryptEnvelopeData(data, CONFIG.aesKey)).toEqual(value);
    // A wrong key leaves garbage: almost always bad padding, else text or JSON that does not read.
    expect(() => decryptEnvelopeData(data, 'ffeeddccbbaa99887766554433221100')).toThrow(/bad padding|UTF-8|JSON|Unexpected/);
  });
});

describe('the entry page: login and token', () => {
  it('passes wx.login’s code to the web-view as mpCode', async () => {
    const { wx } = host({ loginCode: 'mp-code+1/=' });
    expect(await loginAndOpenUrl(wx, CONFIG.baseUrl)).toBe('https://kuaibao.example.com/?mpCode=mp-code%2B1%2F%3D');
    expect(await loginAndOpenUrl(wx, `${CONFIG.baseUrl}/`, '/success')).toBe('https://kuaibao.example.com/success?mpCode=mp-code%2B1%2F%3D');
  });

  it('opens the web-view without a code when wx.login fails, and never another site', async () => {
    const { wx } = host({ loginCode: null });
    expect(await loginAndOpenUrl(wx, CONFIG.baseUrl)).toBe('https://kuaibao.example.com/');
    expect(webViewUrl(CONFIG.baseUrl, '//evil.example/x')).toBe('https://kuaibao.example.com/');
    expect(webViewUrl(CONFIG.baseUrl, 'https://evil.example')).toBe('https://kuaibao.example.com/');
  });

  it('keeps the last token the web-view posted and ignores anything else', () => {
    const { wx } = host({});
    expect(keepPostedToken(wx, { data: [{ hello: 1 }, { token: 'x' }] })).toBe(false);
    expect(wx.storage.get(HOST_STORAGE.token)).toBeUndefined();
    const token = 'A'.repeat(43);
    expect(keepPostedToken(wx, { data: [{ token: 'B'.repeat(43) }, { token }] })).toBe(true);
    expect(wx.storage.get(HOST_STORAGE.token)).toBe(token);
  });
});

describe('the pay page', () => {
  it('pays with exactly the API’s parameters, confirms with our API and sends the web-view to the success page', async () => {
    const { wx, deps } = host({ statuses: ['1', '1', '2'] });
    const outcome = await payHandedOffOrder(deps, handoffData());
    expect(outcome).toEqual({ kind: 'paid', orderId: 'KBORDER123' });
    const { appId: _appId, ...sheet } = PARAMS;
    expect(wx.payments).toEqual([sheet]);
    // Asked before paying, then until paid; each request signed and about this order.
    expect(wx.requests).toHaveLength(3);
    for (const request of wx.requests) {
      const url = new URL(request.url);
      expect(url.origin + url.pathname).toBe('https://kuaibao.example.com/api/h5/order/detail');
      expect(url.searchParams.get('id')).toBe('KBORDER123');
      expect(request.header).toMatchObject({ 'x-platform': 'wx-mp', 'b-corp-id': '10006', 'x-host': 'kuaibao.example.com' });
    }
    leavePayPage(wx, MINI_PROGRAM_HOME_PAGE, outcome);
    expect(wx.navigation).toEqual(['navigateBack']);
    expect(wx.toasts).toEqual([NOTICES.PAYMENT_SUCCEEDED]);
    // The entry page, shown again, opens the success page once.
    expect(takeReturnPath(wx)).toBe('/success');
    expect(takeReturnPath(wx)).toBe('');
  });

  it('with no page to go back to, relaunches the entry page on the success path', async () => {
    const { wx, deps } = host({ canGoBack: false });
    leavePayPage(wx, MINI_PROGRAM_HOME_PAGE, await payHandedOffOrder(deps, handoffData()));
    expect(wx.navigation).toEqual(['navigateBack', 'reLaunch /pages/index/index?path=%2Fsuccess']);
  });

  it('cancel: back to /pay with 支付已取消, no success path', async () => {
    const { wx, deps } = host({ payAnswer: 'requestPayment:fail cancel', statuses: ['1'] });
    const outcome = await payHandedOffOrder(deps, handoffData());
    expect(outcome).toEqual({ kind: 'canceled', orderId: 'KBORDER123', message: NOTICES.PAYMENT_CANCELED });
    leavePayPage(wx, MINI_PROGRAM_HOME_PAGE, outcome);
    expect(wx.toasts).toEqual([NOTICES.PAYMENT_CANCELED]);
    expect(wx.navigation).toEqual(['navigateBack']);
    expect(wx.storage.get(RETURN_PATH_KEY)).toBeUndefined();
  });

  it('failure: back to /pay with 支付失败; a payment that raced the failure counts as paid', async () => {
    const failed = host({ payAnswer: 'requestPayment:fail 商户号与appid不匹配', statuses: ['1'] });
    expect(await payHandedOffOrder(failed.deps, handoffData())).toEqual({ kind: 'failed', orderId: 'KBORDER123', message: NOTICES.PAYMENT_FAILED });
    const raced = host({ payAnswer: 'requestPayment:fail cancel', statuses: ['1', '2'] });
    expect((await payHandedOffOrder(raced.deps, handoffData())).kind).toBe('paid');
  });

  it('WeChat says ok but the order stays unpaid: no success claimed', async () => {
    const { wx, deps } = host({ statuses: ['1'] });
    const outcome = await payHandedOffOrder({ ...deps, confirmTries: 3 }, handoffData());
    expect(outcome).toEqual({ kind: 'unconfirmed', orderId: 'KBORDER123', message: PAYMENT_CONFIRMING });
    expect(wx.requests).toHaveLength(4);
    leavePayPage(wx, MINI_PROGRAM_HOME_PAGE, outcome);
    expect(wx.storage.get(RETURN_PATH_KEY)).toBeUndefined();
  });

  it('an API error before paying: no payment sheet, the API’s words; an unreachable API: the network words', async () => {
    const refused = host({ respond: fakeApi([], { failWith: { code: 40401, msg: '订单不存在' } }) });
    expect(await payHandedOffOrder(refused.deps, handoffData())).toEqual({ kind: 'failed', orderId: 'KBORDER123', message: '订单不存在' });
    expect(refused.wx.payments).toEqual([]);
    const down = host({ respond: async () => Promise.reject(new Error('ECONNREFUSED')) });
    expect((await payHandedOffOrder(down.deps, handoffData())).kind).toBe('failed');
    expect(down.wx.payments).toEqual([]);
  });

  it('an order already paid is not paid again', async () => {
    const { wx, deps } = host({ statuses: ['2'] });
    expect(await payHandedOffOrder(deps, handoffData())).toEqual({ kind: 'paid', orderId: 'KBORDER123' });
    expect(wx.payments).toEqual([]);
  });

  it('a hand-off that cannot be read, or parameters missing a field, pays nothing', async () => {
    const { wx, deps } = host({});
    expect(await payHandedOffOrder(deps, undefined)).toMatchObject({ kind: 'failed', message: HANDOFF_INVALID });
    expect(await payHandedOffOrder(deps, 'not base64 json!')).toMatchObject({ kind: 'failed', message: HANDOFF_INVALID });
    const { paySign: _paySign, ...unsigned } = PARAMS;
    expect(await payHandedOffOrder(deps, handoffData(JSON.stringify(unsigned)))).toMatchObject({ kind: 'failed', orderId: 'KBORDER123' });
    expect(wx.payments).toEqual([]);
    expect(wx.requests).toEqual([]);
  });

  it('the token the web-view posted goes with the next payment’s calls', async () => {
    const { wx, deps } = host({});
    await payHandedOffOrder(deps, handoffData());
    expect(wx.requests.every((request) => !('x-token' in request.header))).toBe(true);
    const token = 'T'.repeat(43);
    keepPostedToken(wx, { data: [{ token }] });
    wx.requests.length = 0;
    await payHandedOffOrder(deps, handoffData());
    expect(wx.requests.length).toBeGreaterThan(0);
    expect(wx.requests.every((request) => request.header['x-token'] === token)).toBe(true);
    // One device id for every call of this install.
    expect(new Set(wx.requests.map((request) => request.header['x-device-id'])).size).toBe(1);
  });

  it('reads wx.requestPayment’s answers', () => {
    expect(requestPaymentOutcome('requestPayment:ok')).toBe('ok');
    expect(requestPaymentOutcome('requestPayment:fail cancel')).toBe('cancel');
    expect(requestPaymentOutcome('requestPayment:fail:cancel')).toBe('cancel');
    expect(requestPaymentOutcome('requestPayment:fail (detail message)')).toBe('fail');
    expect(requestPaymentOutcome(undefined)).toBe('fail');
  });
});
