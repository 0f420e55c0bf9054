/**
 * Working days as the visitor reads 「3个工作日内」 (packages/domain/src/report.ts): Monday to Friday on the
 * Beijing calendar (UTC+8, no daylight saving). Statutory holidays and the weekends worked in their
 * place (调休) are not known here: a promise falling in a holiday week is counted on weekdays, so
 * it comes earlier than the calendar would allow, never later.
 */

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Whether the Beijing calendar day that `at` falls on is Monday to Friday. */
export function isWorkingDay(at: Date): boolean {
  const weekday = new Date(at.getTime() + BEIJING_OFFSET_MS).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

/**
 * The last moment (Beijing 23:59:59.999) of the `days`-th working day after the day of `from`: the
 * day something arrives does not count, whatever the hour, so a complaint sent on Friday evening
 * and one sent on Saturday both have until Wednesday night for 3 working days.
 */
export function endOfWorkingDaysAfter(from: Date, days: number): Date {
  // Midnight that starts `from`'s Beijing day, as an instant.
  let dayStart = Math.floor((from.getTime() + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
  let counted = 0;
  while (counted < days) {
    dayStart += DAY_MS;
    if (isWorkingDay(new Date(dayStart))) counted += 1;
  }
  return new Date(dayStart + DAY_MS - 1);
}
