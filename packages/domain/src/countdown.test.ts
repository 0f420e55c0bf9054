import { describe, expect, it } from 'vitest';
import { countdownToJuly, daysUntilJuly, shanghaiDate, shanghaiIsoDay, shanghaiStart } from './countdown.ts';

describe('shanghaiIsoDay', () => {
  it('is the Shanghai calendar day as YYYY-MM-DD, the next one from 16:00 UTC', () => {
    expect(shanghaiIsoDay(new Date('2026-01-01T15:59:59Z'))).toBe('2026-01-01');
    expect(shanghaiIsoDay(new Date('2026-01-01T16:00:00Z'))).toBe('2026-01-02');
    expect(shanghaiIsoDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });
});

describe('shanghaiDate', () => {
  it('is already the next day in Shanghai from 16:00 UTC', () => {
    expect(shanghaiDate(new Date('2026-06-30T15:59:59Z'))).toEqual({ year: 2026, month: 6, day: 30 });
    expect(shanghaiDate(new Date('2026-06-30T16:00:00Z'))).toEqual({ year: 2026, month: 7, day: 1 });
    expect(shanghaiDate(new Date('2025-12-31T16:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });
  it('rejects an invalid date', () => {
    expect(() => shanghaiDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('daysUntilJuly', () => {
  it.each([
    ['2026-06-29T04:00:00Z', 2],
    ['2026-06-30T00:00:00Z', 1],
    ['2026-06-30T15:59:59.999Z', 1],
    ['2026-06-30T16:00:00Z', 0],
    ['2026-06-30T16:30:00Z', 0],
    ['2026-07-01T15:59:59Z', 0],
    ['2026-07-01T16:00:00Z', -1],
    ['2026-12-31T15:59:59Z', -183],
    // 1 January in Shanghai counts to 1 July of the new year: 31+28+31+30+31+30 days
    ['2025-12-31T16:00:00Z', 181],
    // leap year: February has 29 days
    ['2028-01-01T00:00:00Z', 182],
  ])('%s → %i', (iso, days) => {
    expect(daysUntilJuly(new Date(iso))).toBe(days);
  });
});

describe('countdownToJuly', () => {
  it('counts days left before 1 July in Shanghai', () => {
    expect(countdownToJuly(new Date('2026-06-30T10:00:00Z'))).toEqual({ kind: 'left', days: 1 });
    expect(countdownToJuly(new Date('2026-06-01T00:00:00+08:00'))).toEqual({ kind: 'left', days: 30 });
  });

  it('is overdue at 00:30 on 1 July Shanghai even though it is still 30 June in UTC', () => {
    expect(countdownToJuly(new Date('2026-06-30T16:30:00Z'))).toEqual({ kind: 'overdue', days: 1 });
  });

  it('counts 1 July as the first overdue day', () => {
    expect(countdownToJuly(new Date('2026-07-01T12:00:00+08:00'))).toEqual({ kind: 'overdue', days: 1 });
    expect(countdownToJuly(new Date('2026-07-02T00:00:00+08:00'))).toEqual({ kind: 'overdue', days: 2 });
    expect(countdownToJuly(new Date('2026-12-31T23:59:59+08:00'))).toEqual({ kind: 'overdue', days: 184 });
  });

  it('switches from left to overdue exactly at Shanghai midnight', () => {
    expect(countdownToJuly(new Date('2026-06-30T23:59:59.999+08:00')).kind).toBe('left');
    expect(countdownToJuly(new Date('2026-07-01T00:00:00+08:00')).kind).toBe('overdue');
  });
});

describe('shanghaiStart', () => {
  it('is midnight in Shanghai of the day or month containing the instant', () => {
    // 2026-11-30 17:00 UTC is 1 December 01:00 in Shanghai.
    const at = new Date('2026-11-30T17:00:00.000Z');
    expect(shanghaiStart(at, 'day')).toBe('2026-11-30T16:00:00.000Z');
    expect(shanghaiStart(at, 'month')).toBe('2026-11-30T16:00:00.000Z');
    expect(shanghaiStart(new Date('2026-11-30T15:59:59.999Z'), 'day')).toBe('2026-11-29T16:00:00.000Z');
    expect(shanghaiStart(new Date('2026-11-30T15:59:59.999Z'), 'month')).toBe('2026-10-31T16:00:00.000Z');
  });
});
