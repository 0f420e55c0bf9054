import type { Kysely } from 'kysely';
import {
  AppError,
  ERROR_CATALOG,
  ORDER_STATUS,
  REMINDER_CONSENT_LABEL,
  REMINDER_CONSENT_TEXT,
  REMINDER_CONSENT_VERSION,
  REMINDER_CONVERSION_DAYS,
  REMINDER_ROW_STATUS_TEXTS,
  REMINDER_SKIP_TEXTS,
  filingSeason,
  isOptOutReply,
  maskPhone,
  reminderBatchRefusal,
  reminderEligibility,
  reminderRowStatus,
  type ConsoleReminderBatch,
  type ConsoleReminderPrecheck,
  type ConsoleReminderRow,
  type ConsoleReminderSeason,
  type ConsoleReminderSummary,
  type ReminderConsentView,
  type ReminderEligibility,
} from '@kuaibao/domain';
import { enqueueOutbox } from '../../db/outbox.ts';
import type { Database, ReminderConsentRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import { writeAudit } from '../audit/index.ts';
import type { AnnualReportCheckRepository, CompanyDirectory } from '../company/index.ts';
import { proveOrder, type OrderProof } from '../invoice/index.ts';
import type { Actor } from '../staff/index.ts';
import type { ReminderClock } from './reminder-clock.ts';
import { reminderRepository } from './reminder.repository.ts';

const DAY_MS = 24 * 3600_000;
/** At most this many companies are pre-checked per click (each may cost a paid directory call). */
export const PRECHECK_MAX_PER_RUN = 50;

export interface ReminderService {
  readonly clock: ReminderClock;
  /** The visitor's tick on a paid annual-report order, with the order's proof (decision 049). */
  consent(proof: OrderProof): Promise<ReminderConsentView>;
  setConsent(proof: OrderProof, given: boolean): Promise<ReminderConsentView>;
  /** The one-tap opt-out link of a reminder SMS. */
  optOutLink(consentId: number): string;
  /** The consent behind a one-tap link, or undefined when the link is wrong. */
  optOutTarget(consentId: number, signature: string): Promise<{ entityName: string; withdrawn: boolean } | undefined>;
  optOut(consentId: number, signature: string): Promise<boolean>;
  /** An SMS reply (回T) from a phone: withdraws its consents when the text asks to stop; how many. */
  smsReply(phone: string, text: string): Promise<number>;
  // ---- staff ----
  season(): Promise<ConsoleReminderSeason>;
  precheck(actor: Actor): Promise<ConsoleReminderPrecheck>;
  sendBatch(actor: Actor): Promise<ConsoleReminderBatch>;
  summary(): Promise<ConsoleReminderSummary>;
}

interface Candidate {
  consent: ReminderConsentRow;
  eligibility: ReminderEligibility;
  sent: { sent_at: string }[];
  published: boolean | null;
}

export function createReminderService(deps: {
  db: Kysely<Database>;
  clock: ReminderClock;
  vault: PersonalDataVault;
  directory: CompanyDirectory;
  reportChecks: AnnualReportCheckRepository;
  publicBaseUrl: string | undefined;
  /** the SMS's {site}: where to come back to (the public origin's host, else the signature) */
  siteName: string;
}): ReminderService {
  const { db, clock, vault } = deps;

  const viewOf = async (order: Awaited<ReturnType<typeof proveOrder>>): Promise<ReminderConsentView> => {
    const consent = await reminderRepository.findByOrderId(db, order.id);
    return {
      id: order.public_id,
      allowed: order.goods_type === 'license_year' && order.status === ORDER_STATUS.paid,
      given: !!consent && consent.withdrawn_at === null,
      label: REMINDER_CONSENT_LABEL,
      text: REMINDER_CONSENT_TEXT,
      version: REMINDER_CONSENT_VERSION,
    };
  };

  const prove = (proof: OrderProof) => proveOrder({ db, vault, now: clock.now() }, proof);
  const optOutPath = (consentId: number) => `/reminder-optout/${consentId}/${vault.capability('reminder.optout', String(consentId))}`;

  /** Whether the pre-check knows the company's report for the season's year is published. */
  const publishedOf = async (creditCode: string, reportYear: number, now: Date): Promise<boolean | null> => {
    const row = await deps.reportChecks.find(creditCode, reportYear);
    if (!row) return null;
    if (row.published) return true;
    // "Not published" stands a week (decision 023); older, we no longer know.
    return now.getTime() - Date.parse(row.answeredAt) < 7 * DAY_MS ? false : null;
  };

  /** One row per company: its newest consent (the latest word wins), judged at the clock's now. */
  const candidates = async (now: Date): Promise<Candidate[]> => {
    const season = filingSeason(now);
    const consents = await reminderRepository.listConsents(db);
    const newest = new Map<string, ReminderConsentRow>();
    for (const consent of consents) if (!newest.has(consent.credit_code)) newest.set(consent.credit_code, consent);
    const ordered = new Set((await reminderRepository.orderedBetween(db, season.startsAt, season.endsAt)).filter((o) => o.pay_time <= now.toISOString()).map((o) => o.credit_code));
    const sent = await reminderRepository.sentInSeason(db, season.year);
    const result: Candidate[] = [];
    for (const consent of newest.values()) {
      const sentHere = sent.filter((s) => s.credit_code === consent.credit_code);
      const published = await publishedOf(consent.credit_code, season.reportYear, now);
      const eligibility = reminderEligibility(
        {
          consent: { givenAt: consent.given_at, withdrawnAt: consent.withdrawn_at },
          orderedThisSeason: ordered.has(consent.credit_code),
          published,
          sentThisSeason: sentHere.map((s) => s.sent_at),
        },
        now,
      );
      result.push({ consent, eligibility, sent: sentHere, published });
    }
    return result;
  };

  const toRow = (c: Candidate): ConsoleReminderRow => {
    const status = reminderRowStatus(c.eligibility, c.sent.length);
    const reason = c.eligibility.kind === 'skip' ? c.eligibility.reason : null;
    return {
      consent_id: c.consent.id,
      order_id: c.consent.order_id,
      entity_name: c.consent.entity_name,
      credit_code: c.consent.credit_code,
      phone: maskPhone(c.consent.phone),
      given_at: c.consent.given_at,
      version: c.consent.version,
      withdrawn_at: c.consent.withdrawn_at,
      status,
      status_text: REMINDER_ROW_STATUS_TEXTS[status],
      reason,
      reason_text: reason ? REMINDER_SKIP_TEXTS[reason] : '',
      sent_count: c.sent.length,
      last_sent_at: c.sent.at(-1)?.sent_at ?? null,
      published: c.published,
    };
  };

  const budgetLeft = async (): Promise<number | null> => {
    const usage = await deps.directory.vendorUsage(1);
    return usage ? Math.max(0, usage.dailyBudget - usage.callsToday) : null;
  };

  return {
    clock,

    async consent(proof) {
      return viewOf(await prove(proof));
    },

    async setConsent(proof, given) {
      const order = await prove(proof);
      const at = clock.now().toISOString();
      if (given) {
        // Only the customer of a paid annual report: the tick is about next year's filing.
        if (order.goods_type !== 'license_year' || order.status !== ORDER_STATUS.paid || !order.entity_phone) throw new AppError('REMINDER_CONSENT_NOT_ALLOWED');
        await reminderRepository.give(db, { orderId: order.id, entityName: order.entity_name, creditCode: order.entity_id, phone: order.entity_phone, version: REMINDER_CONSENT_VERSION, at });
      } else {
        const consent = await reminderRepository.findByOrderId(db, order.id);
        if (consent) await reminderRepository.withdraw(db, consent.id, 'visitor', at);
      }
      return viewOf(order);
    },

    optOutLink(consentId) {
      return `${deps.publicBaseUrl ?? ''}${optOutPath(consentId)}`;
    },

    async optOutTarget(consentId, signature) {
      if (!vault.checkCapability('reminder.optout', String(consentId), signature)) return undefined;
      const consent = await reminderRepository.findById(db, consentId);
      return consent ? { entityName: consent.entity_name, withdrawn: consent.withdrawn_at !== null } : undefined;
    },

    async optOut(consentId, signature) {
      if (!vault.checkCapability('reminder.optout', String(consentId), signature)) return false;
      const consent = await reminderRepository.findById(db, consentId);
      if (!consent) return false;
      await reminderRepository.withdraw(db, consent.id, 'page', clock.now().toISOString());
      return true;
    },

    async smsReply(phone, text) {
      if (!isOptOutReply(text)) return 0;
      return reminderRepository.withdrawPhone(db, phone, clock.now().toISOString());
    },

    async season() {
      const now = clock.now();
      const season = filingSeason(now);
      const refusal = reminderBatchRefusal(now);
      const batches = await reminderRepository.listBatches(db, 20);
      return {
        now: now.toISOString(),
        season_year: season.year,
        report_year: season.reportYear,
        refusal: refusal ? ERROR_CATALOG[refusal].message : '',
        rows: (await candidates(now)).map(toRow),
        batches: batches.map((b) => ({ id: b.id, season_year: b.season_year, started_by_name: b.started_by_name, started_at: b.started_at, companies: b.companies, sent_count: b.sent_count, skipped_count: b.skipped_count })),
        precheck_budget_left: await budgetLeft(),
      };
    },

    async precheck(actor) {
      const now = clock.now();
      const season = filingSeason(now);
      // Only those a reminder could still reach, and only as many as today's budget leaves.
      const open = (await candidates(now)).filter((c) => c.published === null && (c.eligibility.kind === 'send' || c.eligibility.reason === 'too_soon'));
      const left = await budgetLeft();
      const asked = open.slice(0, Math.min(PRECHECK_MAX_PER_RUN, left ?? PRECHECK_MAX_PER_RUN));
      const result: ConsoleReminderPrecheck = { asked: asked.length, published: 0, not_published: 0, unknown: 0 };
      for (const c of asked) {
        // Through the directory: its cache first, then the vendor within its daily budget (decision 020).
        const lookup = await deps.directory.annualReports(c.consent.credit_code, season.reportYear);
        if (lookup.kind === 'found') result.published += 1;
        else if (lookup.kind === 'none') result.not_published += 1;
        else result.unknown += 1;
      }
      await writeAudit(db, actor, { action: 'reminder.precheck', targetType: 'reminder_season', targetId: season.year, after: result }, now);
      return result;
    },

    async sendBatch(actor) {
      const now = clock.now();
      const refusal = reminderBatchRefusal(now);
      if (refusal) throw new AppError(refusal);
      const season = filingSeason(now);
      const at = now.toISOString();
      const all = await candidates(now);
      const batchId = await reminderRepository.insertBatch(db, { seasonYear: season.year, staffId: actor.id, staffName: actor.displayName, at });
      let sent = 0;
      for (const c of all) {
        if (c.eligibility.kind !== 'send') continue;
        const ordinal = c.eligibility.ordinal;
        try {
          // The reminder's row and its SMS leave together or not at all (decision 008's outbox).
          await db.transaction().execute(async (trx) => {
            await reminderRepository.insertSent(trx, { batchId, consent: c.consent, seasonYear: season.year, ordinal, at });
            await enqueueOutbox(
              trx,
              'sms.season_reminder',
              { orderId: c.consent.order_id, phone: c.consent.phone, link: `${deps.publicBaseUrl ?? ''}${optOutPath(c.consent.id)}`, year: String(season.reportYear), site: deps.siteName, noticeKey: `${season.year}-${ordinal}` },
              at,
            );
          });
          sent += 1;
        } catch (error) {
          // Another batch at the same moment sent this one: the unique (consent, season, ordinal) keeps one.
          if (!isUniqueViolation(error)) throw error;
        }
      }
      const counts = { companies: all.length, sent, skipped: all.length - sent };
      await reminderRepository.finishBatch(db, batchId, counts);
      await writeAudit(db, actor, { action: 'reminder.batch', targetType: 'reminder_batch', targetId: batchId, after: { season: season.year, ...counts } }, now);
      return { id: batchId, season_year: season.year, started_by_name: actor.displayName, started_at: at, companies: counts.companies, sent_count: counts.sent, skipped_count: counts.skipped };
    },

    async summary() {
      const now = clock.now();
      const season = filingSeason(now);
      const sentRows = await reminderRepository.sentBetween(db, season.startsAt, season.endsAt);
      const optedOut = await reminderRepository.optOutsBetween(db, season.startsAt, season.endsAt);
      // A company counts once: it paid for an annual report within 30 days after one of its reminders.
      const firstSent = new Map<string, string[]>();
      for (const s of sentRows) firstSent.set(s.credit_code, [...(firstSent.get(s.credit_code) ?? []), s.sent_at]);
      const orders = await reminderRepository.orderedBetween(db, season.startsAt, new Date(Date.parse(season.endsAt) + REMINDER_CONVERSION_DAYS * DAY_MS).toISOString());
      let followed = 0;
      for (const [creditCode, times] of firstSent) {
        const hit = orders.some((o) => o.credit_code === creditCode && times.some((t) => o.pay_time > t && Date.parse(o.pay_time) - Date.parse(t) <= REMINDER_CONVERSION_DAYS * DAY_MS));
        if (hit) followed += 1;
      }
      return { season_year: season.year, sent: sentRows.length, opted_out: optedOut, followed_by_order: followed };
    },
  };
}
