import { describe, expect, it } from 'vitest';
import { beijingDateTime, beijingRfc3339, parseBeijingDateTime } from './beijing-time.ts';

/**
 * The fakes' own Beijing time pinned to literal text; the adapter's shanghai-time.test.ts pins the
 * same literals of its own functions, so neither side can drift alone.
 */
describe('the fakes write Beijing time', () => {
  const instant = new Date('2026-01-02T03:04:05Z');

  it('as Alipay does', () => {
    expect(beijingDateTime(instant)).toBe('2026-01-02 11:04:05');
  });

  it('as WeChat Pay does, RFC 3339 with the +08:00 offset', () => {
    expect(beijingRfc3339(instant)).toBe('2026-01-02T11:04:05+08:00');
  });

  it('without the milliseconds, never rounded up', () => {
    expect(beijingDateTime(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02 11:04:05');
    expect(beijingRfc3339(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02T11:04:05+08:00');
  });

  it('a day and a year ahead of UTC from 16:00 UTC, with midnight as 00 (never 24)', () => {
    expect(beijingDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(beijingRfc3339(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31T23:59:59+08:00');
  });
});

describe('the fakes read Alipay time as Beijing time', () => {
  it('at eight hours ahead of UTC', () => {
    expect(parseBeijingDateTime('2026-01-02 11:04:05')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseBeijingDateTime('2027-01-01 00:00:00')?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('and refuse any other shape, or a day that does not exist', () => {
    for (const text of ['2026-01-02T11:04:05', '2026-01-02 11:04', '2026/01/02 11:04:05', '2026-01-02 11:04:05+08:00', '2026-02-30 11:04:05', '2026-01-02 24:00:00', '', undefined]) {
      expect(parseBeijingDateTime(text)).toBeUndefined();
    }
  });
});
