/**
 * Money is integer fen everywhere (wire, database, state); these helpers turn it into text
 * only at display time, and parse yuan text back without ever going through floats.
 *
 * Every function that takes fen throws a RangeError for a value that is not a safe integer:
 * a fractional or NaN amount is a programming error upstream, and silently rounding it would
 * show or charge a different amount than the one stored.
 */

function assertFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) {
    throw new RangeError(`amount in fen must be a safe integer, got ${String(fen)}`);
  }
}

/** 19900 → "199.00", -150 → "-1.50". */
export function formatFen(fen: number): string {
  assertFen(fen);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${yuan}.${String(cents).padStart(2, '0')}`;
}

/** 19900 → "¥199.00"; a negative amount (a refund) reads "-¥1.50". */
export function formatYuan(fen: number): string {
  const text = formatFen(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * The amount string payment providers expect (Alipay `total_amount`): "199.00".
 * Payment amounts are never negative, so a negative amount is a RangeError here.
 */
export function fenToYuanString(fen: number): string {
  assertFen(fen);
  if (fen < 0) throw new RangeError(`payment amount must not be negative, got ${fen}`);
  return formatFen(fen);
}

const YUAN_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "199" → 19900, "0.5" → 50, "1.05" → 105. Surrounding whitespace is ignored.
 * Returns undefined for anything else: signs, more than 2 decimals, exponents, "1.", ".5",
 * or an amount beyond Number.MAX_SAFE_INTEGER fen. Pure integer arithmetic on the digits.
 */
export function yuanStringToFen(s: string): number | undefined {
  const match = YUAN_PATTERN.exec(s.trim());
  if (!match) return undefined;
  const yuanDigits = match[1]!.replace(/^0+(?=\d)/, '');
  // 16 digits of yuan is already beyond the safe range in fen; stop before Number loses digits.
  if (yuanDigits.length > 15) return undefined;
  const fen = Number(yuanDigits) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : undefined;
}

/** The dashboard's money for the orders paid in a period (contracts/console.ts periodTotals). */
export interface PeriodMoney {
  paid_orders: number;
  /** what the period's orders paid */
  revenue_fen: number;
  refunded_orders: number;
  /** what of it has gone back to the customers (full refunds) */
  refunded_fen: number;
  /** revenue_fen − refunded_fen: what the period earned */
  net_fen: number;
}

/** Paid, refunded and net for a period; a refund larger than the revenue is a bug upstream, not a negative day. */
export function periodMoney(input: { paidOrders: number; revenueFen: number; refundedOrders: number; refundedFen: number }): PeriodMoney {
  assertFen(input.revenueFen);
  assertFen(input.refundedFen);
  if (input.refundedFen < 0 || input.refundedFen > input.revenueFen) {
    throw new RangeError(`refunded ${input.refundedFen} fen outside the period's revenue ${input.revenueFen} fen`);
  }
  return { paid_orders: input.paidOrders, revenue_fen: input.revenueFen, refunded_orders: input.refundedOrders, refunded_fen: input.refundedFen, net_fen: input.revenueFen - input.refundedFen };
}
