import type { Db } from './query-helpers.ts';

/**
 * What the metrics read from the database when Prometheus scrapes (docs/operations.md), so every
 * instance reports the same values and a restart forgets nothing.
 */

/** The families of outbox kinds (`sms.order_completed` → `sms`) reported even when nothing waits. */
export const OUTBOX_FAMILIES = ['sms', 'payment'] as const;

/** Seconds the oldest unfinished outbox row of each family has waited at `now`; 0 when none waits. */
export async function oldestPendingOutboxAge(db: Db, now: Date): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['kind', eb.fn.min('created_at').as('oldest')])
    .where('processed_at', 'is', null)
    .groupBy('kind')
    .execute();
  const ages: Record<string, number> = Object.fromEntries(OUTBOX_FAMILIES.map((family) => [family, 0]));
  for (const row of rows) {
    const family = row.kind.split('.')[0] ?? row.kind;
    const age = Math.max(0, (now.getTime() - Date.parse(String(row.oldest))) / 1000);
    if (Number.isFinite(age)) ages[family] = Math.max(ages[family] ?? 0, age);
  }
  return ages;
}

/** Unix seconds at which each provider's daily reconciliation last finished with an answer (DONE, or NO_BILL: no trades that day). */
export async function lastSuccessfulReconciliation(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('reconciliation_runs')
    .select((eb) => ['provider', eb.fn.max('finished_at').as('finished')])
    .where('status', 'in', ['DONE', 'NO_BILL'])
    .where('finished_at', 'is not', null)
    .groupBy('provider')
    .execute();
  const last: Record<string, number> = {};
  for (const row of rows) {
    const at = Date.parse(String(row.finished));
    if (Number.isFinite(at)) last[row.provider] = at / 1000;
  }
  return last;
}
