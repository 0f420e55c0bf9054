import { beijingDayOfUtcHalf, firstCallSla, goodsTexts, isGoodsType, LABELS, NO_CHANNEL_LABEL, percentile, periodChange, type ConsoleDashboardTrends, type TrendWindow } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';
import { firstOrderTakes } from '../audit/index.ts';
import { orderTrendsRepository as trends, type PaidBucketRow } from './order-trends.repository.ts';
import { orderHandlingRepository } from './order-handling.repository.ts';

const MINUTE_MS = 60 * 1000;

function splitBy(rows: PaidBucketRow[], key: 'goods_type' | 'pay_type', name: (key: string) => string): ConsoleDashboardTrends['by_service'] {
  const totals = new Map<string, { paid_orders: number; revenue_fen: number }>();
  for (const row of rows) {
    const entry = totals.get(row[key]) ?? { paid_orders: 0, revenue_fen: 0 };
    entry.paid_orders += row.paid_orders;
    entry.revenue_fen += row.revenue_fen;
    totals.set(row[key], entry);
  }
  return [...totals].map(([k, v]) => ({ key: k, name: name(k), ...v })).sort((a, b) => b.revenue_fen - a.revenue_fen || a.key.localeCompare(b.key));
}

const serviceName = (type: string) => (isGoodsType(type) ? goodsTexts(type).shortName : type);
const payTypeName = (type: string) => (LABELS.payType as Record<string, string>)[type] ?? (type || '未知');

/**
 * The owner's figures for a window (docs/decisions/042): SQL groups orders by half UTC day, service
 * and payment method over both periods; this folds those few rows into Beijing days and splits.
 */
export async function orderTrends(db: Db, window: TrendWindow, now: Date): Promise<Omit<ConsoleDashboardTrends, 'days'>> {
  const [buckets, completions, open, completed, refunded, paid, takes, calls, breachedNow, channels] = await Promise.all([
    trends.paidBuckets(db, window.previousSince, window.until),
    trends.completions(db, window.since, window.until),
    trends.openByClerk(db),
    trends.completedByClerk(db, window.since, window.until),
    trends.refundedByClerk(db, window.since, window.until),
    trends.paidTimes(db, window.since, window.until),
    firstOrderTakes(db, window.since, window.until),
    trends.callsByClerk(db, window.since, window.until),
    orderHandlingRepository.countView(db, 'overdue', { staffId: 0, now }),
    trends.channelTotals(db, window.since, window.until),
  ]);
  const periodDays = new Set(window.days);
  const current: PaidBucketRow[] = [];
  const previous = { paid_orders: 0, revenue_fen: 0, refunded_orders: 0 };
  const daily = new Map(window.days.map((day) => [day, { day, paid_orders: 0, revenue_fen: 0, refunded_orders: 0 }]));
  for (const row of buckets) {
    const day = beijingDayOfUtcHalf(row.utc_date, row.late_half === 1);
    const target = periodDays.has(day) ? daily.get(day)! : previous;
    if (periodDays.has(day)) current.push(row);
    target.paid_orders += row.paid_orders;
    target.revenue_fen += row.revenue_fen;
    target.refunded_orders += row.refunded_orders;
  }
  const days = [...daily.values()];
  const sum = (key: 'paid_orders' | 'revenue_fen' | 'refunded_orders') => days.reduce((total, day) => total + day[key], 0);

  const minutes = completions.filter((row) => row.pay_time).map((row) => Math.max(0, Date.parse(row.completed_at) - Date.parse(row.pay_time!)) / MINUTE_MS);
  const takeMinutes = paid.flatMap((row) => {
    const taken = takes.get(row.id);
    return taken && row.pay_time ? [Math.max(0, Date.parse(taken) - Date.parse(row.pay_time)) / MINUTE_MS] : [];
  });
  // The first-call promise (decision 044), by the one rule the order list uses.
  const firstCall = { paid_orders: paid.length, met: 0, met_late: 0, breached_open: 0, breached: 0, open_now: breachedNow };
  const callMinutes: number[] = [];
  for (const row of paid) {
    const sla = firstCallSla(row, now);
    if (sla.state === 'met') firstCall.met += 1;
    else if (sla.state === 'met_late') firstCall.met_late += 1;
    else if (sla.state === 'breached') firstCall.breached_open += 1;
    if (row.first_call_time && row.pay_time) callMinutes.push(Math.max(0, Date.parse(row.first_call_time) - Date.parse(row.pay_time)) / MINUTE_MS);
  }
  firstCall.breached = firstCall.met_late + firstCall.breached_open;
  const rounded = (value: number | undefined) => (value === undefined ? null : Math.round(value));

  const clerks = new Map<number, ConsoleDashboardTrends['clerks'][number]>();
  const clerk = (staffId: number, name: string) => {
    const entry = clerks.get(staffId) ?? { staff_id: staffId, name, open_orders: 0, completed: 0, calls: 0, refunded: 0 };
    if (!entry.name) entry.name = name;
    clerks.set(staffId, entry);
    return entry;
  };
  for (const row of open) clerk(row.staff_id, row.name).open_orders = row.open_orders;
  for (const row of completed) clerk(row.staff_id, row.name).completed = row.completed;
  for (const row of refunded) clerk(row.staff_id, row.name).refunded = row.refunded;
  for (const row of calls) clerk(row.staff_id, row.name).calls = row.calls;

  return {
    since: window.since,
    until: window.until,
    previous_since: window.previousSince,
    daily: days,
    comparison: {
      paid_orders: periodChange(sum('paid_orders'), previous.paid_orders),
      revenue_fen: periodChange(sum('revenue_fen'), previous.revenue_fen),
      refunded_orders: periodChange(sum('refunded_orders'), previous.refunded_orders),
    },
    by_service: splitBy(current, 'goods_type', serviceName),
    by_pay_type: splitBy(current, 'pay_type', payTypeName),
    // The link's `source` of each order (docs/decisions/059-prices-per-customer-kind-and-channel.md); '' = none.
    by_channel: channels
      .map((row) => ({ key: row.channel ?? '', name: row.channel ?? NO_CHANNEL_LABEL, orders: row.orders, paid_orders: row.paid_orders, revenue_fen: row.revenue_fen }))
      .sort((a, b) => b.revenue_fen - a.revenue_fen || b.orders - a.orders || a.key.localeCompare(b.key)),
    turnaround: {
      paid_to_completed: { orders: minutes.length, median_minutes: rounded(percentile(minutes, 50)), p90_minutes: rounded(percentile(minutes, 90)) },
      paid_to_taken: { orders: takeMinutes.length, median_minutes: rounded(percentile(takeMinutes, 50)), p90_minutes: rounded(percentile(takeMinutes, 90)) },
      paid_to_first_call: { orders: callMinutes.length, median_minutes: rounded(percentile(callMinutes, 50)), p90_minutes: rounded(percentile(callMinutes, 90)) },
    },
    first_call: firstCall,
    clerks: [...clerks.values()].sort((a, b) => b.open_orders - a.open_orders || b.completed - a.completed || a.staff_id - b.staff_id),
  };
}
