/**
 * The promise measured (docs/decisions/044-first-call-and-sla.md): a specialist
 * phones within 24 hours of payment. Staff record each call with its outcome; the first recorded
 * call, whatever its outcome, keeps the promise (the specialist called). This file is the one rule
 * for the clock: the list's column and views, the order's page, the dashboard and the alerts.
 */
import { ORDER_STATUS } from './lifecycle/order.ts';
import { OPEN_PROCESS_STATUSES } from './lifecycle/order-guards.ts';
import { CALL_PROMISE_MS } from './order-handling.ts';

export const CALL_OUTCOMES = ['connected', 'no_answer', 'wrong_number', 'not_needed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What staff pick, in their words. */
export const CALL_OUTCOME_NAMES: Record<CallOutcome, string> = {
  connected: '已接通·已沟通',
  no_answer: '未接通（无人接听/关机/占线）',
  wrong_number: '号码有误/空号',
  not_needed: '已接通·客户暂不需要',
};

/** The customer answered: the call reached them (as opposed to an attempt). */
export function isConnectedCall(outcome: string): boolean {
  return outcome === 'connected' || outcome === 'not_needed';
}

/** A call's note: one short paragraph. */
export const CALL_NOTE_MAX_CHARS = 500;

/** Less than this left on the clock and nobody has called: 即将超时 (amber), so someone calls now. */
export const NEAR_BREACH_MS = 4 * 3600 * 1000;

export type FirstCallSlaState = 'met' | 'met_late' | 'running' | 'near_breach' | 'breached' | 'none';

export interface FirstCallSla {
  state: FirstCallSlaState;
  /** payment + 24 h (ISO); null when the order is not paid */
  deadline: string | null;
  /**
   * running / near_breach: minutes left (rounded down); breached: minutes past the deadline;
   * met_late: how late the first call was; met: how long it took; none: 0
   */
  minutes: number;
}

export interface FirstCallSlaInput {
  status: string;
  process_status: string;
  pay_time: string | null;
  first_call_time: string | null;
}

const MINUTE_MS = 60 * 1000;

/**
 * The clock of one order at `now`. A call on time is met, a late one met_late (for good). Without a
 * call the clock runs only while the order is paid and open: a refunded, completed or ended order
 * that nobody called has no clock (none) — there is nobody left to call about it. Exactly 24 h
 * after payment is still on time; a moment later it is breached.
 */
export function firstCallSla(order: FirstCallSlaInput, now: Date): FirstCallSla {
  const paid = order.pay_time ? Date.parse(order.pay_time) : Number.NaN;
  if (Number.isNaN(paid)) return { state: 'none', deadline: null, minutes: 0 };
  const deadlineMs = paid + CALL_PROMISE_MS;
  const deadline = new Date(deadlineMs).toISOString();
  if (order.first_call_time) {
    const called = Date.parse(order.first_call_time);
    if (called <= deadlineMs) return { state: 'met', deadline, minutes: Math.max(0, Math.floor((called - paid) / MINUTE_MS)) };
    return { state: 'met_late', deadline, minutes: Math.ceil((called - deadlineMs) / MINUTE_MS) };
  }
  const open = order.status === ORDER_STATUS.paid && (OPEN_PROCESS_STATUSES as readonly string[]).includes(order.process_status);
  if (!open) return { state: 'none', deadline, minutes: 0 };
  const left = deadlineMs - now.getTime();
  if (left < 0) return { state: 'breached', deadline, minutes: Math.ceil(-left / MINUTE_MS) };
  return { state: left < NEAR_BREACH_MS ? 'near_breach' : 'running', deadline, minutes: Math.floor(left / MINUTE_MS) };
}

/**
 * The same rule as bounds on the payment time, for SQL over paid, open orders nobody has called:
 * paid before `breachedBefore` is breached; paid in [breachedBefore, nearBreachBefore) is near breach.
 * (A payment exactly at breachedBefore is 24 h old: still on time, as firstCallSla says.)
 */
export function firstCallSlaBounds(now: Date): { breachedBefore: string; nearBreachBefore: string } {
  return {
    breachedBefore: new Date(now.getTime() - CALL_PROMISE_MS).toISOString(),
    nearBreachBefore: new Date(now.getTime() - CALL_PROMISE_MS + NEAR_BREACH_MS).toISOString(),
  };
}

/** Hours as staff read them on the clock: 5小时, 40分钟; never 0小时. */
function hoursText(minutes: number): string {
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest > 0 && hours < 10 ? `${hours}小时${rest}分` : `${hours}小时`;
}

/** The clock in a few words: 剩 5小时, 超时 3小时, 已联系, 超时后联系（晚 2小时）, —. */
export function firstCallSlaText(sla: Pick<FirstCallSla, 'state' | 'minutes'>): string {
  switch (sla.state) {
    case 'running':
    case 'near_breach':
      return `剩 ${hoursText(sla.minutes)}`;
    case 'breached':
      return `超时 ${hoursText(sla.minutes)}`;
    case 'met':
      return '已联系';
    case 'met_late':
      return `已联系（超时 ${hoursText(sla.minutes)}）`;
    case 'none':
      return '—';
  }
}
