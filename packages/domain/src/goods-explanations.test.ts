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

  it('quotes the 1万–5万 and 5万–20万 fines for false filing only, with their article, not for late filing', () => {
    const [window, late, falseFiling] = goodsExplanation('license_year');
    expect(late).not.toMatch(/5万元以上|20万元/);
    expect(late).toContain('《企业信息公示暂行条例》第十八条第一款');
    expect(late).toContain('《市场主体登记管理条例实施细则》第七十条');
    expect(falseFiling).toMatch(/隐瞒真实情况、弄虚作假.*1万元以上5万元以下.*5万元以上20万元以下.*《企业信息公示暂行条例》第十八条第二款/);
    expect(window).toContain('《企业信息公示暂行条例》第八条');
  });

  it('names the article of every legal consequence it quotes', () => {
    const consequence = /罚款|经营异常名录|吊销|严重违法失信|受到限制|应当/;
    const quoted = GOODS_TYPES.flatMap((type) => goodsExplanation(type)).filter((paragraph) => consequence.test(paragraph) && !paragraph.includes('办理失败全额退款'));
    expect(quoted.length).toBeGreaterThanOrEqual(5);
    const withoutArticle = quoted.filter((paragraph) => !/《[^》]+》第[一二三四五六七八九十]+条/.test(paragraph));
    expect(withoutArticle).toEqual([]);
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
