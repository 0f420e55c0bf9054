import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { AppError } from '@kuaibao/domain';
import { loadConfig, type WechatpayConfig } from '../../../config.ts';
import type { CreatePaymentInput, PaymentProvider } from '../port.ts';
import { startFakeWechatpayGateway, type FakeWechatpayGateway } from '@kuaibao/testing';
import { notificationMessage, paySignMessage, rsaSign } from './wechatpay-crypto.ts';
import { createWechatpayProvider, mapTradeState } from './wechatpay.provider.ts';

const NOTIFY_URL = 'https://kuaibao.test/api/pay/notify/wechat';

describe('WeChat Pay message formats (documentation examples)', () => {
  it('builds the JSAPI paySign message of the bridge example', () => {
    expect(paySignMessage('wx8888888888888888', '1414561699', '5K8264ILTKCH16CQ2502SI8ZNMTM67VS', 'prepay_id=wx201410272009395522657a690389285100')).toBe(
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n',
    );
  });
  it('agrees with the library on the response and notification message', () => {
    expect(notificationMessage('1554208460', 'abc', '{"a":1}')).toBe(Formatter.response('1554208460', 'abc', '{"a":1}'));
    expect(notificationMessage('1554208460', 'abc', '')).toBe('1554208460\nabc\n\n');
  });
  it('maps trade states', () => {
    expect(['SUCCESS', 'REFUND', 'NOTPAY', 'USERPAYING', 'CLOSED', 'REVOKED', 'PAYERROR'].map(mapTradeState)).toEqual(['PAID', 'REFUNDED', 'PENDING', 'PENDING', 'CLOSED', 'CLOSED', 'CLOSED']);
  });
});

