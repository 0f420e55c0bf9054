/** The UTC offset of Asia/Shanghai in Date#getTimezoneOffset's sign convention (minutes, UTC − local). */
const SHANGHAI_OFFSET_MINUTES = -480;

/**
 * Alipay's SDK stamps requests with the process's local wall clock, and Alipay reads it as
 * Beijing time. On a UTC host that is 8 hours off, so with Alipay configured the process runs in
 * Asia/Shanghai (China has no daylight saving time; our own timestamps are UTC ISO strings anyway).
 *
 * Changing the process time zone is a process-wide side effect, so only the places where a process
 * starts call this (apps/api/src/server.ts, and test set-ups that build Alipay), never an import.
 */
export function useShanghaiTimezone(): void {
  if (!runsInShanghaiTime()) process.env.TZ = 'Asia/Shanghai';
}

/** Whether local wall-clock time is Beijing time, as the Alipay SDK needs. */
export function runsInShanghaiTime(): boolean {
  return new Date().getTimezoneOffset() === SHANGHAI_OFFSET_MINUTES;
}
