import { describe, expect, it } from 'vitest';
import { allowedPayTypes, paySourceFor } from './payment-rules.ts';

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
