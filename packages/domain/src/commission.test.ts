import { describe, expect, it } from 'vitest';
import { commissionOf, commissionRateAt, isCommissionRate, monthlyCommission, shanghaiMonthWindow, type CommissionRateChange, type CompletedOrder } from './commission.ts';

const MARCH = shanghaiMonthWindow('2026-03')!;

describe('shanghaiMonthWindow', () => {
  it('is the Beijing month in UTC instants', () => {
    expect(MARCH).toEqual({ start: '2026-02-28T16:00:00.000Z', end: '2026-03-31T16:00:00.000Z' });
    expect(shanghaiMonthWindow('2026-12')).toEqual({ start: '2026-11-30T16:00:00.000Z', end: '2026-12-31T16:00:00.000Z' });
    for (const bad of ['2026-13', '2026-3', '26-03', '2026-03-01', '']) expect(shanghaiMonthWindow(bad)).toBeUndefined();
  });
});

describe('commissionOf and rates', () => {
  it('takes a percentage in basis points, rounded half up to the fen', () => {
    expect(commissionOf(19900, 1000)).toBe(1990);
    expect(commissionOf(19900, 1250)).toBe(2488); // 2487.5
    expect(commissionOf(19900, 0)).toBe(0);
    expect(commissionOf(1, 5000)).toBe(1); // 0.5 fen rounds up
    expect(() => commissionOf(-1, 100)).toThrow(RangeError);
    expect(() => commissionOf(100, 10001)).toThrow(RangeError);
    expect(isCommissionRate(10000)).toBe(true);
    expect(isCommissionRate(12.5)).toBe(false);
  });

  it('uses the rate in force at the moment, 0 before any', () => {
    const history: CommissionRateChange[] = [
      { goods_type: 'license_year', rate_bp: 1000, effective_from: '2026-03-01T00:00:00.000Z' },
      { goods_type: 'license_year', rate_bp: 1500, effective_from: '2026-03-15T00:00:00.000Z' },
      { goods_type: 'credit_repair', rate_bp: 2000, effective_from: '2026-01-01T00:00:00.000Z' },
    ];
    expect(commissionRateAt(history, 'license_year', '2026-02-28T00:00:00.000Z')).toBe(0);
    expect(commissionRateAt(history, 'license_year', '2026-03-14T23:59:59.999Z')).toBe(1000);
    expect(commissionRateAt(history, 'license_year', '2026-03-15T00:00:00.000Z')).toBe(1500);
    expect(commissionRateAt(history, 'license_destory', '2026-03-15T00:00:00.000Z')).toBe(0);
  });
});

describe('monthlyCommission', () => {
  const rates: CommissionRateChange[] = [
    { goods_type: 'license_year', rate_bp: 1000, effective_from: '2026-01-01T00:00:00.000Z' },
    { goods_type: 'license_year', rate_bp: 2000, effective_from: '2026-03-20T00:00:00.000Z' },
    { goods_type: 'credit_repair', rate_bp: 500, effective_from: '2026-01-01T00:00:00.000Z' },
  ];
  const done = (order_id: number, handler_id: number, goods_type: CompletedOrder['goods_type'], paid_fen: number, completed_at: string): CompletedOrder => ({
    order_id,
    handler_id,
    handler_name: handler_id === 1 ? '王专员' : '李专员',
    goods_type,
    paid_fen,
    completed_at,
  });
  const completed = [
    // 王: two annual reports in March at 10 % and 20 %, one repair; one annual report completed in February.
    done(1, 1, 'license_year', 19900, '2026-03-02T02:00:00.000Z'),
    done(2, 1, 'license_year', 19900, '2026-03-21T02:00:00.000Z'),
    done(3, 1, 'credit_repair', 30000, '2026-03-05T02:00:00.000Z'),
    done(4, 1, 'license_year', 19900, '2026-02-10T02:00:00.000Z'),
    // 李: completed on 1 April 00:30 Beijing (still 31 March in UTC): April's, not March's.
    done(5, 2, 'license_year', 19900, '2026-03-31T16:30:00.000Z'),
    // 李: 28 February 23:59 UTC is 1 March 07:59 Beijing: March's.
    done(6, 2, 'license_year', 10000, '2026-02-28T23:59:00.000Z'),
  ];

  it('earns the rate in force at each completion, per clerk and service, in the Beijing month', () => {
    const lines = monthlyCommission({ month: MARCH, rates, completed, refunds: [] });
    expect(lines.map((l) => [l.staff_id, l.goods_type, l.completed_orders, l.completed_fen, l.earned_fen, l.net_fen])).toEqual([
      [1, 'credit_repair', 1, 30000, 1500, 1500],
      [1, 'license_year', 2, 39800, 1990 + 3980, 1990 + 3980],
      [2, 'license_year', 1, 10000, 1000, 1000],
    ]);
  });

  it('deducts the month\'s refunds of orders the clerk completed, at those orders\' rates, earlier months included', () => {
    const lines = monthlyCommission({
      month: MARCH,
      rates,
      completed,
      refunds: [
        // Order 2 fully refunded in March: its 20 % comes back.
        { order_id: 2, amount_fen: 19900, succeeded_at: '2026-03-25T02:00:00.000Z' },
        // Order 4 (completed in February at 10 %) partly refunded in March.
        { order_id: 4, amount_fen: 5000, succeeded_at: '2026-03-03T02:00:00.000Z' },
        // Order 1 refunded in April: not March's.
        { order_id: 1, amount_fen: 19900, succeeded_at: '2026-03-31T16:00:00.000Z' },
        // Order 5 refunded in March but completed in April: it had earned nothing in March.
        { order_id: 5, amount_fen: 19900, succeeded_at: '2026-03-30T02:00:00.000Z' },
        // An order nobody completed: nothing to take back.
        { order_id: 99, amount_fen: 19900, succeeded_at: '2026-03-30T02:00:00.000Z' },
      ],
    });
    const year = lines.find((l) => l.staff_id === 1 && l.goods_type === 'license_year')!;
    expect(year).toMatchObject({ completed_orders: 2, earned_fen: 5970, refunds: 2, refunded_fen: 24900, deducted_fen: 3980 + 500, net_fen: 5970 - 4480 });
    expect(lines.find((l) => l.staff_id === 2)).toMatchObject({ refunds: 0, deducted_fen: 0, net_fen: 1000 });
  });

  it('shows a month with only a refund as a negative figure', () => {
    const lines = monthlyCommission({ month: shanghaiMonthWindow('2026-04')!, rates, completed: [done(1, 1, 'credit_repair', 30000, '2026-03-05T02:00:00.000Z')], refunds: [{ order_id: 1, amount_fen: 30000, succeeded_at: '2026-04-02T02:00:00.000Z' }] });
    expect(lines).toEqual([{ staff_id: 1, staff_name: '王专员', goods_type: 'credit_repair', completed_orders: 0, completed_fen: 0, earned_fen: 0, refunds: 1, refunded_fen: 30000, deducted_fen: 1500, net_fen: -1500 }]);
  });
});
