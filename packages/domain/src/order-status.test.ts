import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, PROCESS_STATUS, isCompletionVisible, isPaidStatus } from './order-status.ts';

describe('status codes', () => {
  it('has the codes of architecture §6', () => {
    expect(ORDER_STATUS).toEqual({ unpaid: '1', paid: '2', closed: '3', refunded: '4' });
    expect(PROCESS_STATUS).toEqual({ pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' });
  });
});

describe('isCompletionVisible and isPaidStatus', () => {
  it('unlocks completion for 2 only', () => {
    expect(['1', '2', '3', '4', '5'].filter(isCompletionVisible)).toEqual(['2']);
    expect(isCompletionVisible(2)).toBe(true);
  });
  it('treats status 2 as paid', () => {
    expect(isPaidStatus('2')).toBe(true);
    expect(isPaidStatus(2)).toBe(true);
    expect(isPaidStatus('1')).toBe(false);
    expect(isPaidStatus('4')).toBe(false);
  });
});
