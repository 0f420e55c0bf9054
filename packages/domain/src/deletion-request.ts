import { ORDER_STATUS } from './lifecycle/order.ts';
import { isClosedForRetention } from './retention.ts';

/**
 * The visitor's own deletion request (docs/decisions/037-visitor-deletion-request.md): asked from
 * the progress page, confirmed with a one-time SMS code sent to the order's phone. Once confirmed,
 * every order placed with that phone loses its personal data: closed ones at once, open ones when
 * they close (the retention sweep).
 */

export const DELETION_CODE_LENGTH = 6;
/** How long a code can be used. */
export const DELETION_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes before the code is dead; a new one must be asked for. */
export const DELETION_CODE_MAX_ATTEMPTS = 5;
/** The least time between two codes to one phone. */
export const DELETION_CODE_RESEND_MS = 60_000;
/** Codes one phone can receive in a day. */
export const DELETION_CODES_PER_DAY = 5;

export const DELETION_STATUS = {
  /** a code was sent and not used yet */
  codeSent: 'code_sent',
  /** too many wrong codes: this request is dead */
  locked: 'locked',
  /** confirmed; some orders are still open and will be purged when they close */
  waiting: 'waiting',
  /** confirmed, and every order it covers has been purged */
  completed: 'completed',
} as const;
export type DeletionStatus = (typeof DELETION_STATUS)[keyof typeof DELETION_STATUS];

export const DELETION_STATUS_NAMES: Record<DeletionStatus, string> = {
  code_sent: '待验证',
  locked: '验证失败',
  waiting: '已确认，待订单办结后删除',
  completed: '已删除',
};

/**
 * Closed for a deletion request: what retention calls closed (refunded, or paid and completed or
 * ended) and unpaid orders, whose payment the visitor gave up; an order still being handled keeps
 * its data until it closes, because the agent needs it to file.
 */
export function isClosedForDeletion(order: { status: string; process_status: string }): boolean {
  return order.status === ORDER_STATUS.unpaid || isClosedForRetention(order);
}

export type DeletionCodeCheck = 'ok' | 'wrong' | 'expired' | 'locked' | 'none';

/** Whether a typed code may confirm the request: the caller has compared the hashes (`matches`). */
export function checkDeletionCode(input: { status: string; codeExpiresAt: string | null; attempts: number; matches: boolean; now: Date }): DeletionCodeCheck {
  if (input.status === DELETION_STATUS.locked || input.attempts >= DELETION_CODE_MAX_ATTEMPTS) return 'locked';
  if (input.status !== DELETION_STATUS.codeSent || input.codeExpiresAt === null) return 'none';
  if (input.now.toISOString() >= input.codeExpiresAt) return 'expired';
  return input.matches ? 'ok' : 'wrong';
}

/** Whether one more code may be sent to the phone now, given the codes sent to it in the last day. */
export function deletionCodeAllowed(input: { sentInLastDay: number; lastSentAt: string | null; now: Date }): 'ok' | 'too_soon' | 'too_many' {
  if (input.sentInLastDay >= DELETION_CODES_PER_DAY) return 'too_many';
  if (input.lastSentAt !== null && input.now.getTime() - new Date(input.lastSentAt).getTime() < DELETION_CODE_RESEND_MS) return 'too_soon';
  return 'ok';
}

export function isDeletionCode(value: string): boolean {
  return new RegExp(`^\\d{${DELETION_CODE_LENGTH}}$`).test(value);
}
