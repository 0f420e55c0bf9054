/**
 * 提成 (commission, docs/decisions/058-finance-and-supervisor-roles-and-commission.md): a percentage of
 * the amount paid, per service, set by an admin and kept as a history. A clerk's month (Beijing) per
 * service: the orders they handle first marked 已完成 in the month, each paid amount × the rate in force
 * at that completion, less the refunds that succeeded in the month of orders they completed (in that
 * month or before), at those orders' rates. Every amount is rounded to the fen per order.
 */
import type { GoodsType } from './goods-texts.ts';

/** A rate in basis points: 1 = 0.01 %, 10000 = 100 %. */
export const COMMISSION_RATE_MAX_BP = 10000;

export interface CommissionRateChange {
  goods_type: GoodsType;
  rate_bp: number;
  /** ISO instant from which this rate applies */
  effective_from: string;
}

export interface CompletedOrder {
  order_id: number;
  goods_type: GoodsType;
  handler_id: number;
  handler_name: string;
  paid_fen: number;
  /** ISO instant of the order's first move to 已完成 */
  completed_at: string;
}

export interface SucceededRefund {
  order_id: number;
  amount_fen: number;
  /** ISO instant */
  succeeded_at: string;
}

export interface CommissionLine {
  staff_id: number;
  staff_name: string;
  goods_type: GoodsType;
  completed_orders: number;
  completed_fen: number;
  earned_fen: number;
  refunds: number;
  refunded_fen: number;
  deducted_fen: number;
  /** earned − deducted; negative when the month's refunds take back more than it earned */
  net_fen: number;
}

export function isCommissionRate(bp: unknown): bp is number {
  return typeof bp === 'number' && Number.isInteger(bp) && bp >= 0 && bp <= COMMISSION_RATE_MAX_BP;
}

/** The rate in force for a service at an instant: the latest change at or before it, else 0. */
export function commissionRateAt(history: readonly CommissionRateChange[], goodsType: GoodsType, at: string): number {
  let found: CommissionRateChange | undefined;
  for (const change of history) {
    if (change.goods_type !== goodsType || change.effective_from > at) continue;
    if (!found || change.effective_from >= found.effective_from) found = change;
  }
  return found?.rate_bp ?? 0;
}

/** fen × bp / 10000, rounded half up to the fen, in integers. */
export function commissionOf(fen: number, bp: number): number {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount ${fen} fen is not a whole, non-negative number of fen`);
  if (!isCommissionRate(bp)) throw new RangeError(`rate ${bp} bp outside 0…${COMMISSION_RATE_MAX_BP}`);
  return Math.floor((fen * bp + 5000) / 10000);
}

/** The Beijing month 'YYYY-MM' as [start, end) ISO instants; undefined for anything else. */
export function shanghaiMonthWindow(month: string): { start: string; end: string } | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return undefined;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  // Beijing is UTC+8 all year: its midnight on the 1st is 16:00 UTC the day before.
  const start = new Date(Date.UTC(year, index, 1) - 8 * 3600_000).toISOString();
  const end = new Date(Date.UTC(year, index + 1, 1) - 8 * 3600_000).toISOString();
  return { start, end };
}

/**
 * The month's lines, one per (staff member, service) with anything in it, ordered by staff then
 * service. `completed`: every order first completed before the month's end that either completed in
 * the month or has a refund in `refunds` (the caller fetches exactly those); `refunds`: the refunds
 * that succeeded in the month.
 */
export function monthlyCommission(input: {
  month: { start: string; end: string };
  rates: readonly CommissionRateChange[];
  completed: readonly CompletedOrder[];
  refunds: readonly SucceededRefund[];
}): CommissionLine[] {
  const { start, end } = input.month;
  const lines = new Map<string, CommissionLine>();
  const lineOf = (order: CompletedOrder): CommissionLine => {
    const key = `${order.handler_id}\u0000${order.goods_type}`;
    let line = lines.get(key);
    if (!line) {
      line = { staff_id: order.handler_id, staff_name: order.handler_name, goods_type: order.goods_type, completed_orders: 0, completed_fen: 0, earned_fen: 0, refunds: 0, refunded_fen: 0, deducted_fen: 0, net_fen: 0 };
      lines.set(key, line);
    }
    return line;
  };
  const byId = new Map(input.completed.map((order) => [order.order_id, order]));
  for (const order of input.completed) {
    if (order.completed_at < start || order.completed_at >= end) continue;
    const line = lineOf(order);
    line.completed_orders += 1;
    line.completed_fen += order.paid_fen;
    line.earned_fen += commissionOf(order.paid_fen, commissionRateAt(input.rates, order.goods_type, order.completed_at));
  }
  for (const refund of input.refunds) {
    if (refund.succeeded_at < start || refund.succeeded_at >= end) continue;
    const order = byId.get(refund.order_id);
    // Only a completed order earned anything; one completed after its refund earns nothing back yet.
    if (!order || order.completed_at >= end) continue;
    const line = lineOf(order);
    line.refunds += 1;
    line.refunded_fen += refund.amount_fen;
    line.deducted_fen += commissionOf(refund.amount_fen, commissionRateAt(input.rates, order.goods_type, order.completed_at));
  }
  for (const line of lines.values()) line.net_fen = line.earned_fen - line.deducted_fen;
  return [...lines.values()].sort((a, b) => a.staff_id - b.staff_id || a.goods_type.localeCompare(b.goods_type));
}
