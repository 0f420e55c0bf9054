import type { Kysely, Transaction } from 'kysely';
import { ORDER_STATUS } from '@kuaibao/domain';
import type { Database, ReminderConsentRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The reminder's tables (migration 042, docs/decisions/065-next-season-reminder.md). */
export const reminderRepository = {
  findByOrderId(db: Db, orderId: number): Promise<ReminderConsentRow | undefined> {
    return db.selectFrom('reminder_consents').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<ReminderConsentRow | undefined> {
    return db.selectFrom('reminder_consents').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Gives (or gives again) the consent: the current text's version and time; a withdrawal is undone. */
  async give(db: Db, input: { orderId: number; entityName: string; creditCode: string; phone: string; version: string; at: string }): Promise<void> {
    const existing = await reminderRepository.findByOrderId(db, input.orderId);
    if (existing) {
      if (existing.withdrawn_at === null && existing.version === input.version) return;
      await db
        .updateTable('reminder_consents')
        .set({ version: input.version, given_at: input.at, withdrawn_at: null, withdrawn_via: '', phone: input.phone, entity_name: input.entityName, credit_code: input.creditCode })
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    await db
      .insertInto('reminder_consents')
      .values({ order_id: input.orderId, entity_name: input.entityName, credit_code: input.creditCode, phone: input.phone, version: input.version, given_at: input.at, withdrawn_at: null })
      .execute();
  },

  /** Withdraws one consent; false when it was withdrawn already. */
  async withdraw(db: Db, id: number, via: 'page' | 'sms_reply' | 'visitor', at: string): Promise<boolean> {
    const result = await db.updateTable('reminder_consents').set({ withdrawn_at: at, withdrawn_via: via }).where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Withdraws every consent of a phone (an SMS reply names the phone, not the order). */
  async withdrawPhone(db: Db, phone: string, at: string): Promise<number> {
    const result = await db.updateTable('reminder_consents').set({ withdrawn_at: at, withdrawn_via: 'sms_reply' }).where('phone', '=', phone).where('withdrawn_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  listConsents(db: Db): Promise<ReminderConsentRow[]> {
    return db.selectFrom('reminder_consents').selectAll().orderBy('given_at', 'desc').orderBy('id', 'desc').execute();
  },

  /** Companies (credit codes) with a paid, not refunded annual report paid in [since, until). */
  async orderedBetween(db: Db, since: string, until: string): Promise<{ credit_code: string; pay_time: string }[]> {
    const rows = await db
      .selectFrom('orders')
      .select(['entity_id', 'pay_time'])
      .where('goods_type', '=', 'license_year')
      .where('status', '=', ORDER_STATUS.paid)
      .where('pay_time', '>=', since)
      .where('pay_time', '<', until)
      .execute();
    return rows.map((r) => ({ credit_code: r.entity_id, pay_time: r.pay_time ?? '' }));
  },

  sentInSeason(db: Db, seasonYear: number): Promise<{ credit_code: string; consent_id: number; sent_at: string; ordinal: number }[]> {
    return db.selectFrom('reminders_sent').select(['credit_code', 'consent_id', 'sent_at', 'ordinal']).where('season_year', '=', seasonYear).orderBy('sent_at').execute();
  },

  async insertBatch(db: Db, input: { seasonYear: number; staffId: number; staffName: string; at: string }): Promise<number> {
    const row = await db
      .insertInto('reminder_batches')
      .values({ season_year: input.seasonYear, started_by: input.staffId, started_by_name: input.staffName, started_at: input.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async finishBatch(db: Db, id: number, counts: { companies: number; sent: number; skipped: number }): Promise<void> {
    await db.updateTable('reminder_batches').set({ companies: counts.companies, sent_count: counts.sent, skipped_count: counts.skipped }).where('id', '=', id).execute();
  },

  listBatches(db: Db, limit: number) {
    return db.selectFrom('reminder_batches').selectAll().orderBy('id', 'desc').limit(limit).execute();
  },

  async insertSent(db: Db, input: { batchId: number; consent: ReminderConsentRow; seasonYear: number; ordinal: number; at: string }): Promise<number> {
    const row = await db
      .insertInto('reminders_sent')
      .values({
        batch_id: input.batchId,
        consent_id: input.consent.id,
        order_id: input.consent.order_id,
        entity_name: input.consent.entity_name,
        credit_code: input.consent.credit_code,
        phone: input.consent.phone,
        season_year: input.seasonYear,
        ordinal: input.ordinal,
        sent_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  sentBetween(db: Db, since: string, until: string): Promise<{ credit_code: string; sent_at: string }[]> {
    return db.selectFrom('reminders_sent').select(['credit_code', 'sent_at']).where('sent_at', '>=', since).where('sent_at', '<', until).execute();
  },

  async optOutsBetween(db: Db, since: string, until: string): Promise<number> {
    const row = await db
      .selectFrom('reminder_consents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('withdrawn_at', '>=', since)
      .where('withdrawn_at', '<', until)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
