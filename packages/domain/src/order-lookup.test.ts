import { describe, expect, it } from 'vitest';
import { lookupDate, maskCompanyName } from './order-lookup.ts';

describe('maskCompanyName', () => {
  it('keeps the start and the form of a company name and masks its middle', () => {
    expect(maskCompanyName('北京字节跳动科技有限公司')).toBe('北京******有限公司');
    expect(maskCompanyName('华为技术有限公司')).toBe('华为****公司');
    expect(maskCompanyName('张记面馆')).toBe('张**馆');
    expect(maskCompanyName('某店')).toBe('某*');
    expect(maskCompanyName('')).toBe('');
  });

  it('hides at least a third of any name, and never its trade name', () => {
    for (const name of ['深圳市腾讯计算机系统有限公司', '上海拉扎斯信息科技有限公司', '杭州某某餐饮管理有限责任公司', '成都小吃店', '广州市天河区张三日用百货店']) {
      const masked = maskCompanyName(name);
      const hidden = Array.from(masked).filter((c) => c === '*').length;
      expect(Array.from(masked)).toHaveLength(Array.from(name).length);
      expect(hidden).toBeGreaterThanOrEqual(Math.ceil(Array.from(name).length / 3));
    }
    expect(maskCompanyName('深圳市腾讯计算机系统有限公司')).not.toContain('腾讯');
    expect(maskCompanyName('上海拉扎斯信息科技有限公司')).not.toContain('拉扎斯');
  });
});

describe('lookupDate', () => {
  it('is the Shanghai date, without the time', () => {
    expect(lookupDate('2026-03-01T17:30:00.000Z')).toBe('2026-03-02');
    expect(lookupDate(null)).toBe('—');
  });
});
