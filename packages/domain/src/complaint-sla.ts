/**
 * The promise the report screen makes (REPORT_HANDLING_DAYS: 「客服专员会在3个工作日内…处理」), measured
 * as the first call is (docs/decisions/044-first-call-and-sla.md): the same states, so the console shows
 * both with the same tag, views and colours. The deadline is fixed when the complaint arrives.
 */
import type { FirstCallSla } from './first-call-sla.ts';
import { REPORT_HANDLING_DAYS } from './report.ts';
import { endOfWorkingDaysAfter } from './working-days.ts';

/** Less than a day left and still open: 即将超时. */
export const COMPLAINT_NEAR_BREACH_MS = 24 * 3600 * 1000;

const MINUTE_MS = 60 * 1000;

/** The end of the third working day after the day the complaint arrived (ISO). */
export function complaintDeadline(createdAt: Date): string {
  return endOfWorkingDaysAfter(createdAt, REPORT_HANDLING_DAYS).toISOString();
}

export interface ComplaintSlaInput {
  status: string;
  due_at: string;
  handled_at: string | null;
}

/**
 * The clock of one complaint at `now`: handled by the deadline → met, after it → met_late (with how
 * late); open → running, near_breach under a day left, breached after the deadline (exactly at it is
 * still on time, as for the first call).
 */
export function complaintSla(complaint: ComplaintSlaInput, now: Date): FirstCallSla {
  const due = Date.parse(complaint.due_at);
  if (Number.isNaN(due)) return { state: 'none', deadline: null, minutes: 0 };
  const deadline = new Date(due).toISOString();
  if (complaint.status === 'handled') {
    const handled = complaint.handled_at ? Date.parse(complaint.handled_at) : Number.NaN;
    if (Number.isNaN(handled) || handled <= due) return { state: 'met', deadline, minutes: 0 };
    return { state: 'met_late', deadline, minutes: Math.ceil((handled - due) / MINUTE_MS) };
  }
  const left = due - now.getTime();
  if (left < 0) return { state: 'breached', deadline, minutes: Math.ceil(-left / MINUTE_MS) };
  return { state: left < COMPLAINT_NEAR_BREACH_MS ? 'near_breach' : 'running', deadline, minutes: Math.floor(left / MINUTE_MS) };
}

/**
 * The same rule as bounds on the deadline, for SQL over open complaints: due before `breachedBefore`
 * is overdue; due in [breachedBefore, nearBreachBefore) is near breach.
 */
export function complaintSlaBounds(now: Date): { breachedBefore: string; nearBreachBefore: string } {
  return { breachedBefore: now.toISOString(), nearBreachBefore: new Date(now.getTime() + COMPLAINT_NEAR_BREACH_MS).toISOString() };
}

/** Days and hours as staff read a complaint's clock: 2天5小时, 5小时, 40分钟. */
function spanText(minutes: number): string {
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时`;
  const rest = hours % 24;
  return rest > 0 ? `${Math.floor(hours / 24)}天${rest}小时` : `${Math.floor(hours / 24)}天`;
}

/** The clock in a few words: 剩 2天5小时, 超时 3小时, 已处理, 已处理（超时 1天）, —. */
export function complaintSlaText(sla: Pick<FirstCallSla, 'state' | 'minutes'>): string {
  switch (sla.state) {
    case 'running':
    case 'near_breach':
      return `剩 ${spanText(sla.minutes)}`;
    case 'breached':
      return `超时 ${spanText(sla.minutes)}`;
    case 'met':
      return '已处理';
    case 'met_late':
      return `已处理（超时 ${spanText(sla.minutes)}）`;
    case 'none':
      return '—';
  }
}
