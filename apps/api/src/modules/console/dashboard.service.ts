import type { Kysely } from 'kysely';
import { CALL_PROMISE_MS, PROCESS_STATUS_FLOW, PROCESS_STATUS_NAMES, shanghaiStart, type ConsoleDashboard } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { assertCan, type Actor } from './actor.ts';
import { LIST_COLUMNS } from './orders.repository.ts';
import { toListItem } from './orders.service.ts';

/**
 * The funnel of spec §7's analytics events. The web app sends `client.company.get` when a
 * visitor searches (it has no separate "picked" event), so that step counts searchers; "paid"
 * counts paying devices from the orders themselves, which no client can fake or lose.
 */
export const FUNNEL_STEPS = [
  { key: 'client.page.enter', label: '进入页面' },
  { key: 'client.company.get', label: '查询企业' },
  { key: 'client.form.submit', label: '提交表单' },
  { key: 'client.pay.created', label: '创建支付' },
  { key: 'paid', label: '完成支付' },
] as const;

export interface DashboardService {
  summary(actor: Actor, days: number): Promise<ConsoleDashboard>;
}

export function createDashboardService(deps: { db: Kysely<Database>; now: () => Date }): DashboardService {
  const { db, now } = deps;

  /** Orders paid since a moment (refunded ones included: they were paid), and what they brought in. */
  async function paidSince(since: string) {
    const row = await db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('total_fee'), eb.lit(0)).as('fen'),
        eb.fn.sum<number>(eb.case().when('status', '=', '4').then(1).else(0).end()).as('refunded'),
      ])
      .where('pay_time', '>=', since)
      .where('status', 'in', ['2', '4'])
      .executeTakeFirstOrThrow();
    return { paid_orders: Number(row.n), revenue_fen: Number(row.fen), refunded_orders: Number(row.refunded ?? 0) };
  }

  return {
    async summary(actor, days) {
      assertCan(actor, 'orders.view');
      const at = now();
      const funnelSince = new Date(Date.parse(shanghaiStart(at, 'day')) - (days - 1) * 24 * 3600 * 1000).toISOString();
      const overdueBefore = new Date(at.getTime() - CALL_PROMISE_MS).toISOString();
      const eventKeys = FUNNEL_STEPS.map((step) => step.key).filter((key) => key !== 'paid');

      const [today, month, events, paidDevices, byStatus, overdueCount, overdueRows] = await Promise.all([
        paidSince(shanghaiStart(at, 'day')),
        paidSince(shanghaiStart(at, 'month')),
        db
          .selectFrom('events')
          .select((eb) => ['key', eb.fn.count<number>('device_id').distinct().as('devices')])
          .where('key', 'in', eventKeys)
          .where('created_at', '>=', funnelSince)
          .groupBy('key')
          .execute(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.count<number>('device_id').distinct().as('devices'))
          .where('pay_time', '>=', funnelSince)
          .where('status', 'in', ['2', '4'])
          .executeTakeFirstOrThrow(),
        db.selectFrom('orders').select((eb) => ['process_status', eb.fn.countAll<number>().as('n')]).where('status', '=', '2').groupBy('process_status').execute(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', '2')
          .where('process_status', '=', '1')
          .where('pay_time', '<', overdueBefore)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('orders')
          .select(LIST_COLUMNS)
          .where('status', '=', '2')
          .where('process_status', '=', '1')
          .where('pay_time', '<', overdueBefore)
          .orderBy('pay_time', 'asc')
          .orderBy('id', 'asc')
          .limit(10)
          .execute(),
      ]);
      const devicesByKey = new Map(events.map((row) => [row.key, Number(row.devices)]));
      const counts = new Map(byStatus.map((row) => [row.process_status, Number(row.n)]));
      return {
        today,
        month,
        funnel: {
          days,
          steps: FUNNEL_STEPS.map((step) => ({ key: step.key, label: step.label, devices: step.key === 'paid' ? Number(paidDevices.devices) : (devicesByKey.get(step.key) ?? 0) })),
        },
        by_process_status: PROCESS_STATUS_FLOW.map((code) => ({ process_status: code, name: PROCESS_STATUS_NAMES[code], count: counts.get(code) ?? 0 })),
        overdue: { count: Number(overdueCount.n), orders: overdueRows.map((row) => toListItem(row, at)) },
      };
    },
  };
}
