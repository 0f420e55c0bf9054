import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS,
  ORDER_STATUS_MOVES,
  ORDER_STATUSES,
  PROCESS_STATUS,
  PROCESS_STATUS_FLOW,
  PROCESS_STATUS_MOVES,
  canMoveOrderStatus,
  canMoveProcessStatus,
  processMoveRefusal,
} from './order.ts';
import { walkMoves } from './walk-moves.test-support.ts';

describe('status codes', () => {
  it('has the payment and handling codes, and no closed status (decision 016)', () => {
    expect(ORDER_STATUS).toEqual({ unpaid: '1', paid: '2', refunded: '4' });
    expect(PROCESS_STATUS).toEqual({ pending: '1', completed: '2', waitingCustomer: '3', processing: '4', ended: '5' });
  });
});

describe('the payment status machine', () => {
  it('allows exactly unpaid → paid and paid → refunded', () => {
    const { allowed, refused } = walkMoves(ORDER_STATUSES, ORDER_STATUS_MOVES, canMoveOrderStatus);
    expect(allowed).toEqual(['1→2', '2→4']);
    expect(refused).toHaveLength(ORDER_STATUSES.length ** 2 - 2);
  });
  it('refuses codes it does not know, such as the old closed status', () => {
    expect(canMoveOrderStatus('1', '3')).toBe(false);
    expect(canMoveOrderStatus('3', '2')).toBe(false);
  });
});

describe('the handling status machine', () => {
  it('allows every move between two different statuses except out of ended', () => {
    const { allowed, refused } = walkMoves(PROCESS_STATUS_FLOW, PROCESS_STATUS_MOVES, canMoveProcessStatus);
    expect(allowed).toHaveLength(16);
    expect(refused.sort()).toEqual(['1→1', '2→2', '3→3', '4→4', '5→1', '5→2', '5→3', '5→4', '5→5']);
  });

  it('checks a staff move against the payment status and the table', () => {
    for (const from of PROCESS_STATUS_FLOW) {
      for (const to of PROCESS_STATUS_FLOW) {
        const refusal = processMoveRefusal({ status: ORDER_STATUS.paid, from, to });
        expect(refusal === undefined, `${from}→${to}`).toBe(canMoveProcessStatus(from, to));
        for (const status of [ORDER_STATUS.unpaid, ORDER_STATUS.refunded]) expect(processMoveRefusal({ status, from, to })).toBe('NOT_PAID');
      }
    }
    expect(processMoveRefusal({ status: '2', from: '4', to: '4' })).toBe('SAME');
    expect(processMoveRefusal({ status: '2', from: '4', to: '9' })).toBe('UNKNOWN');
    expect(processMoveRefusal({ status: '2', from: '5', to: '4' })).toBe('TERMINAL');
  });
});
