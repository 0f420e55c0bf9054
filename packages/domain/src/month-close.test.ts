import { describe, expect, it } from 'vitest';
import { daysOfMonth, monthSettlement, type MonthCloseRun } from './month-close.ts';

const run = (over: Partial<MonthCloseRun> & Pick<MonthCloseRun, 'provider' | 'date'>): MonthCloseRun => ({
  status: 'DONE',
  paymentCount: 0,
  paymentFen: 0,
  refundCount: 0,
  refundFen: 0,
  feeFen: 0,
  differenceCount: 0,
  ...over,
});

describe('daysOfMonth', () => {
  it('lists the days of a month, leap years included', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02')?.at(-1)).toBe('2028-02-29');
    expect(daysOfMonth('2026-03')?.[0]).toBe('2026-03-01');
    expect(daysOfMonth('2026-13')).toBeUndefined();
    expect(daysOfMonth('2026-3')).toBeUndefined();
  });
});

describe('monthSettlement', () => {
  it('sums each channel, nets refunds and fees in fen, and calls out the days not reconciled', () => {
    const runs = [
      run({ provider: 'wechatpay', date: '2026-02-01', paymentCount: 2, paymentFen: 39800, feeFen: 239 }),
      run({ provider: 'wechatpay', date: '2026-02-02', paymentCount: 1, paymentFen: 19900, refundCount: 1, refundFen: 19900, feeFen: 0 }),
      run({ provider: 'wechatpay', date: '2026-02-03', paymentCount: 1, paymentFen: 9900, feeFen: 59, differenceCount: 2 }),
      run({ provider: 'wechatpay', date: '2026-02-04', status: 'NO_BILL' }),
      run({ provider: 'wechatpay', date: '2026-02-05', status: 'FAILED' }),
      run({ provider: 'alipay', date: '2026-02-01', paymentCount: 1, paymentFen: 19900, feeFen: null }),
      // another month: ignored
      run({ provider: 'wechatpay', date: '2026-03-01', paymentCount: 1, paymentFen: 100000, feeFen: 600 }),
    ];
    const result = monthSettlement({ month: '2026-02', lastBillDay: '2026-02-06', runs })!;
    const wechat = result.channels.find((c) => c.provider === 'wechatpay')!;
    expect(wechat).toMatchObject({ paymentCount: 4, incomeFen: 69600, refundCount: 1, refundFen: 19900, feeFen: 298, netFen: 69600 - 19900 - 298, reconciledDays: 3 });
    expect(wechat.unreconciledDays).toEqual([
      { date: '2026-02-03', reason: 'DIFFERENCES', differences: 2 },
      { date: '2026-02-05', reason: 'FAILED', differences: 0 },
      { date: '2026-02-06', reason: 'NO_RUN', differences: 0 },
    ]);
    const alipay = result.channels.find((c) => c.provider === 'alipay')!;
    // A bill without fees: counted as none, and the day named.
    expect(alipay).toMatchObject({ incomeFen: 19900, feeFen: 0, netFen: 19900, daysWithoutFees: ['2026-02-01'] });
    expect(alipay.unreconciledDays.map((d) => d.date)).toEqual(['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06']);
    expect(result.total).toEqual({ incomeFen: 89500, refundFen: 19900, feeFen: 298, netFen: 89500 - 19900 - 298 });
    expect(result).toMatchObject({ dueDays: 6, monthDays: 28, closed: false });
  });

  it('closes a past month only when every day of every channel is reconciled', () => {
    const days = daysOfMonth('2026-02')!;
    const runs = days.flatMap((date) => [run({ provider: 'wechatpay', date, status: 'NO_BILL' }), run({ provider: 'alipay', date, paymentCount: 1, paymentFen: 100, feeFen: 1 })]);
    expect(monthSettlement({ month: '2026-02', lastBillDay: '2026-03-10', runs })).toMatchObject({ closed: true, dueDays: 28, total: { incomeFen: 2800, feeFen: 28, netFen: 2772 } });
    // One day still with a difference keeps it open.
    runs[1] = { ...runs[1]!, differenceCount: 1 };
    expect(monthSettlement({ month: '2026-02', lastBillDay: '2026-03-10', runs })?.closed).toBe(false);
    // The month not over: open, whatever the runs say.
    expect(monthSettlement({ month: '2026-02', lastBillDay: '2026-02-27', runs: runs.slice(2) })?.closed).toBe(false);
  });

  it('refuses a malformed month', () => {
    expect(monthSettlement({ month: '2026-2', lastBillDay: '2026-03-01', runs: [] })).toBeUndefined();
  });
});
