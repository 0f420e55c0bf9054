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

  it('hides at least a third of any name, and never its trade name; at most six stars, whatever its length', () => {
    for (const name of ['深圳市腾讯计算机系统有限公司', '上海拉扎斯信息科技有限公司', '杭州某某餐饮管理有限责任公司', '成都小吃店', '广州市天河区张三日用百货店', '克拉玛依市独山子区某某石油化工技术服务有限公司']) {
      const masked = Array.from(maskCompanyName(name));
      const stars = masked.filter((c) => c === '*').length;
      const kept = masked.length - stars;
      const hidden = Array.from(name).length - kept;
      expect(hidden).toBeGreaterThanOrEqual(Math.ceil(Array.from(name).length / 3));
      expect(stars).toBeGreaterThan(0);
      expect(stars).toBeLessThanOrEqual(6);
    }
    expect(maskCompanyName('克拉玛依市独山子区某某石油化工技术服务有限公司')).toBe('克拉******有限公司');
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
