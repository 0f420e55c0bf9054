import { describe, expect, it } from 'vitest';
import { fenToYuanString, formatFen, formatYuan, periodMoney, yuanStringToFen } from './money.ts';

describe('formatFen', () => {
  it.each([
    [19900, '199.00'],
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [105, '1.05'],
    [123456789, '1234567.89'],
    [-150, '-1.50'],
    [-5, '-0.05'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s with a RangeError', (fen) => {
    expect(() => formatFen(fen)).toThrow(RangeError);
  });
});

describe('formatYuan', () => {
  it('prefixes the yuan sign', () => {
    expect(formatYuan(19900)).toBe('¥199.00');
    expect(formatYuan(0)).toBe('¥0.00');
  });
  it('puts the minus sign before the yuan sign', () => {
    expect(formatYuan(-150)).toBe('-¥1.50');
  });
  it('rejects fractional fen', () => {
    expect(() => formatYuan(0.1)).toThrow(RangeError);
  });
});

describe('fenToYuanString', () => {
  it('gives the provider form with two decimals', () => {
    expect(fenToYuanString(19900)).toBe('199.00');
    expect(fenToYuanString(1)).toBe('0.01');
  });
  it('rejects negative and fractional amounts', () => {
    expect(() => fenToYuanString(-1)).toThrow(RangeError);
    expect(() => fenToYuanString(99.5)).toThrow(RangeError);
  });
});

describe('yuanStringToFen', () => {
  it.each([
    ['199', 19900],
    ['199.00', 19900],
    ['199.5', 19950],
    ['0.01', 1],
    ['0.1', 10],
    ['1.05', 105],
    ['0', 0],
    ['007.10', 710],
    [' 12.34 ', 1234],
    // would be 1.1500000000000001 * 100 = 114.99999999999999 with floats
    ['1.15', 115],
    ['0.29', 29],
    ['90071992547409.91', 9007199254740991],
  ])('%j → %i', (text, fen) => {
    expect(yuanStringToFen(text)).toBe(fen);
  });

  it.each(['', ' ', '1.234', '-1', '+1', '1e3', '1.', '.5', '1,000', '¥1', 'abc', '1.2.3', '90071992547409.92', '1234567890123456'])(
    'rejects %j',
    (text) => {
      expect(yuanStringToFen(text)).toBeUndefined();
    },
  );

  it('round-trips with formatFen over a sweep', () => {
    for (let fen = 0; fen < 100_000; fen += 7) {
      expect(yuanStringToFen(formatFen(fen))).toBe(fen);
    }
  });
});

describe('periodMoney', () => {
  it('nets the refunds out of the revenue, in fen', () => {
    expect(periodMoney({ paidOrders: 3, revenueFen: 129900, refundedOrders: 1, refundedFen: 99900 })).toEqual({ paid_orders: 3, revenue_fen: 129900, refunded_orders: 1, refunded_fen: 99900, net_fen: 30000 });
    expect(periodMoney({ paidOrders: 0, revenueFen: 0, refundedOrders: 0, refundedFen: 0 }).net_fen).toBe(0);
  });

  it('refuses a refund beyond the revenue or a fractional amount', () => {
    expect(() => periodMoney({ paidOrders: 1, revenueFen: 100, refundedOrders: 1, refundedFen: 200 })).toThrow(RangeError);
    expect(() => periodMoney({ paidOrders: 1, revenueFen: 100.5, refundedOrders: 0, refundedFen: 0 })).toThrow(RangeError);
  });
});
