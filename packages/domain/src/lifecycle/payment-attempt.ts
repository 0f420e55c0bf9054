/**
 * A payment attempt: one trade opened at a provider for an order (one QR code, cashier or in-app
 * payment). An order may have several; at most one is PENDING, and the one whose money paid the
 * order settles it. Money can arrive on any attempt that is not yet PAID (a late scan of an old QR
 * code, a payment racing a close): it is recorded, and if the order was already paid it goes back
 * in full (docs/decisions/007).
 */

export const PAYMENT_ATTEMPT_STATUSES = ['PENDING', 'PAID', 'CLOSED', 'EXPIRED', 'SUPERSEDED'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * PENDING: open at the provider. SUPERSEDED: a newer attempt replaced it (closed at the provider
 * when the sweep confirms it). EXPIRED: its payment window passed. CLOSED: the provider closed it
 * or refused to open it. PAID: money arrived.
 */
export const PAYMENT_ATTEMPT_MOVES: Readonly<Record<PaymentAttemptStatus, readonly PaymentAttemptStatus[]>> = {
  PENDING: ['PAID', 'SUPERSEDED', 'EXPIRED', 'CLOSED'],
  SUPERSEDED: ['PAID'],
  EXPIRED: ['PAID'],
  CLOSED: ['PAID'],
  PAID: [],
};

export function isPaymentAttemptStatus(value: unknown): value is PaymentAttemptStatus {
  return typeof value === 'string' && (PAYMENT_ATTEMPT_STATUSES as readonly string[]).includes(value);
}

export function canMoveAttempt(from: string, to: string): boolean {
  return isPaymentAttemptStatus(from) && isPaymentAttemptStatus(to) && PAYMENT_ATTEMPT_MOVES[from].includes(to);
}

/** Money may still be recorded on it: every status but PAID. */
export function canAttemptBePaid(status: string): boolean {
  return canMoveAttempt(status, 'PAID');
}

/** Still open at the provider as far as we know: pending, or superseded and not yet confirmed closed. */
export function isAttemptOpenAtProvider(status: string): boolean {
  return status === 'PENDING' || status === 'SUPERSEDED';
}
