import { describe, expect, it } from 'vitest';
import { previousShanghaiDate, reconcileDay, shanghaiDayWindow, type OurLedgerLine, type ProviderBillLine } from './reconciliation.ts';

const paid = (outTradeNo: string, amountFen: number): ProviderBillLine => ({ kind: 'payment', outTradeNo, outRefundNo: null, amountFen, refundState: null, providerStatus: 'SUCCESS' });
const ours = (outTradeNo: string, amountFen: number, status = 'PAID', inDay = true): OurLedgerLine => ({ kind: 'payment', outTradeNo, outRefundNo: null, orderId: 7, amountFen, status, inDay });

describe('reconcileDay', () => {
  it('matches equal lines and counts both sides', () => {
    const result = reconcileDay([paid('A', 100)], [ours('A', 100)]);
    expect(result).toMatchObject({ matched: 1, differences: [], theirs: { paymentCount: 1, paymentFen: 100 }, ours: { paymentCount: 1, paymentFen: 100 } });
  });

  it('finds each kind of difference', () => {
    const refundTheirs: ProviderBillLine = { kind: 'refund', outTradeNo: 'D', outRefundNo: 'RD', amountFen: 50, refundState: 'SUCCESS', providerStatus: 'SUCCESS' };
    const refundOurs: OurLedgerLine = { kind: 'refund', outTradeNo: 'D', outRefundNo: 'RD', orderId: 9, amountFen: 50, status: 'REQUESTED', inDay: true };
    const result = reconcileDay([paid('A', 100), paid('B', 200), refundTheirs], [ours('B', 250), ours('C', 300), refundOurs]);
    expect(result.differences.map((d) => [d.kind, d.outTradeNo])).toEqual([
      ['MISSING_OURS', 'A'],
      ['AMOUNT_MISMATCH', 'B'],
      ['STATUS_MISMATCH', 'D'],
      ['MISSING_THEIRS', 'C'],
    ]);
    expect(result.matched).toBe(0);
    expect(result.theirs).toEqual({ paymentCount: 2, paymentFen: 300, refundCount: 1, refundFen: 50 });
  });

  it('an attempt we never saw paid is a status difference; a line of another day on our side only counts when named', () => {
    const result = reconcileDay([paid('A', 100)], [ours('A', 100, 'EXPIRED', false), ours('Z', 10, 'PAID', false)]);
    expect(result.differences).toEqual([expect.objectContaining({ kind: 'STATUS_MISMATCH', ourStatus: 'EXPIRED', theirStatus: 'SUCCESS' })]);
    expect(result.ours.paymentCount).toBe(0);
  });

  it('a refund still processing on one side agrees with a settled one on the other', () => {
    const line: ProviderBillLine = { kind: 'refund', outTradeNo: 'D', outRefundNo: 'RD', amountFen: 50, refundState: 'PROCESSING', providerStatus: 'PROCESSING' };
    expect(reconcileDay([line], [{ kind: 'refund', outTradeNo: 'D', outRefundNo: 'RD', orderId: 1, amountFen: 50, status: 'SUCCESS', inDay: true }]).matched).toBe(1);
  });
});

describe('Beijing days', () => {
  it('spans 16:00 UTC to 16:00 UTC and refuses nonsense', () => {
    expect(shanghaiDayWindow('2026-11-26')).toEqual({ start: '2026-11-25T16:00:00.000Z', end: '2026-11-26T16:00:00.000Z' });
    expect(shanghaiDayWindow('2026-02-30')).toBeUndefined();
    expect(previousShanghaiDate(new Date('2026-11-26T17:00:00Z'))).toBe('2026-11-26');
  });
});

describe('ledgerStatusName', () => {
  it('speaks Chinese for both sides', async () => {
    const { ledgerStatusName } = await import('./reconciliation.ts');
    expect(ledgerStatusName('ours', 'payment', 'PENDING')).toBe('待支付');
    expect(ledgerStatusName('theirs', 'payment', 'SUCCESS')).toBe('支付成功');
    expect(ledgerStatusName('theirs', 'refund', '退款')).toBe('退款成功');
    expect(ledgerStatusName('ours', 'refund', null)).toBe('—');
  });
});
