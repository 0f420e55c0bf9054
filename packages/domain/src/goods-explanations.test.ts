import { describe, expect, it } from 'vitest';
import { goodsExplanation } from './goods-explanations.ts';
import { GOODS_TYPES } from './goods-texts.ts';

describe('goodsExplanation', () => {
  it('explains the annual window, the abnormal list and the fines', () => {
    const text = goodsExplanation('license_year').join('');
    expect(text).toContain('1月1日至6月30日');
    expect(text).toContain('上一年度');
    expect(text).toContain('经营异常名录');
    expect(text).toContain('1万元以上5万元以下');
    expect(text).toContain('5万元以上20万元以下');
  });

  it('fills the three explanation boxes of the home page for every service', () => {
    for (const type of GOODS_TYPES) expect(goodsExplanation(type)).toHaveLength(3);
  });

  it('gives the update delays of each service', () => {
    expect(goodsExplanation('license_destory').join('')).toContain('1至3天');
    const repair = goodsExplanation('credit_repair').join('');
    expect(repair).toContain('15至30个工作日');
    expect(repair).toContain('经营异常名录');
    expect(repair).toContain('严重违法失信名单');
  });
});
