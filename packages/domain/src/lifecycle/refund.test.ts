import { describe, expect, it } from 'vitest';
import { REFUND_MOVES, REFUND_REQUEST_MOVES, REFUND_REQUEST_STATUSES, REFUND_STATUSES, canMoveRefund, canMoveRefundRequest, isRefundOpen, isRefundRequestLaunched } from './refund.ts';
import { walkMoves } from './walk-moves.test-support.ts';

describe('the refund machine', () => {
  it('walks every pair: forward only, SUCCESS and CLOSED final, ABNORMAL finished by hand', () => {
    const { allowed, refused } = walkMoves(REFUND_STATUSES, REFUND_MOVES, canMoveRefund);
    expect(allowed.sort()).toEqual([
      'ABNORMAL→CLOSED',
      'ABNORMAL→SUCCESS',
      'PROCESSING→ABNORMAL',
      'PROCESSING→CLOSED',
      'PROCESSING→SUCCESS',
      'REQUESTED→ABNORMAL',
      'REQUESTED→CLOSED',
      'REQUESTED→PROCESSING',
      'REQUESTED→SUCCESS',
    ]);
    expect(refused).toHaveLength(25 - 9);
    expect(canMoveRefund('SUCCESS', 'PROCESSING')).toBe(false);
  });
});

describe('the refund request machine', () => {
  it('walks every pair: an admin decides a pending request once, the payment side finishes it', () => {
    const { allowed, refused } = walkMoves(REFUND_REQUEST_STATUSES, REFUND_REQUEST_MOVES, canMoveRefundRequest);
    expect(allowed.sort()).toEqual(['PENDING→PROCESSING', 'PENDING→REJECTED', 'PROCESSING→FAILED', 'PROCESSING→SUCCEEDED']);
    expect(refused).toHaveLength(25 - 4);
  });

  it('a refund is open while a request waits or is processing', () => {
    expect(REFUND_REQUEST_STATUSES.filter(isRefundOpen)).toEqual(['PENDING', 'PROCESSING']);
  });

  it('a refund is launched once approved and sent: processing or succeeded, never without a request', () => {
    expect(REFUND_REQUEST_STATUSES.filter(isRefundRequestLaunched)).toEqual(['SUCCEEDED', 'PROCESSING']);
    expect(isRefundRequestLaunched(null)).toBe(false);
  });
});
