import { SHANGHAI_UTC_OFFSET_MS } from './countdown.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the visitor reads it on receipts and in lookups: 'YYYY-MM-DD HH:mm:ss' in
 * Asia/Shanghai (UTC+8, no daylight saving; see countdown.ts), whatever the browser's zone.
 * The wire carries ISO 8601 strings; a missing or unreadable value reads as '—'.
 */
export function formatShanghaiDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '—';
  const d = new Date(time + SHANGHAI_UTC_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
