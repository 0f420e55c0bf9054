/**
 * Beijing time as the two gateways write it, the fakes' own: WeChat Pay writes RFC 3339 with the
 * offset (`2026-01-02T11:04:05+08:00`), Alipay a bare wall clock read as Beijing time
 * (`2026-01-02 11:04:05`). Written from the gateways' documentation and the time-zone database
 * (Asia/Shanghai), not from the adapters' code, so a format mistake in either side shows up as a
 * disagreement instead of being made twice.
 */
const BEIJING_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Shanghai',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function beijingFields(date: Date): { date: string; time: string } {
  const field: Record<string, string> = {};
  for (const part of BEIJING_WALL_CLOCK.formatToParts(date)) field[part.type] = part.value;
  return { date: `${field.year}-${field.month}-${field.day}`, time: `${field.hour}:${field.minute}:${field.second}` };
}

/** Alipay's timestamps (`timestamp`, `gmt_payment`, `gmt_refund_pay`, `notify_time`): `2026-01-02 11:04:05`. */
export function beijingDateTime(date: Date): string {
  const { date: day, time } = beijingFields(date);
  return `${day} ${time}`;
}

/** WeChat Pay's timestamps (`success_time`, `create_time`): `2026-01-02T11:04:05+08:00`, no fraction. */
export function beijingRfc3339(date: Date): string {
  const { date: day, time } = beijingFields(date);
  return `${day}T${time}+08:00`;
}

/** Reads Alipay's `yyyy-MM-dd HH:mm:ss` as Beijing time; undefined for any other shape or a date that does not exist. */
export function parseBeijingDateTime(text: string | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  // Beijing is eight hours ahead of UTC all year (no daylight saving time since 1991).
  const instant = new Date(Date.UTC(year, month - 1, day, hour - 8, minute, second));
  // Date.UTC rolls 2026-02-30 over into March: only a text that reads back the same is a real time.
  return beijingDateTime(instant) === text ? instant : undefined;
}
