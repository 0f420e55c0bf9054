import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job.ts';

/** The timer the sweeps share (retention, payments, reconciliation), on fake timers: no waiting on the clock. */
describe('createPeriodicJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares a round in progress with a second caller, and starts a new one after', async () => {
    let release!: (value: number) => void;
    const round = vi.fn<() => Promise<number>>(() => new Promise<number>((resolve) => (release = resolve)));
    const job = createPeriodicJob({ round, intervalMs: 0 });
    const first = job.runOnce();
    const second = job.runOnce();
    expect(round).toHaveBeenCalledTimes(1);
    release(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = job.runOnce();
    expect(round).toHaveBeenCalledTimes(2);
    release(8);
    expect(await third).toBe(8);
  });

  it('runs first after firstDelayMs, then every interval after a round ends, through failures, until stop()', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const round = vi.fn<() => Promise<number>>(async () => {
      calls += 1;
      if (calls === 2) throw new Error('a failed round');
      return calls;
    });
    const events: string[] = [];
    const job = createPeriodicJob({ round, intervalMs: 1000, firstDelayMs: 100, onStart: () => events.push('start'), onStop: () => events.push('stop') });
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(round).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
    // The failed second round did not stop the timer.
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(3);
    expect(events).toEqual(['start', 'stop']);
  });

  it('never starts with no interval, and stop() waits for the round in progress', async () => {
    vi.useFakeTimers();
    const round = vi.fn<() => Promise<number>>(async () => 1);
    const idle = createPeriodicJob({ round, intervalMs: 0, firstDelayMs: 10 });
    idle.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(round).not.toHaveBeenCalled();

    let release!: () => void;
    let finished = false;
    const slow = createPeriodicJob({
      round: () =>
        new Promise<void>((resolve) => (release = resolve)).then(() => {
          finished = true;
        }),
      intervalMs: 1000,
    });
    void slow.runOnce();
    const stopping = slow.stop();
    release();
    await stopping;
    expect(finished).toBe(true);
  });
});
