import { describe, expect, it } from 'vitest';
import { PAYMENT_ATTEMPT_MOVES, PAYMENT_ATTEMPT_STATUSES, canAttemptBePaid, canMoveAttempt, isAttemptOpenAtProvider } from './payment-attempt.ts';
import { walkMoves } from './walk-moves.test-support.ts';

describe('the payment attempt machine', () => {
  it('walks every pair: pending ends four ways, money may arrive on any unpaid attempt, paid is final', () => {
    const { allowed, refused } = walkMoves(PAYMENT_ATTEMPT_STATUSES, PAYMENT_ATTEMPT_MOVES, canMoveAttempt);
    expect(allowed.sort()).toEqual(['CLOSED→PAID', 'EXPIRED→PAID', 'PENDING→CLOSED', 'PENDING→EXPIRED', 'PENDING→PAID', 'PENDING→SUPERSEDED', 'SUPERSEDED→PAID']);
    expect(refused).toHaveLength(25 - 7);
    expect(canMoveAttempt('PAID', 'PENDING')).toBe(false);
    expect(canMoveAttempt('PENDING', 'UNKNOWN')).toBe(false);
  });

  it('guards', () => {
    expect(PAYMENT_ATTEMPT_STATUSES.filter(canAttemptBePaid)).toEqual(['PENDING', 'CLOSED', 'EXPIRED', 'SUPERSEDED']);
    expect(PAYMENT_ATTEMPT_STATUSES.filter(isAttemptOpenAtProvider)).toEqual(['PENDING', 'SUPERSEDED']);
  });
});
