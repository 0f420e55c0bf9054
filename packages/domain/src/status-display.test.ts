import { describe, expect, it } from 'vitest';
import { PROCESS_STATUS_NAMES, STATUS_COLORS, processStatusClass } from './status-display.ts';

describe('status display', () => {
  it('names every process status', () => {
    expect(PROCESS_STATUS_NAMES).toEqual({ '1': '待处理', '2': '已完成', '3': '待客户补充', '4': '处理中', '5': '已结束' });
  });
  it('uses the spec colours', () => {
    expect(STATUS_COLORS).toEqual({ completed: '#37D2AD', processing: '#FF8E13', pending: '#FF431D', ended: '#8C8C8C' });
  });
});

describe('processStatusClass', () => {
  it.each([
    ['1', 'pending'],
    ['2', 'completed'],
    ['3', 'pending'],
    ['4', 'processing'],
    // A refunded or closed order: one tone everywhere (it was once green on phones, red on desktop).
    ['5', 'ended'],
    [5, 'ended'],
    ['9', 'pending'],
    ['', 'pending'],
    [2, 'completed'],
    [4, 'processing'],
  ] as const)('%j → %s', (ps, cls) => {
    expect(processStatusClass(ps)).toBe(cls);
  });
});
