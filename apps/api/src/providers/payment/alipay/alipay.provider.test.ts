import { createSign } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@kuaibao/domain';
import { loadConfig, useShanghaiTimezone, type AlipayConfig } from '../../../config.ts';
import type { CreatePaymentInput, PaymentProvider } from '../port.ts';
import { shanghaiDateTime } from '../shanghai-time.ts';
import { alipaySigningString, startFakeAlipayGateway, type FakeAlipayGateway } from '@kuaibao/testing';
import { createAlipayProvider } from './alipay.provider.ts';

const NOTIFY_URL = 'https://kuaibao.test/api/pay/notify/alipay';

describe('Alipay notification canonical string (documentation example)', () => {
  it('sorts the parameters, drops sign and sign_type, joins raw values', () => {
    const params = {
      version: '1.0',
      trade_status: 'TRADE_SUCCESS',
      sign_type: 'RSA2',
      sign: 'ignored',
      app_id: '2015102700040153',
      charset: 'utf-8',
      gmt_close: '2016-07-19 14:10:46',
      buyer_id: '2088102116773037',
      body: '大乐透2.1',
    };
    expect(alipaySigningString(params, ['sign', 'sign_type'])).toBe(
      'app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });
});

describe('Alipay adapter against the fake gateway', () => {
  let fake: FakeAlipayGateway;
  let config: AlipayConfig;
  let provider: PaymentProvider;
  let clock: Date;
  let sequence = 0;

  const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    outTradeNo: `KB2026112100000${String(++sequence).padStart(4, '0')}P01`,
    payType: 'alipay',
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
    useShanghaiTimezone();
    fake = await startFakeAlipayGateway({ now: () => clock });
    config = loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'alipay', NOTIFY_BASE_URL: 'https://kuaibao.test', ...fake.env(), ALIPAY_TIMEOUT_MS: '400' }).payment.alipay!;
  });
  beforeEach(() => {
    clock = new Date();
    provider = createAlipayProvider({ config, notifyUrl: NOTIFY_URL, now: () => clock });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('runs the process in Beijing time, so the SDK stamps requests the way Alipay reads them', () => {
    expect(new Date().getTimezoneOffset()).toBe(-480);
  });

  describe('creating payments', () => {
    it('precreates a QR with a yuan string made from fen; the fake verified signature and timestamp', async () => {
      const request = input({ amountFen: 1, expiresAt: new Date('2026-01-02T03:34:05.678Z') });
      expect(await provider.createPayment(request)).toEqual({ ok: true, kind: 'qr', content: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'alipay.trade.precreate', verified: true });
      expect(sent.params.notify_url).toBe(NOTIFY_URL);
      expect(JSON.parse(sent.params.biz_content!)).toEqual({ out_trade_no: request.outTradeNo, total_amount: '0.01', subject: request.description, time_expire: '2026-01-02 11:34:05' });
    });

    it('builds a signed wap.pay redirect that the cashier accepts, returning to our page', async () => {
      const request = input({ paySource: 'h5', returnUrl: 'https://kuaibao.test/pay' });
      const result = await provider.createPayment(request);
      if (!result.ok || result.kind !== 'redirect') throw new Error('expected a redirect');
      const url = new URL(result.url);
      expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
      expect(url.searchParams.get('return_url')).toBe('https://kuaibao.test/pay');
      expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', quit_url: 'https://kuaibao.test/pay', total_amount: '199.00' });
      const cashier = await fetch(result.url);
      expect(cashier.status).toBe(200);
      expect(await cashier.text()).toContain('确认付款');
      expect(fake.requests.at(-1)).toMatchObject({ httpMethod: 'GET', verified: true });
    });

    it('offers page.pay as the desktop alternative', async () => {
      const desktop = createAlipayProvider({ config: { ...config, desktopProduct: 'page' }, notifyUrl: NOTIFY_URL, now: () => clock });
      const result = await desktop.createPayment(input());
      if (!result.ok || result.kind !== 'redirect') throw new Error('expected a redirect');
      expect(new URL(result.url).searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect((await fetch(result.url)).status).toBe(200);
    });

    it('reports a product that is not enabled, and refuses in-app payment', async () => {
      fake.failNext({ method: 'alipay.trade.precreate', kind: 'business', code: '40004', subCode: 'ACQ.ACCESS_FORBIDDEN', subMsg: '无权限使用接口' });
      expect(await provider.createPayment(input())).toMatchObject({ ok: false, reason: 'NOT_PERMITTED' });
      expect(await provider.createPayment(input({ paySource: 'jsapi' }))).toMatchObject({ ok: false, reason: 'NOT_PERMITTED' });
    });

    it.each([
      ['a 5xx', 'http500', 'PAYMENT_PROVIDER_UNAVAILABLE'],
      ['a timeout', 'timeout', 'PAYMENT_PROVIDER_TIMEOUT'],
      ['a wrongly signed answer', 'badSignature', 'PAYMENT_PROVIDER_BAD_RESPONSE'],
    ] as const)('throws on %s', async (_name, kind, code) => {
      fake.failNext({ method: 'alipay.trade.precreate', kind });
      const error = await provider.createPayment(input()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errorCode).toBe(code);
    });

    it('throws on a system error answer so the caller retries', async () => {
      fake.failNext({ method: 'alipay.trade.query', kind: 'business', code: '20000', subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统繁忙' });
      const error = await provider.queryPayment({ outTradeNo: 'KBX0000001', payType: 'alipay' }).catch((e: unknown) => e);
      expect((error as AppError).errorCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    });
  });

  describe('query and close', () => {
    it('does not know a precreate QR nobody scanned; then pending; then paid', async () => {
      const request = input();
      await provider.createPayment(request);
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toEqual({ state: 'NOT_FOUND' });
      expect(await provider.closePayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toBe('NOT_FOUND');
      fake.scan(request.outTradeNo);
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toEqual({ state: 'PENDING' });
      const trade = fake.pay(request.outTradeNo);
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toEqual({
        state: 'PAID',
        amountFen: 19900,
        currency: 'CNY',
        providerTxnId: trade.trade_no,
        paidAt: new Date(Math.floor(clock.getTime() / 1000) * 1000),
      });
      expect(await provider.closePayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toBe('ALREADY_PAID');
    });

    it('closes a scanned, unpaid trade', async () => {
      const request = input();
      await provider.createPayment(request);
      fake.scan(request.outTradeNo);
      expect(await provider.closePayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toBe('CLOSED');
      expect(await provider.queryPayment({ outTradeNo: request.outTradeNo, payType: 'alipay' })).toEqual({ state: 'CLOSED' });
    });
  });

  describe('refunds', () => {
    const refundOf = (outTradeNo: string) => ({ payType: 'alipay' as const, outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: '办理失败，全额退款' });

    it('refunds at once with fund_change Y; a retry under the same number moves no money', async () => {
      const outTradeNo = await paidTrade();
      expect(await provider.refund(refundOf(outTradeNo))).toMatchObject({ ok: true, state: 'SUCCESS' });
      expect(JSON.parse(fake.requests.at(-1)!.params.biz_content!)).toMatchObject({ refund_amount: '199.00', out_request_no: `R${outTradeNo}` });
      expect(await provider.refund(refundOf(outTradeNo))).toMatchObject({ ok: true, state: 'PROCESSING' });
      expect(await provider.queryRefund(refundOf(outTradeNo))).toMatchObject({ state: 'SUCCESS' });
      expect([...fake.refunds.values()].filter((r) => r.out_trade_no === outTradeNo)).toHaveLength(1);
    });

    it('confirms a fund_change N refund by query once it settles', async () => {
      const outTradeNo = await paidTrade();
      fake.nextRefundFundChange = 'N';
      try {
        expect(await provider.refund(refundOf(outTradeNo))).toMatchObject({ ok: true, state: 'PROCESSING' });
      } finally {
        fake.nextRefundFundChange = 'Y';
      }
      expect(await provider.queryRefund(refundOf(outTradeNo))).toEqual({ state: 'NOT_FOUND' });
      fake.settleRefund(`R${outTradeNo}`);
      expect(await provider.queryRefund(refundOf(outTradeNo))).toMatchObject({ state: 'SUCCESS' });
    });

    it('reports a refusal with its sub-code', async () => {
      const outTradeNo = await paidTrade();
      fake.failNext({ method: 'alipay.trade.refund', kind: 'business', code: '40004', subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' });
      expect(await provider.refund(refundOf(outTradeNo))).toEqual({ ok: false, reason: 'REJECTED', code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', message: '卖家余额不足' });
    });
  });

  describe('partial refunds (decision 057)', () => {
    it('sends refund_amount with out_request_no; the gateway refuses more than is left (ACQ.REASON_TRADE_REFUND_FEE_ERR) and keeps the trade paid', async () => {
      const outTradeNo = await paidTrade();
      const partial = { payType: 'alipay' as const, outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 5000, totalFen: 19900, reason: '已代缴部分费用' };
      expect(await provider.refund(partial)).toMatchObject({ ok: true, state: 'SUCCESS' });
      expect(JSON.parse(fake.requests.at(-1)!.params.biz_content!)).toMatchObject({ refund_amount: '50.00', out_request_no: `R${outTradeNo}`, refund_reason: '已代缴部分费用' });
      expect(fake.trades.get(outTradeNo)?.status).toBe('TRADE_SUCCESS');
      expect(await provider.queryRefund(partial)).toMatchObject({ state: 'SUCCESS' });
      expect(await provider.refund({ ...partial, outRefundNo: `R${outTradeNo}B`, amountFen: 14901 })).toEqual({ ok: false, reason: 'REJECTED', code: 'ACQ.REASON_TRADE_REFUND_FEE_ERR', message: '退款金额超限' });
      expect(await provider.refund({ ...partial, outRefundNo: `R${outTradeNo}C`, amountFen: 14900 })).toMatchObject({ ok: true, state: 'SUCCESS' });
      expect(fake.trades.get(outTradeNo)?.status).toBe('TRADE_CLOSED');
    });

    it('reads the TRADE_SUCCESS notification of a partial refund as a refund, not a payment', async () => {
      const outTradeNo = await paidTrade();
      await provider.refund({ payType: 'alipay', outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 5000, totalFen: 19900, reason: 'x' });
      const notification = fake.notification(outTradeNo, { refundOf: `R${outTradeNo}` });
      expect(notification.params).toMatchObject({ trade_status: 'TRADE_SUCCESS', refund_fee: '50.00', out_biz_no: `R${outTradeNo}` });
      expect(await provider.parseNotification({ headers: notification.headers, rawBody: notification.body })).toMatchObject({
        ok: true,
        event: { kind: 'refund', outTradeNo, outRefundNo: `R${outTradeNo}`, state: 'SUCCESS', refundFen: 5000 },
      });
    });
  });

  describe('notifications (checkNotifySignV2 over the form as received)', () => {
    async function parse(notification: { headers: Record<string, string>; body: string }) {
      return provider.parseNotification({ headers: notification.headers, rawBody: notification.body });
    }

    it('accepts a payment notification and reads the amount without floats', async () => {
      const outTradeNo = await paidTrade();
      const notification = fake.notification(outTradeNo, { notifyId: 'ac05099524730693a8b330c5ecf72da9786' });
      expect(await parse(notification)).toEqual({
        ok: true,
        event: { kind: 'payment', eventId: 'ac05099524730693a8b330c5ecf72da9786', outTradeNo, providerTxnId: fake.trades.get(outTradeNo)!.trade_no, amountFen: 19900, currency: 'CNY', paidAt: expect.any(Date) },
      });
    });

    it('verifies values with %, + and Chinese, where the old checkNotifySign fails', async () => {
      const outTradeNo = await paidTrade();
      const notification = fake.notification(outTradeNo, { subject: '年报 100% 代办+加急 &=?', body: '北京%E5字节+跳动 a+b=c' });
      expect(notification.body).toContain('%25');
      expect(notification.body).toContain('%2B');
      expect((await parse(notification)).ok).toBe(true);
      const sdk = new AlipaySdk({ appId: config.appId, privateKey: config.appPrivateKey.trim(), keyType: 'PKCS8', alipayPublicKey: config.alipayPublicKey.trim() });
      const params = Object.fromEntries(new URLSearchParams(notification.body));
      expect(sdk.checkNotifySignV2(params)).toBe(true);
      // The pitfall this avoids (docs/product/payments.md#alipay): decoding once more breaks on "%".
      expect(() => sdk.checkNotifySign(params)).toThrow(URIError);
    });

    it.each([
      ['a forged signature', { signature: 'forged' as const }, 'bad signature'],
      ['another app', { appId: '2021000000009999' }, 'app_id mismatch 2021000000009999'],
      ['another seller', { sellerId: '2088000000009999' }, 'seller_id mismatch 2088000000009999'],
    ])('rejects %s', async (_name, options, reason) => {
      expect(await parse(fake.notification(await paidTrade(), options))).toEqual({ ok: false, reason });
    });

    it('rejects a tampered amount and records an unreadable one as a mismatch', async () => {
      const outTradeNo = await paidTrade();
      const notification = fake.notification(outTradeNo);
      expect(await parse({ ...notification, body: notification.body.replace('total_amount=199.00', 'total_amount=1.00') })).toEqual({ ok: false, reason: 'bad signature' });
      expect(await parse(fake.notification(outTradeNo, { totalAmount: '199.001' }))).toMatchObject({ ok: true, event: { kind: 'payment', amountFen: -1 } });
    });

    it('reads TRADE_CLOSED after a full refund as a refund, without one as a close, and ignores WAIT_BUYER_PAY', async () => {
      const outTradeNo = await paidTrade();
      await provider.refund({ payType: 'alipay', outTradeNo, outRefundNo: `R${outTradeNo}`, providerTxnId: null, amountFen: 19900, totalFen: 19900, reason: 'x' });
      expect(await parse(fake.notification(outTradeNo, { refundOf: `R${outTradeNo}` }))).toMatchObject({
        ok: true,
        event: { kind: 'refund', outTradeNo, outRefundNo: `R${outTradeNo}`, state: 'SUCCESS', refundFen: 19900 },
      });
      const unpaid = input();
      await provider.createPayment(unpaid);
      fake.scan(unpaid.outTradeNo);
      expect(await parse(fake.notification(unpaid.outTradeNo, { tradeStatus: 'TRADE_CLOSED' }))).toMatchObject({ ok: true, event: { kind: 'closed', outTradeNo: unpaid.outTradeNo } });
      expect(await parse(fake.notification(unpaid.outTradeNo, { tradeStatus: 'WAIT_BUYER_PAY' }))).toMatchObject({ ok: true, event: { kind: 'ignored' } });
    });

    it('answers exactly "success" or "fail"', () => {
      expect(provider.acknowledge('accepted')).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
      expect(provider.acknowledge('rejected').body).toBe('fail');
      expect(provider.acknowledge('failed').body).toBe('fail');
    });
  });

  it('the fake refuses a request stamped in UTC rather than Beijing time', async () => {
    const utc = new Date().toISOString().slice(0, 19).replace('T', ' ');
    const params: Record<string, string> = { app_id: config.appId, method: 'alipay.trade.query', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', timestamp: utc, version: '1.0', biz_content: '{"out_trade_no":"KBX1"}' };
    params.sign = createSign('RSA-SHA256').update(alipaySigningString(params), 'utf8').sign(config.appPrivateKey, 'base64');
    const response = await fetch(fake.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(JSON.parse(await response.text()).alipay_trade_query_response.sub_code).toBe('isv.invalid-signature');
    // The same request in Beijing time passes the signature check (and finds no such trade).
    params.timestamp = shanghaiDateTime(new Date());
    params.sign = createSign('RSA-SHA256').update(alipaySigningString({ ...params, sign: '' }), 'utf8').sign(config.appPrivateKey, 'base64');
    const again = await fetch(fake.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    expect(JSON.parse(await again.text()).alipay_trade_query_response.sub_code).toBe('ACQ.TRADE_NOT_EXIST');
  });
});
