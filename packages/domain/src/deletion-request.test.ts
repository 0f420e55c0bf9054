import { describe, expect, it } from 'vitest';
import { checkDeletionCode, DELETION_CODE_MAX_ATTEMPTS, DELETION_CODES_PER_DAY, DELETION_STATUS, deletionCodeAllowed, isClosedForDeletion, isDeletionCode } from './deletion-request.ts';

const NOW = new Date('2026-11-27T03:00:00.000Z');
const LATER = '2026-11-27T03:10:00.000Z';

describe('the deletion request', () => {
  it('purges unpaid, refunded, completed and ended orders at once, and keeps orders being handled', () => {
    expect(isClosedForDeletion({ status: '1', process_status: '1' })).toBe(true);
    expect(isClosedForDeletion({ status: '4', process_status: '4' })).toBe(true);
    expect(isClosedForDeletion({ status: '2', process_status: '2' })).toBe(true);
    expect(isClosedForDeletion({ status: '2', process_status: '5' })).toBe(true);
    for (const open of ['1', '3', '4']) expect(isClosedForDeletion({ status: '2', process_status: open })).toBe(false);
  });

  it('accepts the right code in time, and refuses a wrong, expired, used or locked one', () => {
    const base = { status: DELETION_STATUS.codeSent, codeExpiresAt: LATER, attempts: 0, matches: true, now: NOW };
    expect(checkDeletionCode(base)).toBe('ok');
    expect(checkDeletionCode({ ...base, matches: false })).toBe('wrong');
    expect(checkDeletionCode({ ...base, now: new Date(LATER) })).toBe('expired');
    expect(checkDeletionCode({ ...base, status: DELETION_STATUS.waiting })).toBe('none');
    expect(checkDeletionCode({ ...base, attempts: DELETION_CODE_MAX_ATTEMPTS })).toBe('locked');
    expect(checkDeletionCode({ ...base, status: DELETION_STATUS.locked })).toBe('locked');
  });

  it('sends one code a minute and a few a day', () => {
    expect(deletionCodeAllowed({ sentInLastDay: 0, lastSentAt: null, now: NOW })).toBe('ok');
    expect(deletionCodeAllowed({ sentInLastDay: 1, lastSentAt: '2026-11-27T02:59:30.000Z', now: NOW })).toBe('too_soon');
    expect(deletionCodeAllowed({ sentInLastDay: 1, lastSentAt: '2026-11-27T02:58:59.000Z', now: NOW })).toBe('ok');
    expect(deletionCodeAllowed({ sentInLastDay: DELETION_CODES_PER_DAY, lastSentAt: '2026-11-27T01:00:00.000Z', now: NOW })).toBe('too_many');
  });

  it('reads six digits as a code', () => {
    expect(isDeletionCode('048213')).toBe(true);
    expect(isDeletionCode('48213')).toBe(false);
    expect(isDeletionCode('04821a')).toBe(false);
  });
});
