/**
 * Who may give a complaint to whom: decision 041's rule for orders, applied to complaints
 * (docs/decisions/056-complaints-on-the-right-order.md). An admin assigns any complaint to any active
 * colleague, also away from its current handler; a clerk may only take a complaint nobody has.
 */
import { mayAssignTo, type Assigner } from './order-assignment.ts';

export type ComplaintAssignmentRefusal = 'ASSIGN_OTHERS_FORBIDDEN' | 'TAKEN_BY_OTHER';

/** Why this assignment is refused; undefined when it may go ahead (also when nothing would change). */
export function complaintAssignmentRefusal(complaint: { assignee_id: number | null }, assigner: Assigner, assigneeId: number): ComplaintAssignmentRefusal | undefined {
  if (complaint.assignee_id === assigneeId) return undefined;
  if (assigner.mayReassign) return undefined;
  if (!mayAssignTo(assigner, assigneeId)) return 'ASSIGN_OTHERS_FORBIDDEN';
  return complaint.assignee_id === null ? undefined : 'TAKEN_BY_OTHER';
}
