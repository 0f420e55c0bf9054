import type { Readable } from 'node:stream';
import {
  AppError,
  RECONCILIATION_PROVIDERS,
  RECONCILIATION_PROVIDER_NAMES,
  UNRECONCILED_REASON_NAMES,
  daysOfMonth,
  monthSettlement,
  previousShanghaiDate,
  shanghaiIsoDay,
  type ConsoleMonthClose,
  type ConsoleReconciliationDay,
  type ConsoleReconciliationRerun,
  type ReconciliationProvider,
  type SettlementDay,
} from '@kuaibao/domain';
import { writeAudit } from '../audit/index.ts';
import { monthCloseRuns, type ReconciliationService } from '../payment/index.ts';
import type { Db } from '../../db/query-helpers.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import { streamExport, type ExportColumn, type ExportFormat } from './export-writer.ts';
import type { ExportFile } from './exports.service.ts';

/** The console's 对账 over the payment module's reconciliation: admins read a day and re-run it; 月结 sums a month (decision 061). */
export interface ConsoleReconciliationService {
  day(actor: Actor, date: string | undefined): Promise<ConsoleReconciliationDay>;
  rerun(actor: Actor, input: ConsoleReconciliationRerun): Promise<ConsoleReconciliationDay>;
  monthClose(actor: Actor, month: string | undefined): Promise<ConsoleMonthClose>;
  exportMonthClose(actor: Actor, month: string | undefined, format: ExportFormat): Promise<ExportFile>;
}

/** One line of the settlement file: a channel's day, a channel's total, or the month's total. */
type SettlementLine = { id: number; channel: string; date: string | null; label: string; day: Omit<SettlementDay, 'date' | 'unreconciled'> & { feeFen: number | null } };

const SETTLEMENT_COLUMNS: ReadonlyArray<ExportColumn<SettlementLine>> = [
  { header: '渠道', width: 10, value: (r) => r.channel },
  { header: '日期', width: 12, kind: 'date', value: (r) => r.date },
  { header: '收款笔数', width: 10, kind: 'count', value: (r) => r.day.paymentCount },
  { header: '收入（元）', width: 14, kind: 'amount', value: (r) => r.day.incomeFen },
  { header: '退款笔数', width: 10, kind: 'count', value: (r) => r.day.refundCount },
  { header: '退款（元）', width: 14, kind: 'amount', value: (r) => r.day.refundFen },
  { header: '手续费（元）', width: 14, kind: 'amount', value: (r) => r.day.feeFen },
  { header: '净额（元）', width: 14, kind: 'amount', value: (r) => r.day.netFen },
  { header: '对账状态', width: 18, value: (r) => r.label },
];

