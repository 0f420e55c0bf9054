import { describe, expect, it } from 'vitest';
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
      expect(texts.explanation.length).toBeGreaterThan(0);
      titles.add(texts.pageTitle);
    }
    expect(titles.size).toBe(3);
  });

  it('explains the annual window, the abnormal list and the fines', () => {
    const text = goodsTexts('license_year').explanation.join('');
    expect(text).toContain('1月1日至6月30日');
    expect(text).toContain('上一年度');
    expect(text).toContain('经营异常名录');
    expect(text).toContain('1万元以上5万元以下');
    expect(text).toContain('5万元以上20万元以下');
  });

  it('fills the three explanation boxes of the home page for every service', () => {
    for (const type of GOODS_TYPES) expect(goodsTexts(type).explanation).toHaveLength(3);
  });

  it('gives the update delays of each service', () => {
    expect(goodsTexts('license_destory').explanation.join('')).toContain('1至3天');
    const repair = goodsTexts('credit_repair').explanation.join('');
    expect(repair).toContain('15至30个工作日');
    expect(repair).toContain('经营异常名录');
    expect(repair).toContain('严重违法失信名单');
  });
});

describe('trust texts', () => {
  it('says we are a paid third party and filing yourself is free', () => {
    expect(THIRD_PARTY_DISCLOSURE).toContain('第三方');
    expect(THIRD_PARTY_DISCLOSURE).toContain('有偿');
    expect(THIRD_PARTY_DISCLOSURE).toContain('免费');
    expect(THIRD_PARTY_DISCLOSURE).toContain(OFFICIAL_CHANNEL_URL);
    expect(OFFICIAL_CHANNEL_URL).toBe('https://www.gsxt.gov.cn');
  });
  it('lists what we never ask for', () => {
    for (const word of ['银行卡号', '支付密码', '短信验证码']) expect(NEVER_ASK_TEXT).toContain(word);
  });
  it('states the three promises every service keeps', () => {
    expect(PROMISES.join('')).toMatch(/^办理失败，全额退款付款后24小时内专员致电联系办理进度短信通知法定代表人手机$/);
  });
});
