import { SHANGHAI_UTC_OFFSET_MS, shanghaiIsoDay, shanghaiStart } from './countdown.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's trend windows: 30 or 90 Beijing days, never more (the queries stay bounded). */
export const TREND_WINDOW_DAYS = [30, 90] as const;
export type TrendWindowDays = (typeof TREND_WINDOW_DAYS)[number];

export interface TrendWindow {
  /** the period's Beijing days, oldest first, today last */
  days: string[];
  /** the period: [since, until) as ISO instants */
  since: string;
  until: string;
  /** the previous period of the same length: [previousSince, since) */
  previousSince: string;
}

/** The last `length` Beijing days up to and including today, and the period of the same length before them. */
export function trendWindow(now: Date, length: number): TrendWindow {
  const todayStart = Date.parse(shanghaiStart(now, 'day'));
  const until = todayStart + DAY_MS;
  const since = until - length * DAY_MS;
  const days = Array.from({ length }, (_, index) => shanghaiIsoDay(new Date(since + index * DAY_MS)));
  return { days, since: new Date(since).toISOString(), until: new Date(until).toISOString(), previousSince: new Date(since - length * DAY_MS).toISOString() };
}

/**
 * The Beijing day of instants grouped by their UTC date and whether the UTC hour is 16 or later.
 * Beijing is UTC+8 without daylight saving, so 16:00Z starts the next Beijing day; grouping by
 * these two text pieces is plain SQL on SQLite and PostgreSQL alike.
 */
export function beijingDayOfUtcHalf(utcDate: string, lateHalf: boolean): string {
  const [y, m, d] = utcDate.split('-').map(Number);
  const start = Date.UTC(y!, m! - 1, d!) + (lateHalf ? DAY_MS : 0);
  return new Date(start).toISOString().slice(0, 10);
}

/** The Beijing day (YYYY-MM-DD) of an ISO instant. */
export function beijingDayOf(iso: string): string {
  return new Date(Date.parse(iso) + SHANGHAI_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The p-th percentile (0 < p ≤ 100) by the nearest-rank method: the smallest value with at least
 * p% of the values at or below it. It is always one of the values (a real order's turnaround),
 * never an interpolation; undefined for no values.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!(p > 0 && p <= 100)) throw new RangeError('percentile must be in (0, 100]');
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(1, rank) - 1];
}

export interface PeriodChange {
  current: number;
  previous: number;
  /** current − previous */
  delta: number;
  /** delta / previous, e.g. 0.25 for +25%; null when the previous period had nothing (no base to compare) */
  ratio: number | null;
}

/** This period against the previous one of the same length. */
export function periodChange(current: number, previous: number): PeriodChange {
  return { current, previous, delta: current - previous, ratio: previous === 0 ? null : (current - previous) / previous };
}

/** A change as staff read it: +25%, −10%, 持平, or 新增 when there was nothing before. */
export function periodChangeText(change: PeriodChange): string {
  if (change.ratio === null) return change.current === 0 ? '持平' : '新增';
  const percent = Math.round(change.ratio * 100);
  if (percent === 0) return '持平';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

/** A turnaround as staff read it: 45分钟, 2小时30分, 1天3小时; — when there is none. */
export function durationText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole}分钟`;
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  const rest = whole % 60;
  return rest > 0 ? `${hours}小时${rest}分` : `${hours}小时`;
}
