/**
 * Order payment status and handling progress (spec §4 "Order process_status display",
 * architecture §6); how they look is in status-display.ts.
 * Helpers take string or number because the codes are digits and some sources send numbers.
 */

export const ORDER_STATUS = { unpaid: '1', paid: '2', closed: '3', refunded: '4' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const PROCESS_STATUS = { pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' } as const;
export type ProcessStatus = (typeof PROCESS_STATUS)[keyof typeof PROCESS_STATUS];

export type StatusCode = string | number;

/** Only a completed order shows the completion stamp and screenshots. */
export function isCompletionVisible(ps: StatusCode): boolean {
  return String(ps) === PROCESS_STATUS.completed;
}

export function isPaidStatus(status: StatusCode): boolean {
  return String(status) === ORDER_STATUS.paid;
}
