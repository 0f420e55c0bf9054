import { describe, expect, it } from 'vitest';
import { allowedPaySources, allowedPayTypes, checkPaymentChoice, goodsOffersPayType, jsapiPayOutcome, PAY_SOURCES_BY_PAY_TYPE, payTypesOfGoods, paySourceFor } from './payment-rules.ts';

describe('allowed pay types', () => {
  const both = 'weixin,alipay';
  it('allows only weixin inside WeChat', () => {
    expect(allowedPayTypes({ platform: 'wx-mp', os: 'ios', goodsPayTypes: both })).toEqual(['weixin']);
    expect(allowedPayTypes({ platform: 'wx-oa', os: 'android', goodsPayTypes: both })).toEqual(['weixin']);
  });
  it('allows only alipay in a phone browser', () => {
    expect(allowedPayTypes({ platform: 'web', os: 'ios', goodsPayTypes: both })).toEqual(['alipay']);
    expect(allowedPayTypes({ platform: 'web', os: 'android', goodsPayTypes: both })).toEqual(['alipay']);
  });
  it('keeps the goods order on ordinary web and drops unknown or repeated types', () => {
    expect(allowedPayTypes({ platform: 'web', os: 'other', goodsPayTypes: 'alipay, weixin,card,alipay' })).toEqual(['alipay', 'weixin']);
  });
  it('returns nothing when the goods offer no allowed type', () => {
    expect(allowedPayTypes({ platform: 'wx-oa', os: 'other', goodsPayTypes: 'alipay' })).toEqual([]);
  });
});

describe('pay source', () => {
  it('follows the form factor outside messengers', () => {
    expect(paySourceFor({ formFactor: 'phone', inMessenger: false })).toBe('h5');
    expect(paySourceFor({ formFactor: 'desktop', inMessenger: false })).toBe('native');
  });
  it('uses jsapi inside messengers', () => {
    expect(paySourceFor({ formFactor: 'phone', inMessenger: true })).toBe('jsapi');
    expect(paySourceFor({ formFactor: 'desktop', inMessenger: true })).toBe('jsapi');
  });
});

describe('pay sources per platform', () => {
  it('allows only in-app payment inside WeChat hosts', () => {
    expect(allowedPaySources('wx-oa')).toEqual(['jsapi']);
    expect(allowedPaySources('wx-mp')).toEqual(['jsapi']);
  });
  it('allows QR and redirect on ordinary web', () => {
    expect(allowedPaySources('web')).toEqual(['native', 'h5']);
  });
  it('gives Alipay no in-app payment', () => {
    expect(PAY_SOURCES_BY_PAY_TYPE.alipay).not.toContain('jsapi');
    expect(PAY_SOURCES_BY_PAY_TYPE.weixin).toContain('jsapi');
  });
});

describe('the server check of a payment choice', () => {
  it('accepts the spec combinations', () => {
    expect(checkPaymentChoice({ platform: 'web', payType: 'alipay', paySource: 'h5', hasOpenid: false })).toEqual({ ok: true });
    expect(checkPaymentChoice({ platform: 'web', payType: 'weixin', paySource: 'native', hasOpenid: false })).toEqual({ ok: true });
    expect(checkPaymentChoice({ platform: 'wx-oa', payType: 'weixin', paySource: 'jsapi', hasOpenid: true })).toEqual({ ok: true });
  });
  it('refuses alipay inside WeChat', () => {
    expect(checkPaymentChoice({ platform: 'wx-mp', payType: 'alipay', paySource: 'jsapi', hasOpenid: true })).toEqual({ ok: false, reason: 'PAY_TYPE_NOT_ALLOWED' });
  });
  it('refuses in-app payment without an openid, on web, and a QR inside WeChat', () => {
    // Inside WeChat without an openid: the login expired (or its code was spent), not a wrong choice.
    expect(checkPaymentChoice({ platform: 'wx-oa', payType: 'weixin', paySource: 'jsapi', hasOpenid: false })).toEqual({ ok: false, reason: 'WECHAT_LOGIN_EXPIRED' });
    expect(checkPaymentChoice({ platform: 'wx-mp', payType: 'weixin', paySource: 'jsapi', hasOpenid: false })).toEqual({ ok: false, reason: 'WECHAT_LOGIN_EXPIRED' });
    expect(checkPaymentChoice({ platform: 'web', payType: 'weixin', paySource: 'jsapi', hasOpenid: true })).toEqual({ ok: false, reason: 'PAY_SOURCE_NOT_ALLOWED' });
    expect(checkPaymentChoice({ platform: 'wx-oa', payType: 'weixin', paySource: 'native', hasOpenid: true })).toEqual({ ok: false, reason: 'PAY_SOURCE_NOT_ALLOWED' });
  });
});

describe('the WeChat bridge result', () => {
  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['get_brand_wcpay_request:fail_invalid appid', 'fail'],
    ['GET_BRAND_WCPAY_REQUEST:OK', 'ok'],
    ['get_brand_wcpay_request:ok ', 'ok'],
    ['system:access_denied', 'fail'],
    ['', 'fail'],
    [undefined, 'fail'],
  ])('maps %j to %s', (errMsg, outcome) => {
    expect(jsapiPayOutcome(errMsg)).toBe(outcome);
  });
});

describe('pay types of a goods row', () => {
  it('reads the list in order, dropping unknown entries and repeats', () => {
    expect(payTypesOfGoods('alipay, weixin,alipay,card')).toEqual(['alipay', 'weixin']);
    expect(payTypesOfGoods('')).toEqual([]);
  });
  it('says whether the goods offers a pay type', () => {
    expect(goodsOffersPayType('weixin,alipay', 'alipay')).toBe(true);
    expect(goodsOffersPayType('weixin', 'alipay')).toBe(false);
    expect(goodsOffersPayType('weixin', 'card')).toBe(false);
  });
});
