import { describe, expect, it } from 'vitest';
import { COMPLAINT_NEAR_BREACH_MS, complaintDeadline, complaintSla, complaintSlaBounds, complaintSlaText } from './complaint-sla.ts';

const at = (iso: string) => new Date(iso);
// Sent Wednesday 2026-03-04, 10:00 Beijing: due at the end of Monday 2026-03-09 (Thu, Fri, Mon).
const SENT = at('2026-03-04T02:00:00.000Z');
const DUE = '2026-03-09T15:59:59.999Z';
const open = { status: 'open', due_at: DUE, handled_at: null };

describe("a complaint's 3-working-day promise", () => {
  it('is due at the end of the third working day after the day it arrived, weekends skipped', () => {
    expect(complaintDeadline(SENT)).toBe(DUE);
    // Friday night: Monday, Tuesday, Wednesday.
    expect(complaintDeadline(at('2026-03-06T14:00:00.000Z'))).toBe('2026-03-11T15:59:59.999Z');
  });

  it('runs while open, turns near breach under a day left, is on time at the deadline and breached after it', () => {
    expect(complaintSla(open, at('2026-03-05T02:00:00.000Z'))).toEqual({ state: 'running', deadline: DUE, minutes: Math.floor((Date.parse(DUE) - Date.parse('2026-03-05T02:00:00.000Z')) / 60000) });
    const nearStart = new Date(Date.parse(DUE) - COMPLAINT_NEAR_BREACH_MS);
    expect(complaintSla(open, nearStart).state).toBe('running');
    expect(complaintSla(open, new Date(nearStart.getTime() + 1)).state).toBe('near_breach');
    expect(complaintSla(open, at(DUE))).toMatchObject({ state: 'near_breach', minutes: 0 });
    expect(complaintSla(open, at('2026-03-09T16:00:00.000Z'))).toMatchObject({ state: 'breached', minutes: 1 });
  });

  it('handled by the deadline is met; after it, met late by how much', () => {
    expect(complaintSla({ status: 'handled', due_at: DUE, handled_at: '2026-03-09T15:00:00.000Z' }, at('2026-04-01T00:00:00.000Z')).state).toBe('met');
    expect(complaintSla({ status: 'handled', due_at: DUE, handled_at: '2026-03-09T18:59:59.999Z' }, at('2026-04-01T00:00:00.000Z'))).toMatchObject({ state: 'met_late', minutes: 180 });
  });

  it('states the same rule as SQL bounds on the deadline', () => {
    const now = at('2026-03-08T12:00:00.000Z');
    expect(complaintSlaBounds(now)).toEqual({ breachedBefore: '2026-03-08T12:00:00.000Z', nearBreachBefore: '2026-03-09T12:00:00.000Z' });
    // A deadline inside the near bound is near breach by the clock too; one past the bound is running.
    expect(complaintSla({ ...open, due_at: '2026-03-09T11:59:59.999Z' }, now).state).toBe('near_breach');
    expect(complaintSla({ ...open, due_at: '2026-03-09T12:00:00.000Z' }, now).state).toBe('running');
    expect(complaintSla({ ...open, due_at: '2026-03-08T11:59:59.999Z' }, now).state).toBe('breached');
  });

  it('reads in days and hours', () => {
    expect(complaintSlaText({ state: 'running', minutes: 2 * 1440 + 5 * 60 + 7 })).toBe('剩 2天5小时');
    expect(complaintSlaText({ state: 'near_breach', minutes: 40 })).toBe('剩 40分钟');
    expect(complaintSlaText({ state: 'breached', minutes: 1440 })).toBe('超时 1天');
    expect(complaintSlaText({ state: 'met', minutes: 0 })).toBe('已处理');
    expect(complaintSlaText({ state: 'met_late', minutes: 180 })).toBe('已处理（超时 3小时）');
  });
});
