import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, CALL_OUTCOME_NAMES, firstCallSla, firstCallSlaBounds, firstCallSlaText, isConnectedCall, NEAR_BREACH_MS } from './first-call-sla.ts';

const PAID = '2026-03-01T12:00:00.000Z';
const at = (iso: string) => new Date(iso);
const open = (overrides: Partial<{ status: string; process_status: string; pay_time: string | null; first_call_time: string | null }> = {}) => ({
  status: '2',
  process_status: '1',
  pay_time: PAID,
  first_call_time: null,
  ...overrides,
});

describe('the first-call clock', () => {
  it('runs with the time left until 24 h after payment', () => {
    expect(firstCallSla(open(), at('2026-03-01T13:00:00.000Z'))).toEqual({ state: 'running', deadline: '2026-03-02T12:00:00.000Z', minutes: 23 * 60 });
  });

  it('turns near breach once less than 4 h is left', () => {
    expect(NEAR_BREACH_MS).toBe(4 * 3600 * 1000);
    expect(firstCallSla(open(), at('2026-03-02T08:00:00.000Z'))).toMatchObject({ state: 'running', minutes: 240 });
    expect(firstCallSla(open(), at('2026-03-02T08:00:00.001Z'))).toMatchObject({ state: 'near_breach', minutes: 239 });
  });

  it('is still on time at exactly 24 h and breached a moment later, counting the minutes over', () => {
    expect(firstCallSla(open(), at('2026-03-02T12:00:00.000Z'))).toMatchObject({ state: 'near_breach', minutes: 0 });
    expect(firstCallSla(open(), at('2026-03-02T12:00:00.001Z'))).toMatchObject({ state: 'breached', minutes: 1 });
    expect(firstCallSla(open(), at('2026-03-02T15:00:00.000Z'))).toMatchObject({ state: 'breached', minutes: 180 });
  });

  it('counts every open handling status, whoever holds the order', () => {
    for (const processStatus of ['1', '3', '4']) expect(firstCallSla(open({ process_status: processStatus }), at('2026-03-03T00:00:00.000Z')).state).toBe('breached');
  });

  it('is met by a call up to the deadline, for good, and met late after it', () => {
    expect(firstCallSla(open({ first_call_time: '2026-03-02T12:00:00.000Z' }), at('2026-04-01T00:00:00.000Z'))).toMatchObject({ state: 'met', minutes: 24 * 60 });
    expect(firstCallSla(open({ first_call_time: '2026-03-02T12:00:30.000Z' }), at('2026-04-01T00:00:00.000Z'))).toMatchObject({ state: 'met_late', minutes: 1 });
    // A call keeps its verdict whatever happens to the order later (completed, refunded).
    expect(firstCallSla(open({ status: '4', process_status: '5', first_call_time: '2026-03-01T12:30:00.000Z' }), at('2026-04-01T00:00:00.000Z'))).toMatchObject({ state: 'met', minutes: 30 });
  });

  it('has no clock for unpaid orders, nor for closed or refunded ones nobody called', () => {
    expect(firstCallSla(open({ status: '1', pay_time: null }), at('2026-03-03T00:00:00.000Z'))).toEqual({ state: 'none', deadline: null, minutes: 0 });
    expect(firstCallSla(open({ process_status: '2' }), at('2026-03-03T00:00:00.000Z')).state).toBe('none');
    expect(firstCallSla(open({ process_status: '5' }), at('2026-03-03T00:00:00.000Z')).state).toBe('none');
    expect(firstCallSla(open({ status: '4' }), at('2026-03-03T00:00:00.000Z')).state).toBe('none');
  });

  it('gives SQL the same edges as payment-time bounds', () => {
    const now = at('2026-03-02T12:00:00.000Z');
    const bounds = firstCallSlaBounds(now);
    expect(bounds).toEqual({ breachedBefore: '2026-03-01T12:00:00.000Z', nearBreachBefore: '2026-03-01T16:00:00.000Z' });
    // pay_time < breachedBefore ⇔ breached; breachedBefore ≤ pay_time < nearBreachBefore ⇔ near breach
    expect(firstCallSla(open({ pay_time: '2026-03-01T11:59:59.999Z' }), now).state).toBe('breached');
    expect(firstCallSla(open({ pay_time: bounds.breachedBefore }), now).state).toBe('near_breach');
    expect(firstCallSla(open({ pay_time: '2026-03-01T15:59:59.999Z' }), now).state).toBe('near_breach');
    expect(firstCallSla(open({ pay_time: bounds.nearBreachBefore }), now).state).toBe('running');
  });
});

describe('the clock in words', () => {
  it('says what is left, how late, or that the customer was called', () => {
    expect(firstCallSlaText({ state: 'running', minutes: 20 * 60 + 15 })).toBe('剩 20小时');
    expect(firstCallSlaText({ state: 'near_breach', minutes: 3 * 60 + 5 })).toBe('剩 3小时5分');
    expect(firstCallSlaText({ state: 'near_breach', minutes: 40 })).toBe('剩 40分钟');
    expect(firstCallSlaText({ state: 'breached', minutes: 180 })).toBe('超时 3小时');
    expect(firstCallSlaText({ state: 'met', minutes: 30 })).toBe('已联系');
    expect(firstCallSlaText({ state: 'met_late', minutes: 120 })).toBe('已联系（超时 2小时）');
    expect(firstCallSlaText({ state: 'none', minutes: 0 })).toBe('—');
  });
});

describe('call outcomes', () => {
  it('names each outcome in Chinese and tells connected calls from attempts', () => {
    for (const outcome of CALL_OUTCOMES) expect(CALL_OUTCOME_NAMES[outcome]).toMatch(/[\u4e00-\u9fff]/);
    expect(CALL_OUTCOMES.filter(isConnectedCall)).toEqual(['connected', 'not_needed']);
  });
});
