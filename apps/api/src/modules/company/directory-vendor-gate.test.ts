import { describe, expect, it } from 'vitest';
import type { VendorAnswer, VendorRefusal } from '../../providers/directory/port.ts';
import { createVendorGate } from './directory-vendor-gate.ts';
import type { DirectoryVendorRepository } from './directory-vendor.repository.ts';

/** The ledger in memory: the only part of the store the gate reads and writes. */
function ledgerStore(): Pick<DirectoryVendorRepository, 'callsOn' | 'recordCall'> & { calls: Array<[string, string]> } {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    callsOn: async (_vendor, day) => calls.filter(([d]) => d === day).length,
    recordCall: async (_vendor, day, status) => void calls.push([day, status]),
  };
}

function gateAt(start: string, dailyBudget = 100) {
  let now = new Date(start);
  const store = ledgerStore();
  const warnings: object[] = [];
  const log = { info: () => undefined, warn: (obj: object) => void warnings.push(obj), error: () => undefined };
  const gate = createVendorGate({ vendor: 'qichacha', store: store as unknown as DirectoryVendorRepository, dailyBudget, now: () => now, log });
  return { gate, store, warnings, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const refused = (status: string, reason: VendorRefusal): VendorAnswer<never> => ({ kind: 'refused', status, reason, message: '' });

describe('the vendor gate: daily budget and circuit breaker', () => {
  it.each([
    ['101', 'credentials', 3600_000],
    ['102', 'account', 3600_000],
    ['116', 'daily_limit', 3600_000],
    ['120', 'abnormal_traffic', 10 * 60_000],
    ['122', 'concurrency', 60_000],
  ] as const)('pauses after a %s (%s) for %i ms, then lets one call through', async (status, reason, pauseMs) => {
    const { gate, store, advance } = gateAt('2026-03-02T02:00:00Z');
    expect(await gate.call(async () => refused(status, reason))).toMatchObject({ status });
    expect(gate.state()).toEqual({ pausedUntil: new Date(Date.parse('2026-03-02T02:00:00Z') + pauseMs).toISOString(), pauseReason: status });
    advance(pauseMs - 1);
    expect(await gate.call(async () => ({ kind: 'no_result', status: '201' }))).toBeUndefined();
    advance(1);
    expect(await gate.call(async () => ({ kind: 'no_result', status: '201' }))).toMatchObject({ status: '201' });
    expect(gate.state()).toEqual({ pausedUntil: null, pauseReason: null });
    expect(store.calls.map(([, s]) => s)).toEqual([status, '201']);
  });

  it('does not pause for a repeated query, a rejected keyword or another refusal (the cache handles the first two)', async () => {
    const { gate } = gateAt('2026-03-02T02:00:00Z');
    for (const [status, reason] of [['110', 'repeated_query'], ['213', 'keyword_rejected'], ['999', 'other']] as const) {
      await gate.call(async () => refused(status, reason));
      expect(gate.state().pauseReason).toBeNull();
    }
  });

  it('pauses a minute after a timeout or an HTTP failure', async () => {
    const { gate, advance } = gateAt('2026-03-02T02:00:00Z');
    await gate.call(async () => ({ kind: 'unreachable', status: 'timeout', detail: '' }));
    expect(gate.state().pauseReason).toBe('timeout');
    advance(60_000);
    await gate.call(async () => ({ kind: 'unreachable', status: 'http', detail: '' }));
    expect(gate.state()).toMatchObject({ pauseReason: 'http', pausedUntil: '2026-03-02T02:02:00.000Z' });
  });

  it('stops at the day’s budget until the next Shanghai midnight, without calling', async () => {
    // 2026-03-02T15:30Z is 23:30 in Shanghai: the budget comes back at 16:00Z.
    const { gate, store, warnings, advance } = gateAt('2026-03-02T15:30:00Z', 1);
    let asked = 0;
    const ask = async (): Promise<VendorAnswer<never>> => {
      asked++;
      return { kind: 'no_result', status: '201' };
    };
    await gate.call(ask);
    expect(await gate.call(ask)).toBeUndefined();
    expect(asked).toBe(1);
    expect(gate.state()).toEqual({ pausedUntil: '2026-03-02T16:00:00.000Z', pauseReason: 'budget' });
    expect(warnings).toHaveLength(1);
    advance(30 * 60_000);
    expect(await gate.call(ask)).toMatchObject({ status: '201' });
    expect(store.calls.map(([day]) => day)).toEqual(['2026-03-02', '2026-03-03']);
  });
});