describe('WeChat Pay adapter against the fake gateway', () => {
  let fake: FakeWechatpayGateway;
  let config: WechatpayConfig;
  let provider: PaymentProvider;
  let clock: Date;
  let sequence = 0;

  const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    outTradeNo: `KB2026112100000${String(++sequence).padStart(4, '0')}P01`,
    payType: 'weixin',
    paySource: 'native',
    amountFen: 19900,
    description: '营业执照年报-北京字节跳动科技有限公司',
    expiresAt: new Date(clock.getTime() + 30 * 60_000),
    notifyBaseUrl: 'https://ignored.example',
    clientIp: '203.0.113.7',
    ...overrides,
  });

  async function paidTrade(): Promise<string> {
    const created = input();
    await provider.createPayment(created);
    fake.pay(created.outTradeNo);
    return created.outTradeNo;
  }

  beforeAll(async () => {
    fake = await startFakeWechatpayGateway({ now: () => clock, requireHttpsNotify: true });
    config = loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'wechatpay', NOTIFY_BASE_URL: 'https://kuaibao.test', ...fake.env(), WECHATPAY_TIMEOUT_MS: '400' }).payment.wechatpay!;
  });
  beforeEach(() => {
    clock = new Date();
    provider = createWechatpayProvider({ config, notifyUrl: NOTIFY_URL, now: () => clock });
  });
  afterAll(async () => {
    await fake.close();
  });

  describe('creating payments', () => {
    it('creates a native payment; the fake verified our request signature and fields', async () => {
      const request = input({ expiresAt: new Date('2026-01-02T03:34:05.678Z') });
      const result = await provider.createPayment(request);
      expect(result).toMatchObject({ ok: true, kind: 'qr' });
      expect(result.ok && result.kind === 'qr' && result.content).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', verified: true, status: 200 });
      const body = JSON.parse(sent.body);
      expect(body).toMatchObject({ appid: fake.keys.appId, mchid: fake.keys.mchId, out_trade_no: request.outTradeNo, notify_url: NOTIFY_URL, amount: { total: 19900, currency: 'CNY' } });
      // Beijing wall clock with its offset, no fraction.
      expect(body.time_expire).toBe('2026-01-02T11:34:05+08:00');
    });

    it('answers the same code_url when the same request is repeated', async () => {
      const request = input();
      const first = await provider.createPayment(request);
      const second = await provider.createPayment(request);
      expect(second).toEqual(first);
      expect(fake.trades.get(request.outTradeNo)?.trade_type).toBe('NATIVE');
    });

    it('refuses a reused number with other parameters as an invalid request', async () => {
      const request = input();
      await provider.createPayment(request);
      const result = await provider.createPayment({ ...request, amountFen: 100 });
      expect(result).toEqual({ ok: false, reason: 'INVALID_REQUEST', message: expect.stringContaining('OUT_TRADE_NO_USED') });
    });

    it('creates an h5 payment with the payer IP and returns to our page', async () => {
      const request = input({ paySource: 'h5', returnUrl: 'https://kuaibao.test/pay?x=1' });
      const result = await provider.createPayment(request);
      expect(result.ok && result.kind).toBe('redirect');
      const url = result.ok && result.kind === 'redirect' ? new URL(result.url) : undefined;
      expect(url?.hostname).toBe('wx.tenpay.com');
      expect(url?.searchParams.get('redirect_url')).toBe('https://kuaibao.test/pay?x=1');
      expect(JSON.parse(fake.requests.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    });

    it('creates a jsapi payment whose paySign verifies with the merchant key (checked by the library)', async () => {
      // The openid the official account's login gave this payer (WeChat knows which app issued it).
      const openid = fake.issueOpenid(fake.keys.appId, 'jsapi-payer');
      const result = await provider.createPayment(input({ paySource: 'jsapi', openid }));
      if (!result.ok || result.kind !== 'jsapi') throw new Error('expected jsapi params');
      const { params } = result;
      expect(params.appId).toBe(fake.keys.appId);
      expect(params.timeStamp).toBe(String(Math.floor(clock.getTime() / 1000)));
      expect(params.timeStamp).toMatch(/^\d{10}$/);
      expect(params.package).toMatch(/^prepay_id=wx\d+$/);
      expect(params.signType).toBe('RSA');
      const message = Formatter.joinedByLineFeed(params.appId, params.timeStamp, params.nonceStr, params.package);
      expect(Rsa.verify(message, params.paySign, fake.keys.merchantPublicKey)).toBe(true);
      expect(JSON.parse(fake.requests.at(-1)!.body).payer).toEqual({ openid });
    });

    it("creates a mini-program payment under the mini-program's appid, signed for it; WeChat refuses its openid under the official account's", async () => {
      const openid = fake.issueOpenid(fake.keys.miniProgramAppId, 'mp-payer');
      const result = await provider.createPayment(input({ paySource: 'jsapi', openid, openidApp: 'wx-mp' }));
      if (!result.ok || result.kind !== 'jsapi') throw new Error(`expected jsapi params, got ${JSON.stringify(result)}`);
      expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ appid: fake.keys.miniProgramAppId, payer: { openid } });
      expect(result.params.appId).toBe(fake.keys.miniProgramAppId);
      const message = Formatter.joinedByLineFeed(result.params.appId, result.params.timeStamp, result.params.nonceStr, result.params.package);
      expect(Rsa.verify(message, result.params.paySign, fake.keys.merchantPublicKey)).toBe(true);
      // The same openid sent as the official account's: WeChat's own refusal (HTTP 400 PARAM_ERROR).
      expect(await provider.createPayment(input({ paySource: 'jsapi', openid, outTradeNo: 'KB20261121MISMATCHP01' }))).toEqual({ ok: false, reason: 'INVALID_REQUEST', message: 'PARAM_ERROR: appid和openid不匹配' });
      expect(fake.requests.at(-1)!.status).toBe(400);
    });

    it('refuses a mini-program payment before calling WeChat when no mini-program appid is bound', async () => {
      const unbound = createWechatpayProvider({ config: { ...config, miniProgramAppId: undefined }, notifyUrl: NOTIFY_URL, now: () => clock });
      const before = fake.requests.length;
      expect(await unbound.createPayment(input({ paySource: 'jsapi', openid: fake.issueOpenid(fake.keys.miniProgramAppId, 'mp-unbound'), openidApp: 'wx-mp' }))).toMatchObject({ ok: false, reason: 'NOT_PERMITTED' });
      expect(fake.requests.length).toBe(before);
    });

    it('needs an openid for jsapi and an IP for h5 before calling WeChat', async () => {
      const before = fake.requests.length;
      expect(await provider.createPayment(input({ paySource: 'jsapi' }))).toMatchObject({ ok: false, reason: 'INVALID_REQUEST' });
      expect(await provider.createPayment(input({ paySource: 'h5', clientIp: undefined }))).toMatchObject({ ok: false, reason: 'INVALID_REQUEST' });
      expect(fake.requests.length).toBe(before);
    });

    it('is refused by the fake when signed with another merchant key', async () => {
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const impostor = createWechatpayProvider({ config: { ...config, merchantPrivateKey: stranger }, notifyUrl: NOTIFY_URL, now: () => clock });
      expect(await impostor.createPayment(input())).toEqual({ ok: false, reason: 'INVALID_REQUEST', message: expect.stringContaining('SIGN_ERROR') });
      expect(fake.requests.at(-1)).toMatchObject({ verified: false, status: 401 });
    });

    it.each([
      ['a 5xx', 'http500', 'PAYMENT_PROVIDER_UNAVAILABLE'],
      ['a timeout', 'timeout', 'PAYMENT_PROVIDER_TIMEOUT'],
      ['a wrongly signed answer', 'badSignature', 'PAYMENT_PROVIDER_BAD_RESPONSE'],
      ['an answer with a stale timestamp', 'staleTimestamp', 'PAYMENT_PROVIDER_BAD_RESPONSE'],
      ['an answer signed under an unknown serial', 'unknownSerial', 'PAYMENT_PROVIDER_BAD_RESPONSE'],
    ] as const)('throws on %s', async (_name, kind, code) => {
      fake.failNext({ path: /\/native$/, kind });
      const error = await provider.createPayment(input()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errorCode).toBe(code);
    });
  });

  describe('query and close', () => {
    it('follows a trade from unknown to pending to paid', async () => {
      const request = input();
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'weixin' })).toEqual({ state: 'NOT_FOUND' });
      await provider.createPayment(request);
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'weixin' })).toEqual({ state: 'PENDING' });
      const trade = fake.pay(request.outTradeNo);
      const paid = await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'weixin' });
      expect(paid).toEqual({ state: 'PAID', amountFen: 19900, currency: 'CNY', providerTxnId: trade.transaction_id, paidAt: new Date(Math.floor(clock.getTime() / 1000) * 1000) });
      expect(fake.requests.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/${request.outTradeNo}?mchid=${fake.keys.mchId}`);
    });

    it('closes an unpaid trade (204), reports a paid one, and knows no unknown one', async () => {
      const open = input();
      await provider.createPayment(open);
      expect(await provider.closePayment({ outTradeNo: open.outTradeNo, payType: 'weixin' })).toBe('CLOSED');
      expect(fake.requests.at(-1)!.status).toBe(204);
      expect(fake.trades.get(open.outTradeNo)?.trade_state).toBe('CLOSED');
      expect(await provider.queryPayment({ outTradeNo: open.outTradeNo, payType: 'weixin' })).toEqual({ state: 'CLOSED' });
      const paid = await paidTrade();
      expect(await provider.closePayment({ outTradeNo: paid, payType: 'weixin' })).toBe('ALREADY_PAID');
      expect(await provider.closePayment({ outTradeNo: 'KBNOSUCHTRADE01', payType: 'weixin' })).toBe('NOT_FOUND');
    });
  });

  describe('refunds', () => {
    it('refunds under one number: PROCESSING, then SUCCESS by query; a retry is the same refund', async () => {
      const outTradeNo = await paidTrade();
      const refundInput = { payType: 'weixin' as const, outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: '办理失败，全额退款' };
      const first = await provider.refund(refundInput);
      expect(first).toMatchObject({ ok: true, state: 'PROCESSING', succeededAt: null });
      const again = await provider.refund(refundInput);
      expect(again).toEqual(first);
      expect(fake.refunds.size).toBeGreaterThan(0);
      expect([...fake.refunds.values()].filter((r) => r.out_trade_no === outTradeNo)).toHaveLength(1);
      expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ notify_url: NOTIFY_URL, amount: { refund: 19900, total: 19900, currency: 'CNY' } });
      fake.settleRefund(`R${outTradeNo}`, 'SUCCESS');
      const settled = await provider.queryRefund({ payType: 'weixin', outTradeNo, outRefundNo: `R${outTradeNo}` });
      expect(settled).toMatchObject({ state: 'SUCCESS', providerRefundId: first.ok ? first.providerRefundId : null });
      expect(settled.state === 'SUCCESS' && settled.succeededAt).toBeInstanceOf(Date);
      expect(await provider.queryRefund({ payType: 'weixin', outTradeNo, outRefundNo: 'RNOSUCH' })).toEqual({ state: 'NOT_FOUND' });
    });

    it('surfaces ABNORMAL and a refusal', async () => {
      const outTradeNo = await paidTrade();
      fake.nextRefundStatus = 'ABNORMAL';
      try {
        expect(await provider.refund({ payType: 'weixin', outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: 'x' })).toMatchObject({ ok: true, state: 'ABNORMAL' });
      } finally {
        fake.nextRefundStatus = 'PROCESSING';
      }
      const unpaid = input();
      await provider.createPayment(unpaid);
      expect(await provider.refund({ payType: 'weixin', outTradeNo: unpaid.outTradeNo, outRefundNo: `R${unpaid.outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: 'x' })).toMatchObject({ ok: false, reason: 'REJECTED' });
    });
  });

  describe('partial refunds (decision 057)', () => {
    it('sends amount.refund below amount.total; the gateway keeps the refunded total and refuses more than is left', async () => {
      const outTradeNo = await paidTrade();
      const partial = { payType: 'weixin' as const, outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 5000, totalFen: 19900, reason: '已代缴部分费用' };
      expect(await provider.refund(partial)).toMatchObject({ ok: true, state: 'PROCESSING' });
      expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ out_refund_no: `R${outTradeNo}`, reason: '已代缴部分费用', amount: { refund: 5000, total: 19900, currency: 'CNY' } });
      expect(fake.refundedFen(outTradeNo)).toBe(5000);
      // WeChat: 申请退款金额超过订单可退金额 (INVALID_REQUEST) for a second refund beyond what is left.
      expect(await provider.refund({ ...partial, outRefundNo: `R${outTradeNo}B`, amountFen: 14901 })).toEqual({ ok: false, reason: 'REJECTED', code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
      expect(fake.refundedFen(outTradeNo)).toBe(5000);
      expect(await provider.refund({ ...partial, outRefundNo: `R${outTradeNo}C`, amountFen: 14900 })).toMatchObject({ ok: true });
      expect(await provider.refund({ ...partial, outRefundNo: `R${outTradeNo}D`, amountFen: 1 })).toMatchObject({ ok: false, code: 'INVALID_REQUEST', message: '订单已全额退款' });
    });
  });

  describe('notifications', () => {
    async function parse(notification: { headers: Record<string, string>; body: string }) {
      return provider.parseNotification({ headers: notification.headers, rawBody: notification.body });
    }

    it('verifies, decrypts and normalises a payment notification signed and encrypted by the library', async () => {
      const outTradeNo = await paidTrade();
      const result = await parse(fake.paymentNotification(outTradeNo, { eventId: 'EV-2018022511223320873' }));
      expect(result).toEqual({
        ok: true,
        event: { kind: 'payment', eventId: 'EV-2018022511223320873', outTradeNo, providerTxnId: fake.trades.get(outTradeNo)!.transaction_id, amountFen: 19900, currency: 'CNY', paidAt: expect.any(Date) },
      });
    });

    it('verifies the raw bytes: a re-serialised body fails', async () => {
      const notification = fake.paymentNotification(await paidTrade());
      const reserialised = JSON.stringify(JSON.parse(notification.body), null, 1);
      expect(await parse({ ...notification, body: reserialised })).toEqual({ ok: false, reason: 'bad signature' });
    });

    it.each([
      ['a forged signature', { signature: 'forged' as const }, 'bad signature'],
      ['a probe signature', { signature: 'probe' as const }, 'probe signature (WECHATPAY/SIGNTEST)'],
      ['an unknown serial', { serial: 'PUB_KEY_ID_0000000000000000000000000000' }, 'unknown Wechatpay-Serial PUB_KEY_ID_0000000000000000000000000000'],
      ['another merchant', { mchid: '1900000999' }, 'merchant mismatch 1900000999/wx8888888888888888'],
      ['another app', { appid: 'wx0000000000000000' }, 'merchant mismatch 1900000109/wx0000000000000000'],
    ])('rejects %s', async (_name, options, reason) => {
      expect(await parse(fake.paymentNotification(await paidTrade(), options))).toEqual({ ok: false, reason });
    });

    it('rejects timestamps more than 300 s away and accepts 299 s', async () => {
      const outTradeNo = await paidTrade();
      const nowSeconds = Math.floor(clock.getTime() / 1000);
      expect(await parse(fake.paymentNotification(outTradeNo, { timestamp: nowSeconds - 301 }))).toEqual({ ok: false, reason: 'timestamp outside ±300 s' });
      expect(await parse(fake.paymentNotification(outTradeNo, { timestamp: nowSeconds + 301 }))).toEqual({ ok: false, reason: 'timestamp outside ±300 s' });
      expect((await parse(fake.paymentNotification(outTradeNo, { timestamp: nowSeconds - 299 }))).ok).toBe(true);
    });

    it('rejects a resource it cannot decrypt and missing headers', async () => {
      const notification = fake.paymentNotification(await paidTrade());
      const wrongKey = createWechatpayProvider({ config: { ...config, apiV3Key: randomBytes(16).toString('hex') }, notifyUrl: NOTIFY_URL, now: () => clock });
      expect(await wrongKey.parseNotification({ headers: notification.headers, rawBody: notification.body })).toEqual({ ok: false, reason: 'resource does not decrypt' });
      const { 'wechatpay-serial': _serial, ...headers } = notification.headers;
      expect(await parse({ headers, body: notification.body })).toEqual({ ok: false, reason: 'missing Wechatpay-* headers' });
    });

    it('picks the key by Wechatpay-Serial: a platform certificate serial next to the public key id', async () => {
      const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const certSerial = '7132D72A03E93CDDF8C03BBD1F37EEDF12345678';
      const withCert = createWechatpayProvider({
        config: { ...config, verificationKeys: { ...config.verificationKeys, [certSerial]: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString() } },
        notifyUrl: NOTIFY_URL,
        now: () => clock,
      });
      const outTradeNo = await paidTrade();
      const trade = fake.trades.get(outTradeNo)!;
      const resource = JSON.stringify({ appid: config.appId, mchid: config.mchId, out_trade_no: outTradeNo, transaction_id: trade.transaction_id, trade_state: 'SUCCESS', success_time: trade.success_time, amount: { total: 19900, currency: 'CNY' } });
      const nonce = 'abcdefghijkl';
      const body = JSON.stringify({ id: 'EV-CERT-1', event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: Aes.AesGcm.encrypt(resource, config.apiV3Key, nonce, 'transaction'), associated_data: 'transaction', nonce, original_type: 'transaction' } });
      const timestamp = String(Math.floor(clock.getTime() / 1000));
      const headers = { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': 'n1', 'wechatpay-serial': certSerial, 'wechatpay-signature': rsaSign(notificationMessage(timestamp, 'n1', body), createPrivateKey(platform.privateKey.export({ type: 'pkcs8', format: 'pem' }))) };
      expect(await withCert.parseNotification({ headers, rawBody: body })).toMatchObject({ ok: true, event: { kind: 'payment', eventId: 'EV-CERT-1' } });
      // The same message under the public key id does not verify: the key follows the serial.
      expect(await withCert.parseNotification({ headers: { ...headers, 'wechatpay-serial': fake.keys.publicKeyId }, rawBody: body })).toEqual({ ok: false, reason: 'bad signature' });
    });

    it('normalises refund notifications', async () => {
      const outTradeNo = await paidTrade();
      await provider.refund({ payType: 'weixin', outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: 'x' });
      fake.settleRefund(`R${outTradeNo}`, 'SUCCESS');
      expect(await parse(fake.refundNotification(`R${outTradeNo}`, { eventId: 'EV-R-1' }))).toMatchObject({
        ok: true,
        event: { kind: 'refund', eventId: 'EV-R-1', outTradeNo, outRefundNo: `R${outTradeNo}`, state: 'SUCCESS', refundFen: 19900 },
      });
      expect(await parse(fake.refundNotification(`R${outTradeNo}`, { mchid: '1900000999' }))).toEqual({ ok: false, reason: 'merchant mismatch 1900000999' });
    });

    it('answers 204, or 4xx/5xx with {"code":"FAIL"}', () => {
      expect(provider.acknowledge('accepted')).toEqual({ status: 204, contentType: 'application/json', body: '' });
      const rejected = provider.acknowledge('rejected');
      expect(rejected.status).toBe(400);
      expect(JSON.parse(rejected.body)).toEqual({ code: 'FAIL', message: '验签失败' });
      expect(provider.acknowledge('failed').status).toBe(500);
    });
  });
});
