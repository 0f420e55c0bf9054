/** A job's round on a timer, as server.ts starts the sweeps and tests call runOnce with their own clock. */
export interface PeriodicJob<R> {
  /** One round now; a round already in progress in this process is shared, not doubled. */
  runOnce(): Promise<R>;
  start(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * The timer the sweeps share: one round at a time in this process (from the timer or a direct
 * call), the next one `intervalMs` after the previous ends, so rounds never overlap however long
 * one takes. A failed round is the job's to log and count (its `round` rethrows); the timer goes
 * on and the next round tries again. `intervalMs <= 0` never starts (tests, or the job switched off).
 * `firstDelayMs` (default: the interval) lets a daily job run soon after boot, since instances may
 * restart more often than its interval. `onStart` / `onStop` run as the timer starts and stops
 * (the retention sweep uses onStop to end a round's batches early).
 */
export function createPeriodicJob<R>(input: { round: () => Promise<R>; intervalMs: number; firstDelayMs?: number; onStart?: () => void; onStop?: () => void }): PeriodicJob<R> {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<R> | undefined;
  let stopped = true;

  function runOnce(): Promise<R> {
    current ??= input.round().finally(() => {
      current = undefined;
    });
    return current;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce()
        .catch(() => undefined)
        .finally(() => schedule(input.intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped || input.intervalMs <= 0) return;
      stopped = false;
      input.onStart?.();
      schedule(Math.min(input.intervalMs, input.firstDelayMs ?? input.intervalMs));
    },
    async stop() {
      stopped = true;
      input.onStop?.();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current?.catch(() => undefined);
    },
  };
}
