import type { Db } from '../../db/query-helpers.ts';

/** All SQL of email_log (migration 038): every attempt, one SENT row per dedupe key. */
export const emailLogRepository = {
  async insert(db: Db, values: { outboxId: number; dedupeKey: string; orderId: number | null; to: string; subject: string; provider: string; status: 'SENT' | 'FAILED'; providerMessageId: string; error: string; at: string }): Promise<void> {
    await db
      .insertInto('email_log')
      .values({ outbox_id: values.outboxId, dedupe_key: values.dedupeKey, order_id: values.orderId, to_address: values.to, subject: values.subject, provider: values.provider, status: values.status, provider_message_id: values.providerMessageId, error: values.error, created_at: values.at })
      .execute();
  },
  async wasSent(db: Db, dedupeKey: string): Promise<boolean> {
    const row = await db.selectFrom('email_log').select('id').where('dedupe_key', '=', dedupeKey).where('status', '=', 'SENT').executeTakeFirst();
    return row !== undefined;
  },
};
