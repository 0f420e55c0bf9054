/**
 * Both providers speak Beijing time (UTC+8, no daylight saving time). These format our UTC
 * instants as Shanghai wall-clock text without touching the process time zone, and parse it back.
 */
const OFFSET_MS = 8 * 3600 * 1000;

function wallClock(date: Date): string {
  // 2025-03-01T08:00:00.000Z shifted by +8 h → "2025-03-01T16:00:00"
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 19);
}

/** WeChat Pay `time_expire`: `2025-03-01T16:00:00+08:00` (RFC 3339, no fraction). */
export function shanghaiRfc3339(date: Date): string {
  return `${wallClock(date)}+08:00`;
}

/** Alipay `time_expire` and timestamps: `2025-03-01 16:00:00`. */
export function shanghaiDateTime(date: Date): string {
  return wallClock(date).replace('T', ' ');
}

/** Parses `yyyy-MM-dd HH:mm:ss` read as Shanghai time; undefined when it is not that shape. */
export function parseShanghaiDateTime(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** Parses an RFC 3339 timestamp with an explicit offset (WeChat's `success_time`). */
export function parseRfc3339(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
