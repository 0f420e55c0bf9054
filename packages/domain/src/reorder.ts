import { annualReportYearToCheck } from './annual-report-precheck.ts';
import { SHANGHAI_UTC_OFFSET_MS, shanghaiDate } from './countdown.ts';
import { ORDER_STATUS } from './lifecycle/order.ts';

/**
 * The reorder in two taps (docs/decisions/066-reorder-in-two-taps.md): a returning customer's company,
 * from an order the device or the verified phone proves theirs, offered again for the new filing year.
 * Only the annual report comes back every year; cancellation and credit repair are done once.
 */

/** What the offer reads of one proven order. Nothing about the legal representative's ID number. */
export interface ReorderSourceOrder {
  goods_type: string;
  goods_id: number;
  status: string;
  create_time: string;
  entity_name: string;
  entity_id: string;
  entity_legal: string;
  entity_phone: string;
}

/** One company offered again: the form's fields the web app prefills, and nothing else. */
export interface ReorderCompanyOffer {
  goods_id: number;
  entity_name: string;
  entity_id: string;
  entity_legal: string;
  entity_phone: string;
}

/** The filing year the reorder is for at `now` (the pre-check's rule: filed in Y, the report of Y-1). */
export function reorderFilingYear(now: Date): number {
  return annualReportYearToCheck('license_year', now)!;
}

/** The first moment of the current calendar year in Asia/Shanghai, as an ISO string: the season's start. */
export function reorderSeasonStart(now: Date): string {
  return new Date(Date.UTC(shanghaiDate(now).year, 0, 1) - SHANGHAI_UTC_OFFSET_MS).toISOString();
}

/**
 * The companies to offer: per company (credit code), its newest proven annual report, offered when it
 * was paid (not refunded) and placed before this season (a newer one means it is already ordered).
 * Newest first, at most `limit`. Whether someone else already ordered the company this season is the
 * server's check on top (the "already ordered" rule).
 */
export function reorderCandidates(orders: readonly ReorderSourceOrder[], now: Date, limit = 3): ReorderCompanyOffer[] {
  const seasonStart = Date.parse(reorderSeasonStart(now));
  const newest = new Map<string, ReorderSourceOrder>();
  for (const order of orders) {
    if (order.goods_type !== 'license_year' || !order.entity_id) continue;
    const known = newest.get(order.entity_id);
    if (!known || Date.parse(order.create_time) > Date.parse(known.create_time)) newest.set(order.entity_id, order);
  }
  return [...newest.values()]
    .filter((order) => order.status === ORDER_STATUS.paid && Date.parse(order.create_time) < seasonStart)
    .sort((a, b) => Date.parse(b.create_time) - Date.parse(a.create_time))
    .slice(0, limit)
    .map((order) => ({
      goods_id: order.goods_id,
      entity_name: order.entity_name,
      entity_id: order.entity_id,
      entity_legal: order.entity_legal,
      entity_phone: order.entity_phone,
    }));
}

/** The button's words: 为该企业办理 2026 年度年报 (the year from reorderFilingYear). */
export const reorderButtonText = (year: number) => `为该企业办理 ${year} 年度年报`;
