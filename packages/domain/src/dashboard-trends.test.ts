import { describe, expect, it } from 'vitest';
import { beijingDayOf, beijingDayOfUtcHalf, durationText, percentile, periodChange, periodChangeText, trendWindow } from './dashboard-trends.ts';

describe('trendWindow', () => {
  it('ends with today in Beijing and starts the previous period where this one starts, minus its length', () => {
    // 2026-03-10 17:00Z is 2026-03-11 01:00 in Beijing
    const period = trendWindow(new Date('2026-03-10T17:00:00.000Z'), 30);
    expect(period.days).toHaveLength(30);
    expect(period.days.at(-1)).toBe('2026-03-11');
    expect(period.days[0]).toBe('2026-02-10');
    expect(period.until).toBe('2026-03-11T16:00:00.000Z');
    expect(period.since).toBe('2026-02-09T16:00:00.000Z');
    expect(period.previousSince).toBe('2026-01-10T16:00:00.000Z');
  });
});

describe('Beijing days', () => {
  it('16:00Z starts the next Beijing day', () => {
    expect(beijingDayOfUtcHalf('2026-02-28', false)).toBe('2026-02-28');
    expect(beijingDayOfUtcHalf('2026-02-28', true)).toBe('2026-03-01');
    expect(beijingDayOfUtcHalf('2026-12-31', true)).toBe('2027-01-01');
    expect(beijingDayOf('2026-02-28T15:59:59.999Z')).toBe('2026-02-28');
    expect(beijingDayOf('2026-02-28T16:00:00.000Z')).toBe('2026-03-01');
  });
});

describe('percentile (nearest rank)', () => {
  it('gives the median and p90 as values of the set', () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile([42], 90)).toBe(42);
    expect(percentile([3, 1, 2], 50)).toBe(2);
  });
  it('is undefined for nothing and refuses a nonsense rank', () => {
    expect(percentile([], 50)).toBeUndefined();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('periodChange', () => {
  it('compares with the previous period', () => {
    expect(periodChange(15, 10)).toEqual({ current: 15, previous: 10, delta: 5, ratio: 0.5 });
    expect(periodChangeText(periodChange(15, 10))).toBe('+50%');
    expect(periodChangeText(periodChange(9, 10))).toBe('−10%');
    expect(periodChangeText(periodChange(10, 10))).toBe('持平');
  });
  it('has no ratio without a base', () => {
    expect(periodChange(3, 0).ratio).toBeNull();
    expect(periodChangeText(periodChange(3, 0))).toBe('新增');
    expect(periodChangeText(periodChange(0, 0))).toBe('持平');
  });
});

describe('durationText', () => {
  it('reads minutes, hours and days', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(45)).toBe('45分钟');
    expect(durationText(120)).toBe('2小时');
    expect(durationText(150)).toBe('2小时30分');
    expect(durationText(3360)).toBe('2天8小时');
    expect(durationText(2880)).toBe('2天');
  });
});
