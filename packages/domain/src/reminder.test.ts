import { describe, expect, it } from 'vitest';
import {
  REMINDER_CONSENT_LABEL,
  REMINDER_CONSENT_TEXT,
  REMINDER_CONSENT_VERSION,
  filingSeason,
  isOptOutReply,
  isWithinSendingHours,
  nextSendingTime,
  reminderBatchRefusal,
  reminderEligibility,
  reminderRowStatus,
  type ReminderCandidate,
} from './reminder.ts';

/** A Beijing wall-clock time as an instant. */
const bj = (local: string) => new Date(`${local}+08:00`);

const consented: ReminderCandidate = { consent: { givenAt: '2026-05-01T02:00:00.000Z', withdrawnAt: null }, orderedThisSeason: false, published: null, sentThisSeason: [] };

describe('the filing season', () => {
  it('runs 1 January – 30 June in Beijing days, for the year before', () => {
    expect(filingSeason(bj('2027-01-01T00:00:00'))).toMatchObject({ year: 2027, reportYear: 2026, open: true });
    expect(filingSeason(bj('2027-06-30T23:59:59'))).toMatchObject({ year: 2027, open: true });
    expect(filingSeason(bj('2027-07-01T00:00:00'))).toMatchObject({ year: 2027, open: false });
    // 31 December 17:00 UTC is already 1 January in Beijing.
    expect(filingSeason(new Date('2026-12-31T17:00:00Z'))).toMatchObject({ year: 2027, open: true });
    expect(filingSeason(new Date('2026-12-31T15:59:59Z'))).toMatchObject({ year: 2026, open: false });
  });

  it('names its bounds as instants', () => {
    expect(filingSeason(bj('2027-03-01T10:00:00'))).toMatchObject({ startsAt: '2026-12-31T16:00:00.000Z', endsAt: '2027-06-30T16:00:00.000Z' });
  });
});

describe('the sending hours', () => {
  it('are 08:00 up to 21:00 Beijing', () => {
    expect(isWithinSendingHours(bj('2027-01-05T07:59:59'))).toBe(false);
    expect(isWithinSendingHours(bj('2027-01-05T08:00:00'))).toBe(true);
    expect(isWithinSendingHours(bj('2027-01-05T20:59:59'))).toBe(true);
    expect(isWithinSendingHours(bj('2027-01-05T21:00:00'))).toBe(false);
    expect(isWithinSendingHours(bj('2027-01-05T03:00:00'))).toBe(false);
  });

  it('hold a reminder until the next 08:00', () => {
    expect(nextSendingTime(bj('2027-01-05T10:00:00')).toISOString()).toBe(bj('2027-01-05T10:00:00').toISOString());
    expect(nextSendingTime(bj('2027-01-05T06:30:00')).toISOString()).toBe(bj('2027-01-05T08:00:00').toISOString());
    expect(nextSendingTime(bj('2027-01-05T22:30:00')).toISOString()).toBe(bj('2027-01-06T08:00:00').toISOString());
  });
});

describe('starting a batch', () => {
  it('is refused after 30 June and outside the hours', () => {
    expect(reminderBatchRefusal(bj('2027-03-01T10:00:00'))).toBeNull();
    expect(reminderBatchRefusal(bj('2027-07-01T10:00:00'))).toBe('CONSOLE_REMINDER_SEASON_OVER');
    expect(reminderBatchRefusal(bj('2026-11-29T10:00:00'))).toBe('CONSOLE_REMINDER_SEASON_OVER');
    expect(reminderBatchRefusal(bj('2027-03-01T21:30:00'))).toBe('CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS');
    expect(reminderBatchRefusal(bj('2027-03-01T07:00:00'))).toBe('CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS');
  });
});

describe('who gets a reminder', () => {
  const now = bj('2027-03-01T10:00:00');

  it('sends the first to a consenting company', () => {
    expect(reminderEligibility(consented, now)).toEqual({ kind: 'send', ordinal: 1 });
  });

  it('names the reason of each skip', () => {
    expect(reminderEligibility({ ...consented, consent: null }, now)).toEqual({ kind: 'skip', reason: 'no_consent' });
    expect(reminderEligibility({ ...consented, consent: { givenAt: '2026-05-01T02:00:00Z', withdrawnAt: '2026-06-01T00:00:00Z' } }, now)).toEqual({ kind: 'skip', reason: 'opted_out' });
    expect(reminderEligibility({ ...consented, orderedThisSeason: true }, now)).toEqual({ kind: 'skip', reason: 'already_ordered' });
    expect(reminderEligibility({ ...consented, published: true }, now)).toEqual({ kind: 'skip', reason: 'already_published' });
    expect(reminderEligibility({ ...consented, published: false }, now)).toEqual({ kind: 'send', ordinal: 1 });
    expect(reminderEligibility(consented, bj('2027-07-01T10:00:00'))).toEqual({ kind: 'skip', reason: 'season_over' });
  });

  it('sends a second no sooner than 14 days after the first, and no third', () => {
    const first = bj('2027-02-15T10:00:00').toISOString();
    expect(reminderEligibility({ ...consented, sentThisSeason: [first] }, bj('2027-03-01T09:59:59'))).toEqual({ kind: 'skip', reason: 'too_soon', notBefore: bj('2027-03-01T10:00:00').toISOString() });
    expect(reminderEligibility({ ...consented, sentThisSeason: [first] }, bj('2027-03-01T10:00:00'))).toEqual({ kind: 'send', ordinal: 2 });
    expect(reminderEligibility({ ...consented, sentThisSeason: [first, bj('2027-03-01T10:00:00').toISOString()] }, bj('2027-06-01T10:00:00'))).toEqual({ kind: 'skip', reason: 'limit_reached' });
  });

  it('puts consent before everything else', () => {
    expect(reminderEligibility({ consent: null, orderedThisSeason: true, published: true, sentThisSeason: [] }, now)).toEqual({ kind: 'skip', reason: 'no_consent' });
  });

  it('shows the page status', () => {
    expect(reminderRowStatus({ kind: 'send', ordinal: 1 }, 0)).toBe('eligible');
    expect(reminderRowStatus({ kind: 'skip', reason: 'opted_out' }, 1)).toBe('opted_out');
    expect(reminderRowStatus({ kind: 'skip', reason: 'already_ordered' }, 1)).toBe('ordered');
    expect(reminderRowStatus({ kind: 'skip', reason: 'too_soon', notBefore: '' }, 1)).toBe('sent_1');
    expect(reminderRowStatus({ kind: 'skip', reason: 'limit_reached' }, 2)).toBe('sent_2');
    expect(reminderRowStatus({ kind: 'skip', reason: 'already_published' }, 0)).toBe('skipped');
  });
});

describe('an SMS reply', () => {
  it('opts out with T, TD, 回T or 退订', () => {
    for (const text of ['T', 't', ' TD ', 'td', '回T', '回t', 'Ｔ', '退订', 'T。']) expect(isOptOutReply(text), text).toBe(true);
    for (const text of ['', 'TT', '好的', '谢谢', 'TDX', '不要退订']) expect(isOptOutReply(text), text).toBe(false);
  });
});

describe('the consent', () => {
  it('has its label, version and a text that says how often and how to stop', () => {
    expect(REMINDER_CONSENT_LABEL).toBe('明年年报季提醒我');
    expect(REMINDER_CONSENT_VERSION).toMatch(/\S/);
    expect(REMINDER_CONSENT_TEXT).toContain('最多两条');
    expect(REMINDER_CONSENT_TEXT).toContain('回复 T 退订');
  });
});
