import { describe, expect, it } from 'vitest';
import { complaintAssignmentRefusal } from './complaint-assignment.ts';

const clerk = { staffId: 7, mayReassign: false };
const admin = { staffId: 1, mayReassign: true };

describe('who may give a complaint to whom (decision 041 for complaints)', () => {
  it('a clerk takes a complaint nobody has, and nothing else', () => {
    expect(complaintAssignmentRefusal({ assignee_id: null }, clerk, 7)).toBeUndefined();
    expect(complaintAssignmentRefusal({ assignee_id: null }, clerk, 8)).toBe('ASSIGN_OTHERS_FORBIDDEN');
    expect(complaintAssignmentRefusal({ assignee_id: 8 }, clerk, 7)).toBe('TAKEN_BY_OTHER');
    expect(complaintAssignmentRefusal({ assignee_id: 7 }, clerk, 7)).toBeUndefined();
  });

  it('an admin assigns and reassigns to anyone', () => {
    expect(complaintAssignmentRefusal({ assignee_id: null }, admin, 8)).toBeUndefined();
    expect(complaintAssignmentRefusal({ assignee_id: 8 }, admin, 7)).toBeUndefined();
  });
});
