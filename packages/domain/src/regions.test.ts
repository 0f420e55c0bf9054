import { describe, expect, it } from 'vitest';
import { CITIES, PROVINCES } from './regions.ts';

describe('regions', () => {
  it('holds the 31 provincial-level divisions, the four municipalities as their own city', () => {
    expect(PROVINCES).toHaveLength(31);
    const municipalities = PROVINCES.filter((p) => p.municipality).map((p) => p.short);
    expect(municipalities).toEqual(['北京', '天津', '上海', '重庆']);
    const beijing = CITIES.find((c) => c.code === '110000');
    expect(beijing).toMatchObject({ name: '北京市', short: '北京' });
    expect(beijing?.districts.find((d) => d.code === '110108')?.name).toBe('海淀区');
  });

  it('gives a city its short name only when it ends in 市', () => {
    for (const city of CITIES) expect(city.short).toBe(city.province.municipality ? city.province.short : city.name.endsWith('市') ? city.name.slice(0, -1) : '');
  });
});
