import { describe, expect, it } from 'vitest';
import { checkInvariants, crashRun, freshPostgresDatabase } from '../attack/crash.ts';
import { startTarget } from '../attack/target.ts';
import { testDatabaseUrl } from './test/test-servers.ts';
import { describeDialects } from './test/dialects.ts';

/**
 * The attack suite's crash test (apps/api/attack/crash.ts), one round with a smaller load: the
 * server is killed with SIGKILL while visitors create and pay orders, started again on the same
 * database, and what must survive a crash is read from the database itself.
 */
describeDialects('crash test on %s', (dialect) => {
  it('keeps every acknowledged payment, pays no order twice and sends one payment SMS per paid order across a SIGKILL', async () => {
    const database = dialect === 'postgres' ? await freshPostgresDatabase(testDatabaseUrl()) : undefined;
    const lines: string[] = [];
    // Sweeps every second, so duplicate payments are refunded before the check.
    const target = await startTarget({ companies: 2000, env: { PAYMENT_SWEEP_INTERVAL_SECONDS: '1', ...(database ? { DATABASE_URL: database.url } : {}) } });
    try {
      const report = await crashRun(target, { rounds: 1, clients: 8, ordersPerClient: 5, log: (line) => lines.push(line) });
      const context = `${report.result.figure}\n${lines.join('\n')}`;
      // The load really ran and the kill really happened.
      expect(report.kills, context).toBe(1);
      expect(report.created, context).toBeGreaterThanOrEqual(20);
      expect(report.paid, context).toBeGreaterThanOrEqual(10);
      expect(report.violations, context).toEqual([]);
      expect(report.result.held, context).toBe(true);
    } finally {
      await target.stop();
      await database?.drop();
    }
  }, 420_000);
});

describe('crash test invariants', () => {
  const paidOrder = { id: 1, public_id: 'pub1', out_trade_no: 'O1', status: '2', pay_time: '2026-01-01T00:00:00.000Z' };
  const settling = { id: 10, order_id: 1, out_trade_no: 'O1P01', status: 'PAID', settles_order: 1, provider_txn_id: 'T1', paid_at: '2026-01-01T00:00:00.000Z' };
  const sms = { id: 100, kind: 'sms.payment_succeeded', payload: JSON.stringify({ orderId: 1 }), processed_at: '2026-01-01T00:00:01.000Z' };
  const rows = () => ({
    orders: [paidOrder],
    attempts: [settling],
    outbox: [sms],
    smsLog: [{ dedupe_key: 'payment_succeeded:1', status: 'SENT', order_id: 1 }],
    refunds: [] as Array<{ attempt_id: number; out_trade_no: string; purpose: string; status: string }>,
    events: [{ event_id: 'EV_T1', result: 'APPLIED' }],
    trades: [{ out_trade_no: 'O1P01', status: 'SUCCESS', transaction_id: 'T1', amount_fen: 100, paid_at: '2026-01-01T00:00:00.000Z' }],
  });
  const book = () => new Map([['pub1', { publicId: 'pub1', outTradeNos: ['O1P01'], ackPaid: true, ackBeforeKill: true, cashierPaid: true, round: 1 }]]);

  it('holds for a paid order with its settling attempt and its one SMS', () => {
    expect(checkInvariants(rows(), book(), new Set(['O1P01'])).violations).toEqual([]);
  });

  it('flags a lost payment, a second payment kept, a missing or doubled SMS and a half-written event', () => {
    const lost = { ...rows(), orders: [{ ...paidOrder, status: '1', pay_time: null }] };
    expect(checkInvariants(lost, book(), new Set()).violations.join('\n')).toMatch(/reported paid before the kill but is status 1/);

    const twice = { ...rows(), attempts: [settling, { ...settling, id: 11, out_trade_no: 'O1P02', settles_order: 0, provider_txn_id: 'T2' }] };
    expect(checkInvariants(twice, book(), new Set()).violations.join('\n')).toMatch(/paid twice/);

    const noSms = { ...rows(), outbox: [], smsLog: [] };
    expect(checkInvariants(noSms, book(), new Set()).violations.join('\n')).toMatch(/0 payment_succeeded outbox rows/);

    const twoTexts = { ...rows(), smsLog: [...rows().smsLog, ...rows().smsLog] };
    expect(checkInvariants(twoTexts, book(), new Set()).violations.join('\n')).toMatch(/2 SENT payment_succeeded SMS/);

    const stuck = { ...rows(), events: [{ event_id: 'EV_T1', result: 'PROCESSING' }] };
    expect(checkInvariants(stuck, book(), new Set()).violations.join('\n')).toMatch(/stuck in PROCESSING/);

    const unrecorded = { ...rows(), trades: [...rows().trades, { out_trade_no: 'O1P02', status: 'SUCCESS', transaction_id: 'T2', amount_fen: 100, paid_at: '2026-01-01T00:00:00.000Z' }] };
    expect(checkInvariants(unrecorded, book(), new Set()).violations.join('\n')).toMatch(/took the money for O1P02/);

    expect(checkInvariants(rows(), book(), new Set(['O1P09'])).violations.join('\n')).toMatch(/O1P09 was handed out/);
  });
});
