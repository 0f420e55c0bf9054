import type { Kysely } from 'kysely';
import { ORDER_STATUS, ORDER_STATUS_NAMES, PROCESS_STATUS_FLOW, PROCESS_STATUS_NAMES, roleCan, shanghaiStart, type PeriodMoney, trendWindow, type ConsoleDashboard, type ConsoleDashboardTrends, type TrendWindowDays } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { countFunnel } from '../event/index.ts';
import type { OrderHandlingService } from '../order/index.ts';
import { orderTrends } from '../order/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/**
 * The funnel of docs/product/api.md's analytics events: `client.company.get` when a visitor
 * searches, `client.company.pick` when they choose a company from the list (decision 042); "paid"
 * comes from the orders themselves, which no client can fake or lose. Each step counts the devices
 * that also passed every step before it (decision 045), so no step exceeds the one before; paying
 * devices the events did not follow all the way (a lost or blocked event, an order paid from a link)
 * are counted apart, not hidden.
 */
export const FUNNEL_STEPS = [
  { key: 'client.page.enter', label: '进入页面' },
  { key: 'client.company.get', label: '查询企业' },
  { key: 'client.company.pick', label: '选择企业' },
  { key: 'client.form.submit', label: '提交表单' },
  { key: 'client.pay.created', label: '创建支付' },
  { key: 'paid', label: '完成支付' },
] as const;

export interface DashboardService {
  summary(actor: Actor, days: number): Promise<ConsoleDashboard>;
  /** The owner's trends over 30 or 90 Beijing days against the period before (decision 042). */
  trends(actor: Actor, days: TrendWindowDays): Promise<ConsoleDashboardTrends>;
}

export function createDashboardService(deps: { db: Kysely<Database>; now: () => Date; orders: Pick<OrderHandlingService, 'statistics'> }): DashboardService {
  const { db, now } = deps;
  return {
    async trends(actor, days) {
      // The owner's trends are revenue and every clerk's figures (decision 058).
      assertCan(actor, 'money.view');
      const at = now();
      return { days, ...(await orderTrends(db, trendWindow(at, days), at)) };
    },
    async summary(actor, days) {
      assertCan(actor, 'orders.view');
      const at = now();
      const funnelSince = new Date(Date.parse(shanghaiStart(at, 'day')) - (days - 1) * 24 * 3600 * 1000).toISOString();
      const eventKeys = FUNNEL_STEPS.map((step) => step.key).filter((key) => key !== 'paid');
      const [orders, funnel] = await Promise.all([
        deps.orders.statistics({ now: at, dayStart: shanghaiStart(at, 'day'), monthStart: shanghaiStart(at, 'month'), funnelSince, overdueLimit: 10 }),
        countFunnel(db, eventKeys, funnelSince),
      ]);
      // Without money.view the figures are not sent at all, not merely hidden (decision 058).
      const shown = (period: PeriodMoney) => (roleCan(actor.role, 'money.view') ? period : { paid_orders: period.paid_orders, refunded_orders: period.refunded_orders });
      return {
        today: shown(orders.today),
        month: shown(orders.month),
        funnel: {
          days,
          steps: FUNNEL_STEPS.map((step, index) => ({ key: step.key, label: step.label, devices: step.key === 'paid' ? funnel.paid : (funnel.reached[index] ?? 0) })),
          paid_outside: Math.max(0, orders.payingDevices - funnel.paid),
        },
        // Refunded orders in their own bucket, so the buckets add up to every paid order (decision 042).
        by_process_status: [
          ...PROCESS_STATUS_FLOW.map((code) => ({ process_status: code, order_status: ORDER_STATUS.paid, name: PROCESS_STATUS_NAMES[code], count: orders.paidByProcessStatus.get(code) ?? 0 })),
          { process_status: '', order_status: ORDER_STATUS.refunded, name: ORDER_STATUS_NAMES[ORDER_STATUS.refunded], count: orders.refundedOrders },
        ],
        overdue: { count: orders.overdueCount, orders: orders.overdueOrders },
      };
    },
  };
}
