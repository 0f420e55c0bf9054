import { describe, expect, it } from 'vitest';
import { formatShanghaiDateTime } from './date-time.ts';

describe('formatShanghaiDateTime', () => {
  it('shows an ISO instant in Shanghai time', () => {
    expect(formatShanghaiDateTime('2026-06-30T15:59:59.000Z')).toBe('2026-06-30 23:59:59');
    // Past midnight in Shanghai is the next calendar day.
    expect(formatShanghaiDateTime('2026-06-30T16:00:00Z')).toBe('2026-07-01 00:00:00');
    expect(formatShanghaiDateTime('2026-01-05T01:02:03+08:00')).toBe('2026-01-05 01:02:03');
  });

  it('reads a missing or unreadable value as a dash', () => {
    expect(formatShanghaiDateTime(null)).toBe('—');
    expect(formatShanghaiDateTime(undefined)).toBe('—');
    expect(formatShanghaiDateTime('')).toBe('—');
    expect(formatShanghaiDateTime('not a date')).toBe('—');
  });
});
