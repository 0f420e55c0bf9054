/**
 * Who may give a paid order to whom (decision 041): taking it oneself, assigning it to a colleague,
 * and the bounds of a bulk action over selected orders.
 */
import { isOrderPaid } from './lifecycle/order.ts';

/** At most this many orders in one bulk action: a page of the list at its largest size, twice. */
export const BULK_ORDER_MAX = 200;

/** Who assigns: their id and whether they may assign and reassign (admins: orders.reassign). */
export interface Assigner {
  staffId: number;
  mayReassign: boolean;
}

/**
 * Why an assignment is refused; undefined when it may go ahead.
 * - NOT_PAID: only a paid order has anything to handle.
 * - ASSIGN_OTHERS_FORBIDDEN: a clerk may only take orders for themself.
 * - TAKEN_BY_OTHER: a clerk may only take an order nobody has; taking it from a colleague is an admin's call.
 */
export type AssignmentRefusal = 'NOT_PAID' | 'ASSIGN_OTHERS_FORBIDDEN' | 'TAKEN_BY_OTHER';

/**
 * The permission rule: an admin assigns any paid order to any active colleague, also away from its
 * current handler (reassigning); a clerk may only assign an unassigned order to themself (taking it).
 * Assigning an order to the handler it already has is no refusal (nothing changes).
 */
export function assignmentRefusal(order: { status: string; admin_id: number | null }, assigner: Assigner, assigneeId: number): AssignmentRefusal | undefined {
  if (!isOrderPaid(order.status)) return 'NOT_PAID';
  if (order.admin_id === assigneeId) return undefined;
  if (assigner.mayReassign) return undefined;
  if (!mayAssignTo(assigner, assigneeId)) return 'ASSIGN_OTHERS_FORBIDDEN';
  return order.admin_id === null ? undefined : 'TAKEN_BY_OTHER';
}

/** Whether this assigner may give orders to that staff member at all (before looking at any order). */
export function mayAssignTo(assigner: Assigner, assigneeId: number): boolean {
  return assigner.mayReassign || assigneeId === assigner.staffId;
}
