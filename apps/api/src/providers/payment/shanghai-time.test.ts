import { describe, expect, it } from 'vitest';
import { parseRfc3339, parseShanghaiDateTime, shanghaiDateTime, shanghaiRfc3339 } from './shanghai-time.ts';

/**
 * The gateways' time formats pinned to literal text: the fakes in @kuaibao/testing write Beijing time
 * with their own code and pin the same literals, so neither side can drift alone.
 */
describe('Beijing time on the wire', () => {
  const instant = new Date('2026-01-02T03:04:05Z');

  it('writes Alipay wall-clock time', () => {
    expect(shanghaiDateTime(instant)).toBe('2026-01-02 11:04:05');
  });

  it('writes WeChat Pay RFC 3339 with the +08:00 offset', () => {
    expect(shanghaiRfc3339(instant)).toBe('2026-01-02T11:04:05+08:00');
  });

  it('drops the milliseconds without rounding up', () => {
    expect(shanghaiDateTime(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02 11:04:05');
    expect(shanghaiRfc3339(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02T11:04:05+08:00');
  });

  it('moves to the next day and year in Beijing before UTC does', () => {
    expect(shanghaiDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(shanghaiRfc3339(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31T23:59:59+08:00');
  });

  it('reads Alipay wall-clock time as Beijing time', () => {
    expect(parseShanghaiDateTime('2026-01-02 11:04:05')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseShanghaiDateTime('2027-01-01 00:00:00')?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('refuses other shapes of Alipay time', () => {
    for (const text of ['2026-01-02T11:04:05', '2026-01-02 11:04', '2026/01/02 11:04:05', '2026-01-02 11:04:05+08:00', '', undefined]) {
      expect(parseShanghaiDateTime(text)).toBeUndefined();
    }
  });

  it('reads WeChat Pay RFC 3339 with its offset', () => {
    expect(parseRfc3339('2026-01-02T11:04:05+08:00')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseRfc3339('2026-01-02 11:04:05')).toBeUndefined();
  });
});
