import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, PROCESS_STATUS } from './lifecycle/order.ts';
import { DEFAULT_RETENTION_PERIODS, isClosedForRetention, retentionCutoffs, retentionDue } from './retention.ts';

const NOW = new Date('2026-11-27T00:00:00.000Z');
const daysAgo = (days: number, ms = 0) => new Date(NOW.getTime() - days * 86_400_000 - ms).toISOString();

describe('retentionCutoffs', () => {
  it('counts whole days back from now for each kind, by default 90, 30 and 180', () => {
    expect(retentionCutoffs(NOW, DEFAULT_RETENTION_PERIODS)).toEqual({
      closedOrdersIdNumber: '2026-08-29T00:00:00.000Z',
      unpaidOrdersContact: '2026-10-28T00:00:00.000Z',
      events: '2026-05-31T00:00:00.000Z',
    });
  });

  it('turns a purge off with 0 days', () => {
    expect(retentionCutoffs(NOW, { idNumberDays: 0, unpaidDays: 30, eventsDays: 0 })).toEqual({ closedOrdersIdNumber: undefined, unpaidOrdersContact: '2026-10-28T00:00:00.000Z', events: undefined });
  });
});

describe('isClosedForRetention', () => {
  it('closes refunded orders, and paid ones completed or ended', () => {
    expect(isClosedForRetention({ status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended })).toBe(true);
    expect(isClosedForRetention({ status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.completed })).toBe(true);
    expect(isClosedForRetention({ status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.ended })).toBe(true);
  });

  it('keeps paid orders still being handled and unpaid ones open', () => {
    for (const processStatus of [PROCESS_STATUS.pending, PROCESS_STATUS.processing, PROCESS_STATUS.waitingCustomer]) {
      expect(isClosedForRetention({ status: ORDER_STATUS.paid, process_status: processStatus })).toBe(false);
    }
    expect(isClosedForRetention({ status: ORDER_STATUS.unpaid, process_status: PROCESS_STATUS.pending })).toBe(false);
  });
});

describe('retentionDue', () => {
  const cutoffs = retentionCutoffs(NOW, DEFAULT_RETENTION_PERIODS);

  it('purges the ID number of an order closed more than 90 days ago, not one closed 90 days ago to the millisecond', () => {
    const completed = { status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.completed };
    expect(retentionDue({ ...completed, update_time: daysAgo(90, 1) }, cutoffs)).toBe('id_number');
    expect(retentionDue({ ...completed, update_time: daysAgo(90) }, cutoffs)).toBeUndefined();
    expect(retentionDue({ status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, update_time: daysAgo(91) }, cutoffs)).toBe('id_number');
  });

  it('purges the contact of an unpaid order after 30 days', () => {
    expect(retentionDue({ status: ORDER_STATUS.unpaid, process_status: PROCESS_STATUS.pending, update_time: daysAgo(31) }, cutoffs)).toBe('unpaid_contact');
    expect(retentionDue({ status: ORDER_STATUS.unpaid, process_status: PROCESS_STATUS.pending, update_time: daysAgo(29) }, cutoffs)).toBeUndefined();
  });

  it('never purges an order in progress, however old', () => {
    expect(retentionDue({ status: ORDER_STATUS.paid, process_status: PROCESS_STATUS.processing, update_time: daysAgo(3650) }, cutoffs)).toBeUndefined();
  });

  it('purges nothing of a kind that is off', () => {
    const off = retentionCutoffs(NOW, { idNumberDays: 0, unpaidDays: 0, eventsDays: 0 });
    expect(retentionDue({ status: ORDER_STATUS.unpaid, process_status: PROCESS_STATUS.pending, update_time: daysAgo(3650) }, off)).toBeUndefined();
    expect(retentionDue({ status: ORDER_STATUS.refunded, process_status: PROCESS_STATUS.ended, update_time: daysAgo(3650) }, off)).toBeUndefined();
  });
});
