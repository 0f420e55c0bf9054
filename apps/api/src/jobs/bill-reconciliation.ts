import type { FastifyBaseLogger } from 'fastify';
import type { ReconciliationService, RunDayResult } from '../modules/payment/index.ts';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.ts';

/**
 * The daily reconciliation job (docs/decisions/039-daily-bill-reconciliation.md), on a timer
 * started by server.ts like the other sweeps (tests call runOnce with their own clock). Each round
 * reconciles yesterday (Beijing) for every provider with bills, once the bills are ready and until
 * the day is done: with an hourly interval, that is once a day, retried hourly while a bill is not
 * ready or a download failed. Each provider's run holds a PostgreSQL advisory lock, so with several
 * instances one runs it and the others skip.
 */
export type BillReconciliationJob = PeriodicJob<RunDayResult[]>;

/** How long after start() the first round runs (at most the interval). */
const FIRST_ROUND_DELAY_MS = 90_000;

export function createBillReconciliationJob(deps: { reconciliation: ReconciliationService; intervalMs: number; log: FastifyBaseLogger }): BillReconciliationJob {
  const { reconciliation, log } = deps;

  async function round(): Promise<RunDayResult[]> {
    try {
      const results = await reconciliation.runDue();
      if (results.length > 0) log.info({ results }, 'daily reconciliation ran');
      return results;
    } catch (error) {
      log.error({ err: error }, 'daily reconciliation failed');
      throw error;
    }
  }

  return createPeriodicJob({ round, intervalMs: deps.intervalMs, firstDelayMs: FIRST_ROUND_DELAY_MS });
}