export function createConsoleReconciliationService(deps: { db: Db; now: () => Date; reconciliation: ReconciliationService }): ConsoleReconciliationService {
  const { reconciliation } = deps;

  async function settle(month: string | undefined): Promise<ConsoleMonthClose> {
    const lastBillDay = previousShanghaiDate(deps.now());
    const chosen = month ?? lastBillDay.slice(0, 7);
    const days = daysOfMonth(chosen);
    if (!days) throw new AppError('VALIDATION_FAILED', 'month');
    const runs = await monthCloseRuns(deps.db, days[0]!, days[days.length - 1]!);
    // The channels with bills (configured), and any that had runs that month; both when neither says.
    const present = new Set<ReconciliationProvider>([...reconciliation.providers(), ...runs.map((r) => r.provider)]);
    const providers = RECONCILIATION_PROVIDERS.filter((p) => present.size === 0 || present.has(p));
    const result = monthSettlement({ month: chosen, lastBillDay, runs, providers })!;
    return {
      month: result.month,
      due_days: result.dueDays,
      month_days: result.monthDays,
      closed: result.closed,
      channels: result.channels.map((c) => ({
        provider: c.provider,
        payment_count: c.paymentCount,
        income_fen: c.incomeFen,
        refund_count: c.refundCount,
        refund_fen: c.refundFen,
        fee_fen: c.feeFen,
        net_fen: c.netFen,
        days_without_fees: c.daysWithoutFees,
        unreconciled_days: c.unreconciledDays,
        reconciled_days: c.reconciledDays,
        days: c.days.map((d) => ({ date: d.date, unreconciled: d.unreconciled, payment_count: d.paymentCount, income_fen: d.incomeFen, refund_count: d.refundCount, refund_fen: d.refundFen, fee_fen: d.feeFen, net_fen: d.netFen })),
      })),
      total: { income_fen: result.total.incomeFen, refund_fen: result.total.refundFen, fee_fen: result.total.feeFen, net_fen: result.total.netFen },
    };
  }

  return {
    day(actor, date) {
      assertCan(actor, 'money.reconcile');
      return reconciliation.day(date);
    },
    async rerun(actor, input) {
      assertCan(actor, 'money.reconcile');
      const outcome = await reconciliation.runDay({ provider: input.provider, date: input.date, triggeredBy: `${actor.displayName}（${actor.username}）` });
      if (outcome === 'skipped') throw new AppError('CONSOLE_RECONCILIATION_BUSY');
      await writeAudit(deps.db, actor, { action: 'reconciliation.rerun', targetType: 'reconciliation', targetId: `${input.provider}:${input.date}`, after: { status: outcome.status, differences: outcome.differences } }, deps.now());
      return reconciliation.day(input.date);
    },
    monthClose(actor, month) {
      assertCan(actor, 'money.reconcile');
      return settle(month);
    },
    async exportMonthClose(actor, month, format) {
      assertCan(actor, 'money.reconcile');
      const settlement = await settle(month);
      const lines: SettlementLine[] = [];
      for (const channel of settlement.channels) {
        const name = RECONCILIATION_PROVIDER_NAMES[channel.provider];
        for (const d of channel.days) {
          if (d.unreconciled === 'NOT_DUE') continue;
          const label = d.unreconciled === null ? '已对账' : d.unreconciled === 'DIFFERENCES' ? `有未核实差异` : UNRECONCILED_REASON_NAMES[d.unreconciled];
          lines.push({ id: lines.length + 1, channel: name, date: d.date, label, day: { paymentCount: d.payment_count, incomeFen: d.income_fen, refundCount: d.refund_count, refundFen: d.refund_fen, feeFen: d.fee_fen, netFen: d.net_fen } });
        }
        const open = channel.unreconciled_days.length;
        lines.push({
          id: lines.length + 1,
          channel: `${name}合计`,
          date: null,
          label: open === 0 ? `已对账 ${channel.reconciled_days} 天` : `${open} 天未对账`,
          day: { paymentCount: channel.payment_count, incomeFen: channel.income_fen, refundCount: channel.refund_count, refundFen: channel.refund_fen, feeFen: channel.fee_fen, netFen: channel.net_fen },
        });
      }
      const t = settlement.total;
      lines.push({
        id: lines.length + 1,
        channel: '本月合计',
        date: null,
        label: settlement.closed ? '已结清' : '未结清',
        day: { paymentCount: settlement.channels.reduce((n, c) => n + c.payment_count, 0), incomeFen: t.income_fen, refundCount: settlement.channels.reduce((n, c) => n + c.refund_count, 0), refundFen: t.refund_fen, feeFen: t.fee_fen, netFen: t.net_fen },
      });
      const body: Readable = streamExport({ format, sheet: '月结', columns: SETTLEMENT_COLUMNS, nextBatch: async (after) => (after ? [] : lines) });
      await writeAudit(deps.db, actor, { action: 'data.export', targetType: 'export', targetId: 'month_close', after: { format, rows: lines.length, filters: { month: settlement.month } } }, deps.now());
      return {
        filename: `月结_${settlement.month.replace('-', '')}_${shanghaiIsoDay(deps.now()).replace(/-/g, '')}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        rows: lines.length,
        body,
      };
    },
  };
}
