import { describe, expect, it } from 'vitest';
import { PROCESS_STATUS_NAMES, STATUS_COLORS, processStatusClass, queryStatusClass } from './status-display.ts';

describe('status display', () => {
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
