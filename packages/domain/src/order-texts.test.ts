import { describe, expect, it } from 'vitest';
import { GOODS_TYPES, OFFICIAL_CHANNEL_URL } from './goods-texts.ts';
import { orderTexts } from './order-texts.ts';

describe('orderTexts', () => {
  it('gives every type a complete, distinct set of texts', () => {
    const titles = new Set<string>();
    for (const type of GOODS_TYPES) {
      const texts = orderTexts(type);
      for (const text of [texts.receiptTitle, texts.successText, texts.infoBlock.title]) expect(text.trim()).not.toBe('');
      expect(texts.infoBlock.lines.length).toBeGreaterThan(0);
      expect(texts.remarks.join('')).toContain(OFFICIAL_CHANNEL_URL);
      titles.add(texts.receiptTitle);
    }
    expect(titles.size).toBe(3);
  });

  it('names the receipts', () => {
    expect(orderTexts('credit_repair').receiptTitle).toBe('企业信息修复回执');
    expect(orderTexts('license_destory').receiptTitle).toContain('注销回执');
    expect(orderTexts('license_year').receiptTitle).toBe('年报申报回执');
  });

  it('promises publication within 7 working days for the annual report', () => {
    expect(orderTexts('license_year').successText).toContain('7个工作日');
    // Typing the figures files nothing: the words say who has them and what happens next.
    expect(orderTexts('license_year').successText).not.toContain('申报成功');
    expect(orderTexts('license_year').successText).toContain('已提交给办理专员，核对后代为报送');
  });

  it('tells how long the official system takes to show each result', () => {
    expect(orderTexts('license_destory').remarks.join('')).toContain('1至3天');
    expect(orderTexts('credit_repair').remarks.join('')).toContain('15至30个工作日');
  });
});
