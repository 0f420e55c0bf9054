import { describe, expect, it } from 'vitest';
import { PARTIAL_REFUND_REASON_MAX, customerRefundText, decideRefundAmount, netOfRefundFen, refundSmsDetail, refundedAmountText } from './partial-refund.ts';

describe('decideRefundAmount', () => {
  it('refunds everything left when no amount is given, without a reason', () => {
    expect(decideRefundAmount({ paidFen: 19900, refundedFen: 0 })).toEqual({ ok: true, amountFen: 19900, partial: false, partialReason: '' });
  });
  it('takes a partial amount with its reason, trimmed', () => {
    expect(decideRefundAmount({ amountFen: 5000, partialReason: '  已提交工商材料，扣除办理费用 ', paidFen: 19900, refundedFen: 0 })).toEqual({ ok: true, amountFen: 5000, partial: true, partialReason: '已提交工商材料，扣除办理费用' });
  });
  it('treats the whole paid amount as full (no reason needed)', () => {
    expect(decideRefundAmount({ amountFen: 19900, paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: true, partial: false });
  });
  it('refuses 0, negatives, fractions of a fen and more than what is left', () => {
    expect(decideRefundAmount({ amountFen: 0, partialReason: 'x', paidFen: 19900, refundedFen: 0 })).toEqual({ ok: false, refusal: 'AMOUNT_NOT_POSITIVE', refundableFen: 19900 });
    expect(decideRefundAmount({ amountFen: -1, partialReason: 'x', paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'AMOUNT_NOT_POSITIVE' });
    expect(decideRefundAmount({ amountFen: 10.5, partialReason: 'x', paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'AMOUNT_INVALID' });
    expect(decideRefundAmount({ amountFen: 19901, paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'AMOUNT_EXCEEDS_REFUNDABLE' });
    expect(decideRefundAmount({ amountFen: 15000, partialReason: 'x', paidFen: 19900, refundedFen: 5000 })).toEqual({ ok: false, refusal: 'AMOUNT_EXCEEDS_REFUNDABLE', refundableFen: 14900 });
  });
  it('refuses a partial refund without a reason or with one too long', () => {
    expect(decideRefundAmount({ amountFen: 5000, paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'REASON_REQUIRED' });
    expect(decideRefundAmount({ amountFen: 5000, partialReason: '   ', paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'REASON_REQUIRED' });
    expect(decideRefundAmount({ amountFen: 5000, partialReason: '字'.repeat(PARTIAL_REFUND_REASON_MAX + 1), paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: false, refusal: 'REASON_TOO_LONG' });
    expect(decideRefundAmount({ amountFen: 5000, partialReason: '字'.repeat(PARTIAL_REFUND_REASON_MAX), paidFen: 19900, refundedFen: 0 })).toMatchObject({ ok: true });
  });
  it('refuses anything once the order is refunded in full', () => {
    expect(decideRefundAmount({ paidFen: 19900, refundedFen: 19900 })).toMatchObject({ ok: false, refusal: 'AMOUNT_NOT_POSITIVE', refundableFen: 0 });
  });
});

describe('refund wording', () => {
  it('says full or partial, with the paid amount beside a partial one', () => {
    expect(refundedAmountText({ paidFen: 19900, refundedFen: 19900 })).toBe('已全额退款 ¥199.00');
    expect(refundedAmountText({ paidFen: 19900, refundedFen: 5000 })).toBe('已部分退款 ¥50.00（实付 ¥199.00）');
    expect(refundedAmountText({ paidFen: 19900, refundedFen: 0 })).toBe('');
  });
  it('gives the SMS the reason of a partial refund', () => {
    expect(refundSmsDetail({ paidFen: 19900, refundedFen: 19900, partialReason: '' })).toBe('全额退款');
    expect(refundSmsDetail({ paidFen: 19900, refundedFen: 5000, partialReason: '已代缴部分费用' })).toBe('部分退款，已代缴部分费用');
  });
  it('tells the customer the amount, what was paid and why', () => {
    expect(customerRefundText({ paidFen: 19900, refundedFen: 5000, partialReason: '已代缴部分费用' })).toBe('已退款 50.00 元（实付 199.00 元），款项将原路退回。部分退款原因：已代缴部分费用');
    expect(customerRefundText({ paidFen: 19900, refundedFen: 19900, partialReason: '' })).toBe('已全额退款 199.00 元，款项将原路退回。');
  });
  it('nets the refund off the paid amount', () => {
    expect(netOfRefundFen({ paidFen: 19900, refundedFen: 5000 })).toBe(14900);
    expect(netOfRefundFen({ paidFen: 19900, refundedFen: 19900 })).toBe(0);
  });
});
