import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  STATUS_COLORS,
  isCompletionVisible,
  isPaidStatus,
  processStatusClass,
  queryStatusClass,
} from './order-status.ts';

describe('status codes', () => {
  it('has the codes of architecture §6', () => {
    expect(ORDER_STATUS).toEqual({ unpaid: '1', paid: '2', closed: '3', refunded: '4' });
    expect(PROCESS_STATUS).toEqual({ pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' });
  });
  it('names every process status', () => {
    expect(PROCESS_STATUS_NAMES).toEqual({ '1': '待处理', '2': '已完成', '3': '待客户补充', '4': '处理中', '5': '已结束' });
  });
  it('uses the spec colours', () => {
    expect(STATUS_COLORS).toEqual({ completed: '#37D2AD', processing: '#FF8E13', pending: '#FF431D' });
  });
});

describe('processStatusClass', () => {
  it.each([
    ['1', 'pending'],
    ['2', 'completed'],
    ['3', 'pending'],
    ['4', 'processing'],
    ['5', 'completed'],
    ['9', 'pending'],
    ['', 'pending'],
    [2, 'completed'],
    [4, 'processing'],
  ] as const)('%j → %s', (ps, cls) => {
    expect(processStatusClass(ps)).toBe(cls);
  });
});

describe('queryStatusClass', () => {
  it.each([
    ['1', 'pending'],
    ['2', 'completed'],
    ['3', 'pending'],
    ['4', 'processing'],
    ['5', 'pending'],
    [2, 'completed'],
  ] as const)('%j → %s', (ps, cls) => {
    expect(queryStatusClass(ps)).toBe(cls);
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
