import { retentionCutoffs, type RetentionCutoffs, type RetentionPeriods } from '@kuaibao/domain';
import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { AppDatabase } from '../db/database.ts';
import { writeAudit } from '../modules/audit/index.ts';
import { purgeWaitingDeletions } from '../modules/deletion/index.ts';
import { deleteEventsBefore } from '../modules/event/index.ts';
import { orderRetention } from '../modules/order/index.ts';
import type { AppMetrics } from '../observability/metrics.ts';
import { createPeriodicJob } from './periodic-job.ts';

/**
 * The retention sweep (docs/privacy-retention.md, docs/decisions/031-retention-sweep.md): removes
 * personal data the product no longer needs, in batches, on a timer started by server.ts (tests and
 * `npm run retention:sweep` call runOnce with their own clock):
 * - `id_number`: the ID number (ciphertext and hash) of orders closed for RETENTION_ID_NUMBER_DAYS;
 * - `unpaid_contact`: phone, legal representative's name and ID number of orders unpaid for RETENTION_UNPAID_DAYS;
 * - `events`: analytics rows older than RETENTION_EVENTS_DAYS;
 * - `deletion_request`: orders a visitor asked to delete (decision 037) that have closed since, whatever the periods.
 * Orders still being handled are never touched. Each purged order keeps a marker (`idno_purged_at`,
 * `contact_purged_at`); each round that purged something writes one audit row with the counts and
 * a log line. On PostgreSQL the round runs under an advisory lock, so with several instances one
 * sweeps and the others skip; every UPDATE also repeats its conditions, so a second sweep over the
 * same rows changes nothing.
 */
export type RetentionKind = 'id_number' | 'unpaid_contact' | 'events' | 'deletion_request';
export type RetentionReport = { purged: Record<RetentionKind, number>; cutoffs: RetentionCutoffs };

/** What the sweep logs through: the app's logger, or the one-shot command's console. */
export interface RetentionLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetentionSweep {
  /** One round now; 'skipped' when another instance holds the lock. */
  runOnce(): Promise<RetentionReport | 'skipped'>;
  /** Runs a round every interval until stop(); nothing when the interval is 0. */
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Rows per statement: short transactions, so a big first sweep never holds the orders table for long. */
export const RETENTION_BATCH = 500;

/** How long after start() the first round runs (at most the interval). */
const FIRST_ROUND_DELAY_MS = 60_000;

export function retentionLockKey(database: AppDatabase): string {
  return `kuaibao:retention-sweep:${database.kind === 'postgres' ? (database.schema ?? 'public') : ''}`;
}

export function createRetentionSweep(deps: {
  database: AppDatabase;
  periods: RetentionPeriods;
  intervalMs: number;
  now: () => Date;
  log: RetentionLog;
  metrics?: AppMetrics;
  batchSize?: number;
}): RetentionSweep {
  const { database, now, log } = deps;
  const db = database.db;
  const batch = deps.batchSize ?? RETENTION_BATCH;
  /** Set by stop(): a round in progress ends after its current batch (the next round does the rest), so shutdown never waits on a backlog. */
  let halted = false;

  /** Runs one batch step until a batch comes back short. */
  async function drain(step: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const changed = await step(batch);
      total += changed;
      if (changed < batch || halted) return total;
    }
  }

  async function sweep(): Promise<RetentionReport> {
    const at = now();
    const atIso = at.toISOString();
    const cutoffs = retentionCutoffs(at, deps.periods);
    const purged: Record<RetentionKind, number> = { id_number: 0, unpaid_contact: 0, events: 0, deletion_request: 0 };
    const closedBefore = cutoffs.closedOrdersIdNumber;
    if (closedBefore) purged.id_number = await drain((limit) => orderRetention.purgeClosedIdNumbers(db, { before: closedBefore, at: atIso, limit }));
    const unpaidBefore = cutoffs.unpaidOrdersContact;
    if (unpaidBefore) purged.unpaid_contact = await drain((limit) => orderRetention.purgeUnpaidContacts(db, { before: unpaidBefore, at: atIso, limit }));
    const eventsBefore = cutoffs.events;
    if (eventsBefore) purged.events = await drain((limit) => deleteEventsBefore(db, { before: eventsBefore, limit }));
    purged.deletion_request = await drain((limit) => purgeWaitingDeletions(db, { at: atIso, limit }));
    if (purged.id_number + purged.unpaid_contact + purged.events + purged.deletion_request > 0) {
      // The console's 操作日志 shows what was purged and by which rule; the rows themselves carry their marker.
      await writeAudit(db, null, { action: 'retention.sweep', targetType: 'retention', targetId: 'orders,events', after: { purged, cutoffs } }, at);
      log.info({ purged, cutoffs }, 'retention sweep purged personal data');
    }
    for (const kind of Object.keys(purged) as RetentionKind[]) deps.metrics?.retentionPurged.inc({ kind }, purged[kind]);
    return { purged, cutoffs };
  }

  async function round(): Promise<RetentionReport | 'skipped'> {
    try {
      const result = await withAdvisoryLock(database, retentionLockKey(database), sweep);
      deps.metrics?.retentionRuns.inc({ result: result === 'skipped' ? 'skipped' : 'ran' });
      if (result !== 'skipped') deps.metrics?.sweepLastSuccess.set({ sweep: 'retention' }, now().getTime() / 1000);
      return result;
    } catch (error) {
      deps.metrics?.retentionRuns.inc({ result: 'failed' });
      log.error({ err: error }, 'retention sweep failed');
      throw error;
    }
  }

  // The first round soon after boot: instances restarted more often than the interval still sweep.
  return createPeriodicJob({
    round,
    intervalMs: deps.intervalMs,
    firstDelayMs: FIRST_ROUND_DELAY_MS,
    onStart: () => {
      halted = false;
    },
    onStop: () => {
      halted = true;
    },
  });
}
