import { PROCESS_STATUS, isOrderPaid, isOrderRefunded, type ProcessStatus, type StatusCode } from './order.ts';

/**
 * What may be done to an order now, asked by the server and both front ends: take it, handle it,
 * file its declaration, refund it. Apart from order.ts so that the visitor app's home route, which
 * needs only the status checks, does not carry the console's and the declaration's guards (decision 011).
 */

/** Handling statuses still open for the staff member who took the order (not completed, not ended). */
export const OPEN_PROCESS_STATUSES: readonly ProcessStatus[] = [PROCESS_STATUS.pending, PROCESS_STATUS.waitingCustomer, PROCESS_STATUS.processing];

/** A paid order nobody has started on: the console's "new" queue. */
export function isAwaitingHandling(order: { status: string; process_status: string }): boolean {
  return isOrderPaid(order.status) && order.process_status === PROCESS_STATUS.pending;
}

/** Staff may take (or take over) a paid order only. */
export function canTakeOrder(order: { status: string }): boolean {
  return isOrderPaid(order.status);
}

/** Who wants to handle an order: the staff member's id and whether they may act on another's order. */
export interface OrderHandler {
  staffId: number;
  mayReassign: boolean;
}

/** Why a staff member may not act on an order's handling; undefined when they may. */
export type HandlingRefusal = 'NOT_TAKEN' | 'TAKEN_BY_OTHER';

/** Handling actions need the order taken by the staff member; one who may reassign may act on anyone's. */
export function handlingRefusal(order: { admin_id: number | null }, handler: OrderHandler): HandlingRefusal | undefined {
  if (order.admin_id === handler.staffId) return undefined;
  if (order.admin_id === null) return 'NOT_TAKEN';
  return handler.mayReassign ? undefined : 'TAKEN_BY_OTHER';
}

/** May this staff member move the status of, or add screenshots to, this order now? */
export function canHandleOrder(order: { status: string; admin_id: number | null }, handler: OrderHandler): boolean {
  return isOrderPaid(order.status) && handlingRefusal(order, handler) === undefined;
}

/**
 * The annual declaration may be filed (or changed) while an annual-report order is paid and
 * still waiting to be handled; once staff start, it is fixed.
 */
export function isDeclarationEditable(order: { goods_type: string; status: string; process_status: string }): boolean {
  return order.goods_type === 'license_year' && isAwaitingHandling(order);
}

/** Why an order cannot be refunded; undefined when it can (it is paid). */
export type OrderRefundRefusal = 'ALREADY_REFUNDED' | 'NOT_PAID';

export function orderRefundRefusal(status: StatusCode): OrderRefundRefusal | undefined {
  if (isOrderRefunded(status)) return 'ALREADY_REFUNDED';
  if (!isOrderPaid(status)) return 'NOT_PAID';
  return undefined;
}
