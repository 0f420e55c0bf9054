import { describe, expect, it } from 'vitest';
import { dayRangePresets } from './day-range-presets.ts';

const byLabel = (now: Date) => Object.fromEntries(dayRangePresets(now).map((p) => [p.label, [p.from, p.to]]));

describe('dayRangePresets', () => {
  it('counts Shanghai calendar days: 23:30 UTC on 31 Jan is already 1 Feb in Beijing', () => {
    const presets = byLabel(new Date('2026-01-31T23:30:00Z'));
    expect(presets['今天']).toEqual(['2026-02-01', '2026-02-01']);
    expect(presets['昨天']).toEqual(['2026-01-31', '2026-01-31']);
    expect(presets['本月']).toEqual(['2026-02-01', '2026-02-01']);
    expect(presets['上月']).toEqual(['2026-01-01', '2026-01-31']);
    expect(presets['近30天']).toEqual(['2026-01-03', '2026-02-01']);
  });

  it('starts the week on Monday (a Sunday belongs to the week that began six days before)', () => {
    // 2026-03-15 is a Sunday, 2026-03-16 a Monday.
    expect(byLabel(new Date('2026-03-15T04:00:00Z'))['本周']).toEqual(['2026-03-09', '2026-03-15']);
    expect(byLabel(new Date('2026-03-16T04:00:00Z'))['本周']).toEqual(['2026-03-16', '2026-03-16']);
  });

  it('crosses the year: 上月 of January is December, 昨天 of 1 January is 31 December', () => {
    const presets = byLabel(new Date('2026-01-01T02:00:00Z'));
    expect(presets['上月']).toEqual(['2025-12-01', '2025-12-31']);
    expect(presets['昨天']).toEqual(['2025-12-31', '2025-12-31']);
  });

  it('knows leap years: 上月 in March 2028 ends on 29 February', () => {
    expect(byLabel(new Date('2028-03-10T02:00:00Z'))['上月']).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('offers the six choices in this order', () => {
    expect(dayRangePresets(new Date('2026-06-10T02:00:00Z')).map((p) => p.label)).toEqual(['今天', '昨天', '本周', '本月', '上月', '近30天']);
  });
});
