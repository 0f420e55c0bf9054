import { SHANGHAI_UTC_OFFSET_MS, shanghaiDate } from './countdown.ts';

/**
 * Next year's reminder (docs/decisions/065-next-season-reminder.md): a customer who paid for an annual
 * report may ask, with a consent of its own, to be reminded in the next filing season. These are its
 * rules, once: the season, the hours a reminder may leave, and whether a company gets one in a batch.
 */

/** The consent's version: a change of its text is a new version, and old consents keep theirs. */
export const REMINDER_CONSENT_VERSION = 'reminder-2026-11';
/** The tick's label. */
export const REMINDER_CONSENT_LABEL = '明年年报季提醒我';
/** What the visitor agrees to by ticking it: how many messages, when, and how to stop them. */
export const REMINDER_CONSENT_TEXT =
  '勾选后，我们会在下一个年报季（1月1日至6月30日）用短信提醒您办理年报，最多两条，只在北京时间 08:00–21:00 发送；不勾选则不会提醒。短信内可一键退订，或回复 T 退订；也可随时在此取消勾选。';

/** At most this many reminders per company and season. */
export const REMINDER_MAX_PER_SEASON = 2;
/** The second reminder comes no sooner than this after the first. */
export const REMINDER_MIN_GAP_DAYS = 14;
/** The quiet hours: a reminder leaves only from 08:00 up to (not including) 21:00 Beijing time. */
export const REMINDER_SENDING_HOURS = { from: 8, until: 21 } as const;
/** An order paid within this many days after a reminder counts as following it (the dashboard). */
export const REMINDER_CONVERSION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The filing season at `now`: annual reports are filed 1 January – 30 June (Beijing days) for the year
 * before. `year` is the calendar year of the season, `reportYear` the year whose report is filed in it,
 * `open` whether `now` falls inside it (1 July – 31 December: the season is over).
 */
export type FilingSeason = { year: number; reportYear: number; open: boolean; startsAt: string; endsAt: string };

export function filingSeason(now: Date): FilingSeason {
  const { year, month } = shanghaiDate(now);
  return {
    year,
    reportYear: year - 1,
    open: month <= 6,
    startsAt: new Date(Date.UTC(year, 0, 1) - SHANGHAI_UTC_OFFSET_MS).toISOString(),
    // The first instant after 30 June, Beijing.
    endsAt: new Date(Date.UTC(year, 6, 1) - SHANGHAI_UTC_OFFSET_MS).toISOString(),
  };
}

/** Whether a reminder may leave at `now`: 08:00 ≤ Beijing time < 21:00. */
export function isWithinSendingHours(now: Date): boolean {
  const hour = new Date(now.getTime() + SHANGHAI_UTC_OFFSET_MS).getUTCHours();
  return hour >= REMINDER_SENDING_HOURS.from && hour < REMINDER_SENDING_HOURS.until;
}

/**
 * The next instant a reminder may leave at or after `now`: `now` itself inside the hours, else the
 * next 08:00 Beijing (the outbox holds a reminder that a retry would carry past 21:00).
 */
export function nextSendingTime(now: Date): Date {
  if (isWithinSendingHours(now)) return now;
  const local = new Date(now.getTime() + SHANGHAI_UTC_OFFSET_MS);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const eight = dayStart + REMINDER_SENDING_HOURS.from * 3600_000;
  const target = local.getTime() < eight ? eight : eight + DAY_MS;
  return new Date(target - SHANGHAI_UTC_OFFSET_MS);
}

/** Why an admin's "发送提醒" is refused at `now`, or null when a batch may start. */
export type ReminderBatchRefusal = 'CONSOLE_REMINDER_SEASON_OVER' | 'CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS';

export function reminderBatchRefusal(now: Date): ReminderBatchRefusal | null {
  if (!filingSeason(now).open) return 'CONSOLE_REMINDER_SEASON_OVER';
  if (!isWithinSendingHours(now)) return 'CONSOLE_REMINDER_OUTSIDE_SENDING_HOURS';
  return null;
}

export const REMINDER_SKIP_REASONS = ['season_over', 'no_consent', 'opted_out', 'already_ordered', 'already_published', 'limit_reached', 'too_soon'] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

