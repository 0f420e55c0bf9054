import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, type CreateOrderResult, type LoginResponse, type OAuthStateResponse } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * WeChat Pay under the appid of the app the payer logged in with
 * (docs/decisions/055-mini-program-payment-appid.md): the mini-program's appid and openid for a
 * mini-program (wx-mp) order, the official account's for an official-account (wx-oa) order. The
 * logins go through the real WeChat login adapter to the fake's jscode2session and oauth2, which
 * issue each openid for its app; the fake WeChat Pay refuses an openid under another app's appid,
 * as WeChat does.
 */
describeDialects('WeChat Pay under the mini-program appid and the official account appid (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let companySeq = 0;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, providers: 'wechatpay', wechatLogin: true });
  });
  afterAll(async () => {
    await g?.close();
  });

  function company() {
    companySeq += 1;
    const first17 = `9144030000${dialect === 'sqlite' ? 7 : 8}${String(companySeq).padStart(6, '0')}`;
    return { entity_name: `小程序支付测试有限公司${companySeq}`, entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '李四' };
  }

  async function miniProgramLogin(account: string): Promise<string> {
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/h5/user/login',
      body: { login_type: 'weixin', weixin: { code: `${account}.${Date.now().toString(36)}`, code_type: 'wx-mp' } },
      headers: { 'b-corp-id': '10006', 'x-platform': 'wx-mp' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<LoginResponse>(g.test, response).data.token;
  }

  async function officialAccountLogin(account: string): Promise<string> {
    const headers = { 'x-platform': 'wx-oa', 'x-channel': 'wx-oa' };
    const issued = await signedInject(g.test, { method: 'POST', url: '/api/corp/user/oauth-state', body: {}, headers });
    expect(issued.statusCode, issued.body).toBe(200);
    const { state } = envelopeOf<OAuthStateResponse>(g.test, issued).data;
    const cookie = String(issued.headers['set-cookie']).split(';')[0]!;
    const response = await signedInject(g.test, {
      method: 'POST',
      url: '/api/corp/user/login',
      body: { login_type: 'weixin', weixin: { code: `${account}.${Date.now().toString(36)}`, code_type: 'wx-oa', state } },
      headers: { ...headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<LoginResponse>(g.test, response).data.token;
  }

  async function miniProgramOrder(token: string): Promise<CreateOrderResult> {
    const headers = { 'x-platform': 'wx-mp', 'x-channel': 'wx-mp', 'b-corp-id': '10006', 'x-token': token };
    const response = await signedInject(g.test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ source: 'wx-mp', pay_source: 'jsapi', ...company() }), headers });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(g.test, response).data;
  }

  async function officialAccountOrder(token: string): Promise<CreateOrderResult> {
    const headers = { 'x-platform': 'wx-oa', 'x-channel': 'wx-oa', 'x-token': token };
    const response = await signedInject(g.test, { method: 'POST', url: '/api/corp/order', body: validOrderForm({ source: 'wx-oa', pay_source: 'jsapi', ...company() }), headers });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(g.test, response).data;
  }

  /** What the fake WeChat Pay received for the order's jsapi prepay. */
  async function prepayOf(publicId: string) {
    const attempt = await g.test.database.db
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select(['payment_attempts.out_trade_no'])
      .where('orders.public_id', '=', publicId)
      .orderBy('payment_attempts.id', 'desc')
      .executeTakeFirstOrThrow();
    const request = g.wechat.requests.find((r) => r.path === '/v3/pay/transactions/jsapi' && r.body.includes(`"${attempt.out_trade_no}"`));
    expect(request, `no jsapi prepay for ${attempt.out_trade_no}`).toBeDefined();
    expect(request!.status).toBe(200);
    return { outTradeNo: attempt.out_trade_no, body: JSON.parse(request!.body) as { appid: string; mchid: string; payer: { openid: string } } };
  }

  const openidOf = async (appKind: 'wx-oa' | 'wx-mp', token: string) => {
    const user = await g.test.app.services.accounts.authenticate(token);
    expect(user.appKind).toBe(appKind);
    return user.openid;
  };

  const orderStatus = async (publicId: string) => (await g.test.database.db.selectFrom('orders').select('status').where('public_id', '=', publicId).executeTakeFirstOrThrow()).status;

  describe('the prepay', () => {
    it("a mini-program order is prepaid under the mini-program's appid with its openid, and its bridge parameters are signed for that appid", async () => {
      const token = await miniProgramLogin('mp-payer-1');
      const openid = await openidOf('wx-mp', token);
      expect(g.wechat.openids.get(openid)).toBe(g.wechat.keys.miniProgramAppId);
      const created = await miniProgramOrder(token);
      const { body } = await prepayOf(created.orderId);
      expect(body).toMatchObject({ appid: g.wechat.keys.miniProgramAppId, mchid: g.wechat.keys.mchId, payer: { openid } });
      const params = JSON.parse(created.payParam!) as { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string };
      expect(params).toMatchObject({ appId: g.wechat.keys.miniProgramAppId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
      // wx.requestPayment's paySign: RSA-SHA256 over appId, timeStamp, nonceStr and package, one per line (WeChat's JSAPI signing string).
      const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
      expect(createVerify('RSA-SHA256').update(signed).verify(g.wechat.keys.merchantPublicKey, params.paySign, 'base64')).toBe(true);
    });

    it("an official-account order is prepaid under the official account's appid with its openid", async () => {
      const token = await officialAccountLogin('oa-payer-1');
      const openid = await openidOf('wx-oa', token);
      const created = await officialAccountOrder(token);
      const { body } = await prepayOf(created.orderId);
      expect(body).toMatchObject({ appid: g.wechat.keys.appId, mchid: g.wechat.keys.mchId, payer: { openid } });
      expect(JSON.parse(created.payParam!)).toMatchObject({ appId: g.wechat.keys.appId });
    });

    it('the same person has a different openid in each app, and each openid pays only under its own app', async () => {
      const mp = await openidOf('wx-mp', await miniProgramLogin('both-apps'));
      const oa = await openidOf('wx-oa', await officialAccountLogin('both-apps'));
      expect(mp).not.toBe(oa);
      expect([g.wechat.openids.get(mp), g.wechat.openids.get(oa)]).toEqual([g.wechat.keys.miniProgramAppId, g.wechat.keys.appId]);
    });
  });

  describe('notifications', () => {
    async function paidTrade(kind: 'wx-oa' | 'wx-mp', account: string) {
      const created = kind === 'wx-mp' ? await miniProgramOrder(await miniProgramLogin(account)) : await officialAccountOrder(await officialAccountLogin(account));
      const { outTradeNo } = await prepayOf(created.orderId);
      g.wechat.pay(outTradeNo);
      return { created, outTradeNo };
    }

    it("applies a payment notification under the mini-program's appid", async () => {
      const { created, outTradeNo } = await paidTrade('wx-mp', 'mp-notified');
      const notification = g.wechat.paymentNotification(outTradeNo);
      expect(JSON.parse(notification.body)).toMatchObject({ event_type: 'TRANSACTION.SUCCESS' });
      expect((await g.notifyWechat(notification)).status).toBe(204);
      expect(await orderStatus(created.orderId)).toBe('2');
    });

    it("applies a payment notification under the official account's appid", async () => {
      const { created, outTradeNo } = await paidTrade('wx-oa', 'oa-notified');
      expect((await g.notifyWechat(g.wechat.paymentNotification(outTradeNo))).status).toBe(204);
      expect(await orderStatus(created.orderId)).toBe('2');
    });

    it('refuses a notification under a third appid, even one signed by WeChat for our merchant, and changes nothing', async () => {
      const { created, outTradeNo } = await paidTrade('wx-mp', 'mp-third-appid');
      const ack = await g.notifyWechat(g.wechat.paymentNotification(outTradeNo, { appid: 'wx6666666666666666' }));
      expect(ack.status).toBe(400);
      expect(JSON.parse(ack.body)).toMatchObject({ code: 'FAIL' });
      expect(await orderStatus(created.orderId)).toBe('1');
    });

    it("a query answering under the mini-program's appid is ours; the paying page's poll applies it", async () => {
      const { created, outTradeNo } = await paidTrade('wx-mp', 'mp-queried');
      expect(g.wechat.trades.get(outTradeNo)?.appid).toBe(g.wechat.keys.miniProgramAppId);
      // No notification reached us: the detail asks WeChat, whose answer names the mini-program's appid.
      const detail = await signedInject(g.test, { url: '/api/h5/order/detail', query: { id: created.orderId } });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(await orderStatus(created.orderId)).toBe('2');
    });
  });
});
