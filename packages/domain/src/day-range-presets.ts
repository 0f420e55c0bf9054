import { shanghaiDate } from './countdown.ts';

/**
 * The quick choices of the console's date filters: calendar days in Shanghai, both ends included,
 * as the lists' `from` / `to` query parameters take them (YYYY-MM-DD; decision 038's day ranges).
 * Weeks start on Monday, as Chinese calendars and dayjs's zh-cn locale count them.
 */
export type DayRangePreset = { label: string; from: string; to: string };

const iso = (date: Date) => date.toISOString().slice(0, 10);

export function dayRangePresets(now: Date): DayRangePreset[] {
  const { year, month, day } = shanghaiDate(now);
  // Dates as UTC midnights: day arithmetic without time zones or daylight saving.
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
  const today = at(year, month, day);
  const daysSinceMonday = (today.getUTCDay() + 6) % 7;
  return [
    { label: '今天', from: iso(today), to: iso(today) },
    { label: '昨天', from: iso(at(year, month, day - 1)), to: iso(at(year, month, day - 1)) },
    { label: '本周', from: iso(at(year, month, day - daysSinceMonday)), to: iso(today) },
    { label: '本月', from: iso(at(year, month, 1)), to: iso(today) },
    // Day 0 of this month is the last day of the previous one.
    { label: '上月', from: iso(at(year, month - 1, 1)), to: iso(at(year, month, 0)) },
    { label: '近30天', from: iso(at(year, month, day - 29)), to: iso(today) },
  ];
}
