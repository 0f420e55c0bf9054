import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/database.ts';
import type { PaymentService, SweepResult } from '../modules/payment/index.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { describeDialects } from '../test/dialects.ts';
import { createPaymentSweeps, sweepLockKey } from './payment-sweeps.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as unknown as FastifyBaseLogger;

function countingPayments(calls: string[], gate?: Promise<void>): PaymentService {
  const step = (name: string) => async (): Promise<SweepResult> => {
    calls.push(name);
    await gate;
    return { examined: 0, failed: 0 };
  };
  return { processRefundOutbox: step('refund-outbox'), reconcileDueAttempts: step('attempts'), reconcileDueRefunds: step('refunds') } as unknown as PaymentService;
}

describe('payment sweeps scheduler', () => {
  const sqlite = { kind: 'sqlite' } as AppDatabase;
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every sweep in order, one round at a time', async () => {
    const calls: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sweeps = createPaymentSweeps({ database: sqlite, payments: countingPayments(calls, gate), intervalMs: 0, log: silent });
    const first = sweeps.runOnce();
    // Asked again while the first round is held in its first sweep: the same round, not a second one.
    await vi.waitFor(() => expect(calls).toEqual(['refund-outbox']));
    const second = sweeps.runOnce();
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(calls).toEqual(['refund-outbox', 'attempts', 'refunds']);
    expect(a).toEqual({ 'refund-outbox': { examined: 0, failed: 0 }, attempts: { examined: 0, failed: 0 }, refunds: { examined: 0, failed: 0 } });
  });

  it('runs on its interval once started and not after stop()', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const rounds = () => calls.filter((c) => c === 'attempts').length;
    const sweeps = createPaymentSweeps({ database: sqlite, payments: countingPayments(calls), intervalMs: 1000, log: silent });
    sweeps.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds()).toBe(2);
    await sweeps.stop();
    // Ten intervals after stop(): a timer left running would have swept ten more times.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start with an interval of 0 (PAYMENT_SWEEP_INTERVAL_SECONDS=0)', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const sweeps = createPaymentSweeps({ database: sqlite, payments: countingPayments(calls), intervalMs: 0, log: silent });
    sweeps.start();
    // Nothing was scheduled, and a day on the clock sweeps nothing.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(calls).toEqual([]);
    await sweeps.stop();
  });

  it('reports a failing sweep and goes on with the next', async () => {
    const calls: string[] = [];
    const payments = { ...countingPayments(calls), reconcileDueAttempts: async () => Promise.reject(new Error('database gone')) } as unknown as PaymentService;
    const report = await createPaymentSweeps({ database: sqlite, payments, intervalMs: 0, log: silent }).runOnce();
    expect(report.attempts).toEqual({ examined: 0, failed: 1 });
    expect(calls).toEqual(['refund-outbox', 'refunds']);
  });
});

describeDialects('payment sweeps on %s take an advisory lock', { only: ['postgres'] }, (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 50 });
  });
  afterAll(async () => {
    await test.close();
  });

  it('skips a sweep another instance is running, and runs it once the lock is free', async () => {
    const database = test.database;
    if (database.kind !== 'postgres') throw new Error('postgres only');
    const other = await database.raw.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtext($1))', [sweepLockKey(database, 'attempts')]);
      const held = await test.app.services.paymentSweeps.runOnce();
      expect(held.attempts).toBe('skipped');
      expect(held['refund-outbox']).toEqual({ examined: 0, failed: 0 });
      await other.query('SELECT pg_advisory_unlock(hashtext($1))', [sweepLockKey(database, 'attempts')]);
      expect((await test.app.services.paymentSweeps.runOnce()).attempts).toEqual({ examined: 0, failed: 0 });
    } finally {
      other.release();
    }
  });

  it('uses a key per schema, so separate test schemas never block each other', () => {
    const a = { kind: 'postgres', schema: 't_a' } as AppDatabase;
    const b = { kind: 'postgres', schema: 't_b' } as AppDatabase;
    expect(sweepLockKey(a, 'refunds')).not.toBe(sweepLockKey(b, 'refunds'));
  });
});