export const REMINDER_SKIP_TEXTS: Readonly<Record<ReminderSkipReason, string>> = {
  season_over: '年报季已结束（6月30日后不再提醒）',
  no_consent: '客户未勾选年报季提醒',
  opted_out: '客户已退订',
  already_ordered: '本年报季已下单',
  already_published: '年报已公示',
  limit_reached: '本季已发送两次提醒',
  too_soon: `距第一次提醒不足${REMINDER_MIN_GAP_DAYS}天`,
};

/** What a batch does for one company: send its first or second reminder, or skip it and why. */
export type ReminderEligibility =
  | { kind: 'send'; ordinal: 1 | 2 }
  | { kind: 'skip'; reason: Exclude<ReminderSkipReason, 'too_soon'> }
  | { kind: 'skip'; reason: 'too_soon'; notBefore: string };

export interface ReminderCandidate {
  /** the consent as recorded; null when the customer never gave it */
  consent: { givenAt: string; withdrawnAt: string | null } | null;
  /** a paid, not refunded annual-report order of this company in the season at `now` */
  orderedThisSeason: boolean;
  /** the pre-check: true published, false not, null unknown (no source answered) */
  published: boolean | null;
  /** the reminders this company got in the season at `now` (ISO times) */
  sentThisSeason: readonly string[];
}

/**
 * Whether a company gets a reminder in a batch at `now`, and which one. Consent first: without it,
 * or withdrawn, nothing else matters. Unknown publication is no reason to skip (we may not know).
 */
export function reminderEligibility(candidate: ReminderCandidate, now: Date): ReminderEligibility {
  if (!filingSeason(now).open) return { kind: 'skip', reason: 'season_over' };
  if (!candidate.consent) return { kind: 'skip', reason: 'no_consent' };
  if (candidate.consent.withdrawnAt !== null) return { kind: 'skip', reason: 'opted_out' };
  if (candidate.orderedThisSeason) return { kind: 'skip', reason: 'already_ordered' };
  if (candidate.published === true) return { kind: 'skip', reason: 'already_published' };
  const sent = [...candidate.sentThisSeason].sort();
  if (sent.length >= REMINDER_MAX_PER_SEASON) return { kind: 'skip', reason: 'limit_reached' };
  if (sent.length === 0) return { kind: 'send', ordinal: 1 };
  const notBefore = Date.parse(sent[0]!) + REMINDER_MIN_GAP_DAYS * DAY_MS;
  if (now.getTime() < notBefore) return { kind: 'skip', reason: 'too_soon', notBefore: new Date(notBefore).toISOString() };
  return { kind: 'send', ordinal: 2 };
}

/** Whether an SMS reply asks to stop: T, TD, 回T or 退订, in any case and width, spaces and a full stop aside. */
export function isOptOutReply(text: string): boolean {
  const normalized = text
    .normalize('NFKC')
    .trim()
    .replace(/[\s。.!！]+$/u, '')
    .toUpperCase();
  return ['T', 'TD', '回T', '退订'].includes(normalized);
}

/** The status the console's 年报季提醒 page shows for one company. */
export type ReminderRowStatus = 'eligible' | 'skipped' | 'sent_1' | 'sent_2' | 'opted_out' | 'ordered';

export const REMINDER_ROW_STATUS_TEXTS: Readonly<Record<ReminderRowStatus, string>> = {
  eligible: '可发送',
  skipped: '跳过',
  sent_1: '已发第一次',
  sent_2: '已发第二次',
  opted_out: '已退订',
  ordered: '已下单',
};

/**
 * The page's status from what a batch would do now and what was sent: opted out and ordered first
 * (they end the story), then what was sent, then whether it can be sent now.
 */
export function reminderRowStatus(eligibility: ReminderEligibility, sentThisSeason: number): ReminderRowStatus {
  if (eligibility.kind === 'skip' && eligibility.reason === 'opted_out') return 'opted_out';
  if (eligibility.kind === 'skip' && eligibility.reason === 'already_ordered') return 'ordered';
  if (eligibility.kind === 'send') return 'eligible';
  if (sentThisSeason >= 2) return 'sent_2';
  if (sentThisSeason === 1) return 'sent_1';
  return 'skipped';
}
