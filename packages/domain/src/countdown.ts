/**
 * The countdown to 1 July (the annual report window is 1 Jan – 30 Jun, docs/product/overview.md, docs/product/constants.md), counted in
 * calendar days of Asia/Shanghai. China has used UTC+8 without daylight saving since 1991, so a
 * fixed offset is exact for every date this product sees and needs no Intl time-zone data.
 */

export const SHANGHAI_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CalendarDate = { year: number; month: number; day: number };

/** The calendar date in Shanghai at the instant `now` (month 1–12). */
export function shanghaiDate(now: Date): CalendarDate {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('invalid date');
  const shifted = new Date(time + SHANGHAI_UTC_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The calendar day in Shanghai at the instant `at`, as YYYY-MM-DD (a ledger's or a filter's day). */
export function shanghaiIsoDay(at: Date): string {
  const { year, month, day } = shanghaiDate(at);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Midnight in Shanghai of the day (or month) containing `at`, as an ISO string. */
export function shanghaiStart(at: Date, unit: 'day' | 'month'): string {
  const { year, month, day } = shanghaiDate(at);
  return new Date(Date.UTC(year, month - 1, unit === 'day' ? day : 1) - SHANGHAI_UTC_OFFSET_MS).toISOString();
}

/**
 * Calendar days from today (Shanghai) to 1 July of the current year: 1 on 30 June, 0 on 1 July,
 * negative after it (-1 on 2 July).
 */
export function daysUntilJuly(now: Date): number {
  const { year, month, day } = shanghaiDate(now);
  return (Date.UTC(year, 6, 1) - Date.UTC(year, month - 1, day)) / DAY_MS;
}

export type JulyCountdown = { kind: 'left'; days: number } | { kind: 'overdue'; days: number };

/**
 * Before 1 July: days left, at least 1 (30 June → 1). From 1 July: days overdue, counting 1 July
 * itself as the first overdue day, because the window closed at the end of 30 June and "逾期0天"
 * would read as not overdue. So overdue days = 1 − daysUntilJuly.
 */
export function countdownToJuly(now: Date): JulyCountdown {
  const days = daysUntilJuly(now);
  return days > 0 ? { kind: 'left', days } : { kind: 'overdue', days: 1 - days };
}
