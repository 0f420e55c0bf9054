import type { Db } from './query-helpers.ts';
import type { OutboxRow } from './schema.ts';

/**
 * Queues work for the jobs (jobs/sms-outbox.ts sends the `sms.*` kinds, the payment sweeps the
 * refund kind), in the caller's transaction: the work leaves with the change or not at all.
 */
export async function enqueueOutbox(db: Db, kind: string, payload: unknown, at: string): Promise<void> {
  await db.insertInto('outbox').values({ kind, payload: JSON.stringify(payload), created_at: at, processed_at: null, last_error: null }).execute();
}

/** Rows of these kinds ('sms.%') waiting and available now, oldest first. */
export function listDueOutbox(db: Db, input: { kindLike: string; at: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('processed_at', 'is', null)
    .where('kind', 'like', input.kindLike)
    .where((eb) => eb.or([eb('available_at', 'is', null), eb('available_at', '<=', input.at)]))
    .orderBy('id')
    .limit(input.limit)
    .execute();
}

/** Takes a row until `until` (a lease), counting the attempt; false when another worker got it first. */
export async function claimOutbox(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, until: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ available_at: until, attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('processed_at', 'is', null)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Done with a row, with the error that ended it if any. */
export async function finishOutbox(db: Db, id: number, at: string, lastError: string | null): Promise<void> {
  await db.updateTable('outbox').set({ processed_at: at, last_error: lastError }).where('id', '=', id).execute();
}

/** Tries a row again not before `at`, noting why this try failed. */
export async function retryOutboxLater(db: Db, id: number, at: string, lastError: string): Promise<void> {
  await db.updateTable('outbox').set({ available_at: at, last_error: lastError }).where('id', '=', id).execute();
}

/** How many rows of these kinds are not done yet (the backlog an operator watches). */
export async function countPendingOutbox(db: Db, kindLike: string): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('processed_at', 'is', null)
    .where('kind', 'like', kindLike)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
