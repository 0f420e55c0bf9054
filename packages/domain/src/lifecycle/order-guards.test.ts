import { describe, expect, it } from 'vitest';
import { canHandleOrder, canTakeOrder, handlingRefusal, isAwaitingHandling, isDeclarationEditable, orderRefundRefusal } from './order-guards.ts';
import { isCompletionVisible, isPaidStatus, wasOrderPaid } from './order.ts';

describe('guards', () => {
  const paidPending = { goods_type: 'license_year', status: '2', process_status: '1' };

  it('isPaidStatus, wasOrderPaid and isCompletionVisible', () => {
    expect(isPaidStatus('2')).toBe(true);
    expect(isPaidStatus(2)).toBe(true);
    expect(isPaidStatus('1')).toBe(false);
    expect(isPaidStatus('4')).toBe(false);
    expect(['1', '2', '3', '4'].filter(wasOrderPaid)).toEqual(['2', '4']);
    expect(['1', '2', '3', '4', '5'].filter(isCompletionVisible)).toEqual(['2']);
    expect(isCompletionVisible(2)).toBe(true);
  });

  it('the declaration is editable on a paid annual report nobody has started', () => {
    expect(isDeclarationEditable(paidPending)).toBe(true);
    expect(isAwaitingHandling(paidPending)).toBe(true);
    expect(isDeclarationEditable({ ...paidPending, goods_type: 'credit_repair' })).toBe(false);
    expect(isDeclarationEditable({ ...paidPending, status: '1' })).toBe(false);
    expect(isDeclarationEditable({ ...paidPending, status: '4' })).toBe(false);
    expect(isDeclarationEditable({ ...paidPending, process_status: '4' })).toBe(false);
  });

  it('staff may handle a paid order they took; one who may reassign, anyone’s taken order', () => {
    const clerk = { staffId: 7, mayReassign: false };
    const admin = { staffId: 1, mayReassign: true };
    expect(canHandleOrder({ status: '2', admin_id: 7 }, clerk)).toBe(true);
    expect(canHandleOrder({ status: '2', admin_id: 8 }, clerk)).toBe(false);
    expect(canHandleOrder({ status: '2', admin_id: 8 }, admin)).toBe(true);
    expect(canHandleOrder({ status: '2', admin_id: null }, admin)).toBe(false);
    expect(canHandleOrder({ status: '4', admin_id: 7 }, clerk)).toBe(false);
    expect(handlingRefusal({ admin_id: null }, clerk)).toBe('NOT_TAKEN');
    expect(handlingRefusal({ admin_id: 8 }, clerk)).toBe('TAKEN_BY_OTHER');
    expect(handlingRefusal({ admin_id: 8 }, admin)).toBeUndefined();
    expect(canTakeOrder({ status: '2' })).toBe(true);
    expect(canTakeOrder({ status: '1' })).toBe(false);
  });

  it('only a paid order can be refunded', () => {
    expect(orderRefundRefusal('2')).toBeUndefined();
    expect(orderRefundRefusal('4')).toBe('ALREADY_REFUNDED');
    expect(orderRefundRefusal('1')).toBe('NOT_PAID');
  });
});
