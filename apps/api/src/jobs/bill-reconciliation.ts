import type { FastifyBaseLogger } from 'fastify';
import type { ReconciliationService, RunDayResult } from '../modules/payment/reconciliation.service.ts';

/**
 * The daily reconciliation job (docs/decisions/039-daily-bill-reconciliation.md), on a timer
 * started by server.ts like the other sweeps (tests call runOnce with their own clock). Each round
 * reconciles yesterday (Beijing) for every provider with bills, once the bills are ready and until
 * the day is done: with an hourly interval, that is once a day, retried hourly while a bill is not
 * ready or a download failed. Each provider's run holds a PostgreSQL advisory lock, so with several
 * instances one runs it and the others skip.
 */
export interface BillReconciliationJob {
  runOnce(): Promise<RunDayResult[]>;
  start(): void;
  stop(): Promise<void>;
}

/** How long after start() the first round runs (at most the interval). */
const FIRST_ROUND_DELAY_MS = 90_000;

export function createBillReconciliationJob(deps: { reconciliation: ReconciliationService; intervalMs: number; log: FastifyBaseLogger }): BillReconciliationJob {
  const { reconciliation, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<RunDayResult[]> | undefined;
  let stopped = true;

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

  function runOnce(): Promise<RunDayResult[]> {
    // One round at a time in this process, whether from the timer or a direct call.
    current ??= round().finally(() => {
      current = undefined;
    });
    return current;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce()
        .catch(() => undefined)
        .finally(() => schedule(deps.intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped || deps.intervalMs <= 0) return;
      stopped = false;
      schedule(Math.min(deps.intervalMs, FIRST_ROUND_DELAY_MS));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current?.catch(() => undefined);
    },
  };
}
