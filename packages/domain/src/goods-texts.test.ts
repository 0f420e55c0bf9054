import { describe, expect, it } from 'vitest';
import { thirdPartyDisclosure } from './official-channels.ts';
import {
  GOODS_TYPES,
  NEVER_ASK_TEXT,
  OFFICIAL_CHANNEL_URL,
  PROMISES,
  THIRD_PARTY_DISCLOSURE,
  goodsTexts,
  isGoodsType,
} from './goods-texts.ts';

describe('goods types', () => {
  it('keeps the spec spelling license_destory', () => {
    expect(GOODS_TYPES).toEqual(['license_year', 'license_destory', 'credit_repair']);
  });
  it('recognises only those types', () => {
    expect(isGoodsType('license_destory')).toBe(true);
    expect(isGoodsType('license_destroy')).toBe(false);
    expect(isGoodsType('member')).toBe(false);
    expect(isGoodsType(1)).toBe(false);
  });
});

describe('goodsTexts', () => {
  it('gives every type a complete, distinct set of texts', () => {
    const titles = new Set<string>();
    for (const type of GOODS_TYPES) {
      const texts = goodsTexts(type);
      for (const text of [texts.shortName, texts.pageTitle]) expect(text.trim()).not.toBe('');
      titles.add(texts.pageTitle);
    }
    expect(titles.size).toBe(3);
  });
});

describe('trust texts', () => {
  it('says we are a paid third party, and for every service that doing it yourself is free and where', () => {
    expect(THIRD_PARTY_DISCLOSURE).toContain('第三方');
    expect(THIRD_PARTY_DISCLOSURE).toContain('有偿');
    for (const type of GOODS_TYPES) {
      const disclosure = thirdPartyDisclosure(type);
      expect(disclosure.startsWith(THIRD_PARTY_DISCLOSURE)).toBe(true);
      expect(disclosure).toContain('免费');
      expect(disclosure).toContain(OFFICIAL_CHANNEL_URL);
    }
    expect(OFFICIAL_CHANNEL_URL).toBe('https://www.gsxt.gov.cn');
  });
  it('lists what we never ask for', () => {
    for (const word of ['银行卡号', '支付密码', '短信验证码']) expect(NEVER_ASK_TEXT).toContain(word);
  });
  it('states the three promises every service keeps', () => {
    expect(PROMISES.join('')).toMatch(/^办理失败，全额退款付款后24小时内专员致电联系办理进度短信通知法定代表人手机$/);
  });
});
