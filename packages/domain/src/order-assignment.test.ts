import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from './lifecycle/order.ts';
import { assignmentRefusal, mayAssignTo } from './order-assignment.ts';

const admin = { staffId: 1, mayReassign: true };
const clerk = { staffId: 2, mayReassign: false };
const paid = (adminId: number | null) => ({ status: ORDER_STATUS.paid, admin_id: adminId });

describe('assignmentRefusal', () => {
  it('lets an admin assign an unassigned order to a colleague and reassign a taken one', () => {
    expect(assignmentRefusal(paid(null), admin, 3)).toBeUndefined();
    expect(assignmentRefusal(paid(3), admin, 4)).toBeUndefined();
    expect(assignmentRefusal(paid(3), admin, 1)).toBeUndefined();
  });

  it('lets a clerk take an unassigned order for themself only', () => {
    expect(assignmentRefusal(paid(null), clerk, 2)).toBeUndefined();
    expect(assignmentRefusal(paid(null), clerk, 3)).toBe('ASSIGN_OTHERS_FORBIDDEN');
  });

  it("refuses a clerk a colleague's order, for themself or for anyone else", () => {
    expect(assignmentRefusal(paid(3), clerk, 2)).toBe('TAKEN_BY_OTHER');
    expect(assignmentRefusal(paid(3), clerk, 4)).toBe('ASSIGN_OTHERS_FORBIDDEN');
  });

  it('changes nothing when the order already has that handler', () => {
    expect(assignmentRefusal(paid(2), clerk, 2)).toBeUndefined();
    expect(assignmentRefusal(paid(3), clerk, 3)).toBeUndefined();
  });

  it('refuses everyone an unpaid or refunded order', () => {
    expect(assignmentRefusal({ status: ORDER_STATUS.unpaid, admin_id: null }, admin, 3)).toBe('NOT_PAID');
    expect(assignmentRefusal({ status: ORDER_STATUS.refunded, admin_id: null }, clerk, 2)).toBe('NOT_PAID');
  });
});

describe('mayAssignTo', () => {
  it('lets an admin assign to anyone and a clerk only to themself', () => {
    expect(mayAssignTo(admin, 3)).toBe(true);
    expect(mayAssignTo(clerk, 2)).toBe(true);
    expect(mayAssignTo(clerk, 3)).toBe(false);
  });
});
