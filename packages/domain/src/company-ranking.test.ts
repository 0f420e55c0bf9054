import { describe, expect, it } from 'vitest';
import { codePointLength, compareCodePoints, isLeadingRegion, rankCompanies, type RankedCompany } from './company-ranking.ts';

const row = (id: number, name_norm: string, status = '存续'): RankedCompany => ({ id, name_norm, status });

describe('company ranking', () => {
  it('ranks exact > prefix > right after a leading region > anywhere else', () => {
    const rows = [row(1, '北京某某腾讯代理有限公司'), row(2, '深圳市腾讯计算机系统有限公司'), row(3, '腾讯科技有限公司'), row(4, '腾讯')];
    expect(rankCompanies('腾讯', rows).map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('puts live companies before 注销/吊销 ones within a tier, then shorter names, then lower ids', () => {
    const rows = [row(1, '腾讯科技有限公司', '注销'), row(2, '腾讯音乐娱乐科技有限公司'), row(3, '腾讯云有限公司'), row(4, '腾讯云有限公司')];
    expect(rankCompanies('腾讯', rows).map((r) => r.id)).toEqual([3, 4, 2, 1]);
  });

  it('drops a row found twice and a row that does not contain the keyword', () => {
    expect(rankCompanies('腾讯', [row(1, '腾讯云'), row(1, '腾讯云'), row(2, '阿里云')]).map((r) => r.id)).toEqual([1]);
  });

  it('knows a leading region by its words or by its suffixes', () => {
    expect(isLeadingRegion('深圳市')).toBe(true);
    expect(isLeadingRegion('深圳')).toBe(true);
    expect(isLeadingRegion('北京海淀区')).toBe(true);
    expect(isLeadingRegion('浙江省杭州市西湖区')).toBe(true);
    expect(isLeadingRegion('某某')).toBe(false);
    expect(isLeadingRegion('京')).toBe(false);
  });

  it('counts and orders by code point, an astral character once and after U+FFFF', () => {
    expect(codePointLength('𠀀a')).toBe(2);
    for (const text of ['\ud800a', 'a\ud800', '\udc00\ud800', '𠀀𠀀', '']) expect(codePointLength(text)).toBe([...text].length);
    expect(compareCodePoints('\u{20000}', '\uffff')).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'a')).toBe(0);
  });
});
