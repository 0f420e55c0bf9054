/**
 * Who may see an order's full ID number in the console (docs/security.md). The number is the most
 * sensitive thing the agent keeps; staff see it masked, and a reveal is one audited click with a
 * reason. A clerk sees it only on an order they handle (the order's admin_id is theirs), at most a
 * set number of times a day (CONSOLE_ID_REVEALS_PER_DAY); an admin (orders.reveal_any_id) on any
 * order, without the daily number.
 */

/** The reasons staff choose from; 其他 needs a few words of its own. */
export const ID_REVEAL_REASONS = ['联系客户核实身份', '办理需要', '其他'] as const;
export type IdRevealReason = (typeof ID_REVEAL_REASONS)[number];

/** The longest note a reveal's reason takes. */
export const ID_REVEAL_NOTE_MAX = 100;

/** A clerk's reveals a day when the operator sets none (CONSOLE_ID_REVEALS_PER_DAY). */
export const DEFAULT_ID_REVEALS_PER_DAY = 30;

export function isIdRevealReason(value: unknown): value is IdRevealReason {
  return typeof value === 'string' && (ID_REVEAL_REASONS as readonly string[]).includes(value);
}

/** Who asks: their id, whether they may reveal any order's number, and their reveals so far today. */
export interface IdRevealer {
  staffId: number;
  mayRevealAny: boolean;
  revealsToday: number;
  /** the daily number for those who may not reveal any (CONSOLE_ID_REVEALS_PER_DAY) */
  dailyLimit: number;
}

/**
 * Why a reveal is refused; undefined when it may go ahead.
 * - NOT_THEIR_ORDER: a clerk asked for an order they do not handle (nobody's, or a colleague's).
 * - DAILY_LIMIT: a clerk has used up today's reveals.
 */
export type IdRevealRefusal = 'NOT_THEIR_ORDER' | 'DAILY_LIMIT';

export function idRevealRefusal(order: { admin_id: number | null }, revealer: IdRevealer): IdRevealRefusal | undefined {
  if (revealer.mayRevealAny) return undefined;
  if (!mayRevealIdOf(order, revealer)) return 'NOT_THEIR_ORDER';
  return revealer.revealsToday >= revealer.dailyLimit ? 'DAILY_LIMIT' : undefined;
}

/** Whether this order's number is one the staff member may ask for at all (the console shows the button then). */
export function mayRevealIdOf(order: { admin_id: number | null }, revealer: Pick<IdRevealer, 'staffId' | 'mayRevealAny'>): boolean {
  return revealer.mayRevealAny || (order.admin_id !== null && order.admin_id === revealer.staffId);
}

/** The reason as the audit row keeps it, or NOTE_REQUIRED when 其他 comes without words. */
export function idRevealReasonText(reason: IdRevealReason, note: string): { text: string } | 'NOTE_REQUIRED' {
  const words = note.trim().slice(0, ID_REVEAL_NOTE_MAX);
  if (reason === '其他' && words === '') return 'NOTE_REQUIRED';
  return { text: words === '' ? reason : `${reason}：${words}` };
}
