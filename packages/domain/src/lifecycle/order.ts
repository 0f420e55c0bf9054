/**
 * The order's two state machines: its payment `status` and its handling `process_status`.
 * Each is a table of allowed moves; the guards the server and both front ends ask are named
 * predicates, here and in order-guards.ts, so a rule is written once. How statuses look is in status-display.ts.
 * Helpers that take a StatusCode accept numbers too, because some sources send the digits as numbers.
 *
 * There is no "closed" status: an unpaid order stays payable (docs/decisions/016-order-lifecycle-and-table-owners.md).
 */

export const ORDER_STATUS = { unpaid: '1', paid: '2', refunded: '4' } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.unpaid, ORDER_STATUS.paid, ORDER_STATUS.refunded];

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = { '1': '未支付', '2': '已支付', '4': '已退款' };

export const PROCESS_STATUS = { pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' } as const;
export type ProcessStatus = (typeof PROCESS_STATUS)[keyof typeof PROCESS_STATUS];

export type StatusCode = string | number;

/**
 * Payment status: money arriving pays an unpaid order; a successful full refund refunds a paid
 * one. Nothing leaves refunded.
 */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  '1': ['2'],
  '2': ['4'],
  '4': [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMoveOrderStatus(from: string, to: string): boolean {
  return isOrderStatus(from) && isOrderStatus(to) && ORDER_STATUS_MOVES[from].includes(to);
}

/** The order staff see the process statuses in: the path of a typical order, then its exits. */
export const PROCESS_STATUS_FLOW = ['1', '4', '3', '2', '5'] as const satisfies readonly ProcessStatus[];

/**
 * Handling status, moved by staff on a paid order: between any two statuses, except that 5
 * (ended) is final. The refund path also sets 5, together with the payment status move 2 → 4.
 */
export const PROCESS_STATUS_MOVES: Readonly<Record<ProcessStatus, readonly ProcessStatus[]>> = {
  '1': ['4', '3', '2', '5'],
  '4': ['1', '3', '2', '5'],
  '3': ['1', '4', '2', '5'],
  '2': ['1', '4', '3', '5'],
  '5': [],
};

export function isProcessStatus(value: unknown): value is ProcessStatus {
  return typeof value === 'string' && (PROCESS_STATUS_FLOW as readonly string[]).includes(value);
}

export function canMoveProcessStatus(from: string, to: string): boolean {
  return isProcessStatus(from) && isProcessStatus(to) && PROCESS_STATUS_MOVES[from].includes(to);
}

/** Why a staff move of the process status is refused; undefined when it is allowed. */
export type ProcessMoveRefusal = 'NOT_PAID' | 'SAME' | 'TERMINAL' | 'UNKNOWN';

/** A move of the handling status, checked against the order's payment status and the table. */
export function processMoveRefusal(input: { status: string; from: string; to: string }): ProcessMoveRefusal | undefined {
  if (!isProcessStatus(input.to)) return 'UNKNOWN';
  if (!isOrderPaid(input.status)) return 'NOT_PAID';
  if (input.from === input.to) return 'SAME';
  if (!canMoveProcessStatus(input.from, input.to)) return 'TERMINAL';
  return undefined;
}

/** Paid and not refunded: the order is being (or was) handled. */
export function isOrderPaid(status: StatusCode): boolean {
  return String(status) === ORDER_STATUS.paid;
}

/** The name the web app has used for isOrderPaid. */
export const isPaidStatus = isOrderPaid;

export function isOrderUnpaid(status: StatusCode): boolean {
  return String(status) === ORDER_STATUS.unpaid;
}

export function isOrderRefunded(status: StatusCode): boolean {
  return String(status) === ORDER_STATUS.refunded;
}

/** Statuses of an order that was paid at some point: paid, or paid and since refunded. */
export const ORDER_STATUSES_AFTER_PAYMENT: readonly OrderStatus[] = [ORDER_STATUS.paid, ORDER_STATUS.refunded];

/** Paid at some point: such an order has a handling status worth showing and counts in revenue. */
export function wasOrderPaid(status: StatusCode): boolean {
  return (ORDER_STATUSES_AFTER_PAYMENT as readonly string[]).includes(String(status));
}

/** Only a completed order shows the completion stamp and screenshots. */
export function isCompletionVisible(ps: StatusCode): boolean {
  return String(ps) === PROCESS_STATUS.completed;
}
