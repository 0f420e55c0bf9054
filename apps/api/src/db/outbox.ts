import type { Db } from './query-helpers.ts';

/**
 * Queues work for the jobs (jobs/sms-outbox.ts sends the `sms.*` kinds, the payment sweeps the
 * refund kind), in the caller's transaction: the work leaves with the change or not at all.
 */
export async function enqueueOutbox(db: Db, kind: string, payload: unknown, at: string): Promise<void> {
  await db.insertInto('outbox').values({ kind, payload: JSON.stringify(payload), created_at: at, processed_at: null, last_error: null }).execute();
}
