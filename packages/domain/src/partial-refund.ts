/**
 * Partial refunds (docs/decisions/057-partial-refunds.md): an admin may refund less than was paid,
 * with a reason the customer reads. One refund per order, partial or full: the rules below bound
 * its amount, require the reason when it is partial, and word it for the SMS, the customer's pages
 * and the console. Amounts are integer fen.
 */
import { formatFen, formatYuan } from './money.ts';

/** WeChat Pay v3 `reason` is at most 80 characters and is shown to the payer; we use the same bound. */
export const PARTIAL_REFUND_REASON_MAX = 80;

/** The order's handling name once refunded in part (status stays 已退款: the order is closed). */
export const PARTIALLY_REFUNDED_PROCESS_STATUS_NAME = '已部分退款';

export type RefundAmountRefusal = 'AMOUNT_INVALID' | 'AMOUNT_NOT_POSITIVE' | 'AMOUNT_EXCEEDS_REFUNDABLE' | 'REASON_REQUIRED' | 'REASON_TOO_LONG';

export type RefundAmountDecision =
  | { ok: true; amountFen: number; partial: boolean; partialReason: string }
  | { ok: false; refusal: RefundAmountRefusal; refundableFen: number };

/**
 * What an admin may refund of a paid order: `amountFen` absent means all that is left; otherwise
 * 0 < amount ≤ paid − already refunded, a whole number of fen. Less than all that is left is partial
 * and needs a reason (trimmed, at most PARTIAL_REFUND_REASON_MAX characters); a full refund ignores one.
 */
export function decideRefundAmount(input: { amountFen?: number | undefined; partialReason?: string | undefined; paidFen: number; refundedFen: number }): RefundAmountDecision {
  const refundableFen = Math.max(0, input.paidFen - input.refundedFen);
  const amountFen = input.amountFen ?? refundableFen;
  if (!Number.isSafeInteger(amountFen)) return { ok: false, refusal: 'AMOUNT_INVALID', refundableFen };
  if (amountFen <= 0) return { ok: false, refusal: 'AMOUNT_NOT_POSITIVE', refundableFen };
  if (amountFen > refundableFen) return { ok: false, refusal: 'AMOUNT_EXCEEDS_REFUNDABLE', refundableFen };
  const partial = amountFen < input.paidFen;
  if (!partial) return { ok: true, amountFen, partial, partialReason: '' };
  const reason = (input.partialReason ?? '').trim();
  if (reason === '') return { ok: false, refusal: 'REASON_REQUIRED', refundableFen };
  if (Array.from(reason).length > PARTIAL_REFUND_REASON_MAX) return { ok: false, refusal: 'REASON_TOO_LONG', refundableFen };
  return { ok: true, amountFen, partial, partialReason: reason };
}

/** The console's and the customer's words for the refund: "已全额退款 ¥199.00" or "已部分退款 ¥50.00（实付 ¥199.00）". */
export function refundedAmountText(input: { paidFen: number; refundedFen: number }): string {
  if (input.refundedFen <= 0) return '';
  if (input.refundedFen >= input.paidFen) return `已全额退款 ${formatYuan(input.refundedFen)}`;
  return `已部分退款 ${formatYuan(input.refundedFen)}（实付 ${formatYuan(input.paidFen)}）`;
}

/** The refund SMS's {detail}: 全额退款, or 部分退款 with the reason the admin gave. */
export function refundSmsDetail(input: { paidFen: number; refundedFen: number; partialReason: string }): string {
  if (input.refundedFen >= input.paidFen) return '全额退款';
  const reason = input.partialReason.trim();
  return reason === '' ? '部分退款' : `部分退款，${reason}`;
}

/** The customer's page: what came back and why, e.g. "已退款 50.00 元（实付 199.00 元）。原因：…". */
export function customerRefundText(input: { paidFen: number; refundedFen: number; partialReason: string }): string {
  if (input.refundedFen <= 0) return '';
  if (input.refundedFen >= input.paidFen) return `已全额退款 ${formatFen(input.refundedFen)} 元，款项将原路退回。`;
  const reason = input.partialReason.trim();
  return `已退款 ${formatFen(input.refundedFen)} 元（实付 ${formatFen(input.paidFen)} 元），款项将原路退回。${reason ? `部分退款原因：${reason}` : ''}`;
}

/** What of a paid amount the business keeps: paid − refunded, never below zero. */
export function netOfRefundFen(input: { paidFen: number; refundedFen: number }): number {
  return Math.max(0, input.paidFen - input.refundedFen);
}
