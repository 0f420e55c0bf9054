import { describe, expect, it } from 'vitest';
import { endOfWorkingDaysAfter, isWorkingDay } from './working-days.ts';

const at = (iso: string) => new Date(iso);

describe('working days on the Beijing calendar', () => {
  it('are Monday to Friday in Beijing, whatever the UTC day', () => {
    // 2026-03-02 is a Monday. Sunday 23:30 UTC is already Monday 07:30 in Beijing.
    expect(isWorkingDay(at('2026-03-01T23:30:00.000Z'))).toBe(true);
    expect(isWorkingDay(at('2026-03-01T15:59:59.999Z'))).toBe(false);
    expect(isWorkingDay(at('2026-03-06T15:59:59.999Z'))).toBe(true);
    // Friday 16:00 UTC is Saturday 00:00 in Beijing.
    expect(isWorkingDay(at('2026-03-06T16:00:00.000Z'))).toBe(false);
  });

  it('end on the last moment of the n-th working day after the day it starts, not counting that day', () => {
    // Monday 10:00 Beijing → the end of Thursday in Beijing.
    expect(endOfWorkingDaysAfter(at('2026-03-02T02:00:00.000Z'), 3).toISOString()).toBe('2026-03-05T15:59:59.999Z');
    // Monday 23:59 Beijing: the same day, the same deadline.
    expect(endOfWorkingDaysAfter(at('2026-03-02T15:59:00.000Z'), 3).toISOString()).toBe('2026-03-05T15:59:59.999Z');
    // Tuesday 00:00 Beijing: one day later.
    expect(endOfWorkingDaysAfter(at('2026-03-02T16:00:00.000Z'), 3).toISOString()).toBe('2026-03-06T15:59:59.999Z');
  });

  it('skip the weekend: Wednesday, Thursday, Friday and Saturday all reach into the next week', () => {
    expect(endOfWorkingDaysAfter(at('2026-03-04T02:00:00.000Z'), 3).toISOString()).toBe('2026-03-09T15:59:59.999Z');
    expect(endOfWorkingDaysAfter(at('2026-03-06T12:00:00.000Z'), 3).toISOString()).toBe('2026-03-11T15:59:59.999Z');
    // Saturday and Sunday count from Monday, as Friday evening does.
    expect(endOfWorkingDaysAfter(at('2026-03-07T02:00:00.000Z'), 3).toISOString()).toBe('2026-03-11T15:59:59.999Z');
    expect(endOfWorkingDaysAfter(at('2026-03-08T02:00:00.000Z'), 3).toISOString()).toBe('2026-03-11T15:59:59.999Z');
  });

  it('with zero days is the end of the day itself; ten days span two weekends', () => {
    expect(endOfWorkingDaysAfter(at('2026-03-02T02:00:00.000Z'), 0).toISOString()).toBe('2026-03-02T15:59:59.999Z');
    expect(endOfWorkingDaysAfter(at('2026-03-02T02:00:00.000Z'), 10).toISOString()).toBe('2026-03-16T15:59:59.999Z');
  });
});
