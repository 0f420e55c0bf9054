/**
 * Two refund machines. A refund is the payment side's full refund of one paid attempt, under a
 * number reused on every retry (docs/decisions/007). A refund request is the console's approval
 * around the order's own refund: a clerk asks, an admin approves or rejects (docs/decisions/008).
 */

export const REFUND_STATUSES = ['REQUESTED', 'PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** REQUESTED is ours (not yet accepted by the provider); the others are what the provider reports. */
export const REFUND_MOVES: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  REQUESTED: ['PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED'],
  PROCESSING: ['SUCCESS', 'ABNORMAL', 'CLOSED'],
  // An abnormal refund can be finished by hand in the merchant platform.
  ABNORMAL: ['SUCCESS', 'CLOSED'],
  SUCCESS: [],
  CLOSED: [],
};

export function isRefundStatus(value: unknown): value is RefundStatus {
  return typeof value === 'string' && (REFUND_STATUSES as readonly string[]).includes(value);
}

export function canMoveRefund(from: string, to: string): boolean {
  return isRefundStatus(from) && isRefundStatus(to) && REFUND_MOVES[from].includes(to);
}

/** The console's refund requests. */
export const REFUND_REQUEST_STATUSES = ['PENDING', 'REJECTED', 'SUCCEEDED', 'PROCESSING', 'FAILED'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/**
 * PENDING waits for an admin; approving claims it (PROCESSING) and then records the payment side's
 * answer; rejecting ends it. A request still processing reads as SUCCEEDED once the order is refunded.
 */
export const REFUND_REQUEST_MOVES: Readonly<Record<RefundRequestStatus, readonly RefundRequestStatus[]>> = {
  PENDING: ['PROCESSING', 'REJECTED'],
  PROCESSING: ['SUCCEEDED', 'FAILED'],
  SUCCEEDED: [],
  REJECTED: [],
  FAILED: [],
};

export function isRefundRequestStatus(value: unknown): value is RefundRequestStatus {
  return typeof value === 'string' && (REFUND_REQUEST_STATUSES as readonly string[]).includes(value);
}

export function canMoveRefundRequest(from: string, to: string): boolean {
  return isRefundRequestStatus(from) && isRefundRequestStatus(to) && REFUND_REQUEST_MOVES[from].includes(to);
}

/** Refund requests that are still open: waiting for an admin, or approved and not finished. */
export const OPEN_REFUND_REQUEST_STATUSES: readonly RefundRequestStatus[] = ['PENDING', 'PROCESSING'];

/** A refund is open for the order: while one is, its handling status may not change and no second request is taken. */
export function isRefundOpen(status: string): boolean {
  return (OPEN_REFUND_REQUEST_STATUSES as readonly string[]).includes(status);
}

/**
 * The refund of this request went out, or is on its way (approved and sent to the provider): what
 * WeChat Pay's complaint API calls 同意退款 (decision 040). Null: no request.
 */
export function isRefundRequestLaunched(status: string | null): boolean {
  return status === 'PROCESSING' || status === 'SUCCEEDED';
}
