import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics } from '../observability/metrics.ts';
import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { AppDatabase } from '../db/database.ts';
import type { PaymentService, SweepResult } from '../modules/payment/index.ts';
import { createPeriodicJob } from './periodic-job.ts';

/**
 * The payment sweeps, run on a timer by server.ts (never by tests, which call runOnce with their
 * own clock):
 * - `refund-outbox`: late or duplicate payments queued as `payment.refund_attempt` become refunds;
 * - `attempts`: pending attempts are queried on a backoff schedule, expired ones closed (and asked
 *   once more, since a close can race a payment), superseded ones closed at the provider;
 * - `refunds`: refunds the provider could not take are resubmitted under the same number, and
 *   PROCESSING ones are queried until they settle.
 * Each step is idempotent. On PostgreSQL each sweep runs under a session advisory lock, so with
 * several instances exactly one runs it at a time; the others skip that round.
 */
export type SweepName = 'refund-outbox' | 'attempts' | 'refunds';
export type SweepReport = Record<SweepName, SweepResult | 'skipped'>;

export interface PaymentSweeps {
  /** Runs every sweep once (skipping any another instance holds). */
  runOnce(): Promise<SweepReport>;
  /** Runs the sweeps every interval until stop(). */
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/** The advisory lock's key; it names the schema too, so runs in separate schemas of one database never block each other. */
export function sweepLockKey(database: AppDatabase, name: SweepName): string {
  return `kuaibao:payment-sweep:${name}:${database.kind === 'postgres' ? (database.schema ?? 'public') : ''}`;
}

export function createPaymentSweeps(deps: {
  database: AppDatabase;
  payments: PaymentService;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** sweep runs and what they did (the app's registry; absent in unit tests) */
  metrics?: AppMetrics;
  /** The clock the report's timing uses; the payment service has its own (the app's). */
  now?: () => Date;
}): PaymentSweeps {
  const { database, payments, log } = deps;
  const now = deps.now ?? (() => new Date());

  const steps: Record<SweepName, () => Promise<SweepResult>> = {
    'refund-outbox': () => payments.processRefundOutbox(),
    attempts: () => payments.reconcileDueAttempts(),
    refunds: () => payments.reconcileDueRefunds(),
  };

  function withLock(name: SweepName, run: () => Promise<SweepResult>): Promise<SweepResult | 'skipped'> {
    return withAdvisoryLock(database, sweepLockKey(database, name), run);
  }

  async function round(): Promise<SweepReport> {
    const started = now().getTime();
    const report = {} as SweepReport;
    for (const name of Object.keys(steps) as SweepName[]) {
      let result: SweepResult | 'skipped';
      try {
        result = await withLock(name, steps[name]);
        deps.metrics?.sweepRuns.inc({ sweep: name, result: result === 'skipped' ? 'skipped' : 'ran' });
        if (result !== 'skipped') deps.metrics?.sweepLastSuccess.set({ sweep: name }, now().getTime() / 1000);
      } catch (error) {
        log.error({ err: error, sweep: name }, 'payment sweep failed');
        result = { examined: 0, failed: 1 };
        deps.metrics?.sweepRuns.inc({ sweep: name, result: 'failed' });
      }
      if (result !== 'skipped') {
        deps.metrics?.sweepExamined.inc({ sweep: name }, result.examined);
        deps.metrics?.sweepFailures.inc({ sweep: name }, result.failed);
      }
      report[name] = result;
    }
    const busy = Object.values(report).some((r) => r !== 'skipped' && r.examined > 0);
    if (busy) log.info({ report, ms: now().getTime() - started }, 'payment sweeps ran');
    return report;
  }

  return createPeriodicJob({ round, intervalMs: deps.intervalMs });
}
