import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  AppError,
  GOODS_TYPES,
  commissionRateAt,
  goodsTexts,
  isGoodsType,
  monthlyCommission,
  roleCan,
  shanghaiIsoDay,
  shanghaiMonthWindow,
  type CommissionRateChange,
  type CompletedOrder,
  type ConsoleCommission,
  type ConsoleCommissionLine,
  type ConsoleCommissionQuery,
  type ConsoleCommissionRate,
  type GoodsType,
} from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import { commissionRepository } from './commission.repository.ts';
import { streamExport, type ExportColumn, type ExportFormat } from './export-writer.ts';

/**
 * 提成 (docs/decisions/058-finance-and-supervisor-roles-and-commission.md): the month's figures per
 * clerk and service (the computation is packages/domain/src/commission.ts), the rates per service,
 * and the figures as a file. Everyone's figures need team.view; without it, one's own only.
 */
export interface CommissionService {
  month(actor: Actor, query: ConsoleCommissionQuery): Promise<ConsoleCommission>;
  rates(actor: Actor): Promise<ConsoleCommissionRate[]>;
  setRate(actor: Actor, goodsType: GoodsType, rateBp: number): Promise<ConsoleCommissionRate>;
  export(actor: Actor, query: ConsoleCommissionQuery, format: ExportFormat): Promise<{ filename: string; contentType: string; rows: number; body: Readable }>;
}

const yuan = (fen: number) => fen / 100;
const rateText = (bp: number) => `${(bp / 100).toFixed(2)}%`;

type ExportLine = ConsoleCommissionLine & { id: number };
const COLUMNS: ReadonlyArray<ExportColumn<ExportLine>> = [
  { header: '员工', width: 14, value: (r) => r.staff_name },
  { header: '服务', width: 16, value: (r) => goodsTexts(r.goods_type).shortName },
  { header: '完成订单', width: 10, value: (r) => r.completed_orders },
  { header: '完成订单实付（元）', width: 16, value: (r) => yuan(r.completed_fen) },
  { header: '提成（元）', width: 12, value: (r) => yuan(r.earned_fen) },
  { header: '退款笔数', width: 10, value: (r) => r.refunds },
  { header: '退款金额（元）', width: 14, value: (r) => yuan(r.refunded_fen) },
  { header: '扣回提成（元）', width: 14, value: (r) => yuan(r.deducted_fen) },
  { header: '应发提成（元）', width: 14, value: (r) => yuan(r.net_fen) },
];

export function createCommissionService(deps: { db: Kysely<Database>; now: () => Date }): CommissionService {
  const { db, now } = deps;

  async function rateHistory(): Promise<CommissionRateChange[]> {
    const rows = await commissionRepository.rateHistory(db);
    return rows.filter((row) => isGoodsType(row.goods_type)).map((row) => ({ goods_type: row.goods_type as GoodsType, rate_bp: Number(row.rate_bp), effective_from: row.effective_from }));
  }

  const firstCompletions = () => commissionRepository.firstCompletions(db);

  async function lines(actor: Actor, query: ConsoleCommissionQuery): Promise<{ everyone: boolean; lines: ConsoleCommissionLine[] }> {
    assertCan(actor, 'commission.view');
    const everyone = roleCan(actor.role, 'team.view');
    if (!everyone && query.staff_id !== undefined && query.staff_id !== actor.id) throw new AppError('CONSOLE_COMMISSION_NOT_YOURS');
    const window = shanghaiMonthWindow(query.month);
    if (!window) throw new AppError('VALIDATION_FAILED', 'month');
    const [rates, inMonth, refunds] = await Promise.all([
      rateHistory(),
      firstCompletions()
        .having((eb) => eb.and([eb(eb.fn.min('h.created_at'), '>=', window.start), eb(eb.fn.min('h.created_at'), '<', window.end)]))
        .execute(),
      commissionRepository.orderRefundsSucceededIn(db, window),
    ]);
    // Orders refunded this month but completed in an earlier one: their rate and handler.
    const seen = new Set(inMonth.map((row) => row.id));
    const earlierIds = [...new Set(refunds.map((r) => r.order_id).filter((id) => !seen.has(id)))];
    const earlier = earlierIds.length === 0 ? [] : await firstCompletions().where('o.id', 'in', earlierIds).having((eb) => eb(eb.fn.min('h.created_at'), '<', window.start)).execute();
    const completed: CompletedOrder[] = [...inMonth, ...earlier]
      .filter((row) => isGoodsType(row.goods_type))
      .map((row) => ({ order_id: row.id, goods_type: row.goods_type as GoodsType, handler_id: Number(row.admin_id), handler_name: row.admin_name, paid_fen: Number(row.total_fee), completed_at: row.completed_at }));
    const all = monthlyCommission({
      month: window,
      rates,
      completed,
      refunds: refunds.map((r) => ({ order_id: r.order_id, amount_fen: Number(r.amount_fen), succeeded_at: r.succeeded_at ?? '' })),
    });
    const staffId = everyone ? query.staff_id : actor.id;
    return { everyone: everyone && staffId === undefined, lines: staffId === undefined ? all : all.filter((line) => line.staff_id === staffId) };
  }

  return {
    async month(actor, query) {
      return { month: query.month, ...(await lines(actor, query)) };
    },

    async rates(actor) {
      assertCan(actor, 'commission.view');
      const history = await rateHistory();
      const at = now().toISOString();
      const setters = await commissionRepository.rateSetters(db);
      return GOODS_TYPES.map((goodsType) => {
        const current = history.filter((change) => change.goods_type === goodsType && change.effective_from <= at).at(-1);
        const setter = current ? setters.find((row) => row.goods_type === goodsType && row.effective_from === current.effective_from) : undefined;
        return { goods_type: goodsType, rate_bp: commissionRateAt(history, goodsType, at), effective_from: current?.effective_from ?? null, staff_name: setter?.staff_name ?? '' };
      });
    },

    async setRate(actor, goodsType, rateBp) {
      assertCan(actor, 'config.edit');
      const at = now().toISOString();
      const before = commissionRateAt(await rateHistory(), goodsType, at);
      await db.transaction().execute(async (trx) => {
        await commissionRepository.insertRate(trx, { goods_type: goodsType, rate_bp: rateBp, effective_from: at, staff_id: actor.id, staff_name: actor.displayName });
        await writeAudit(trx, actor, { action: 'commission_rate.update', targetType: 'goods_type', targetId: goodsType, before: { rate: rateText(before) }, after: { rate: rateText(rateBp) } }, now());
      });
      return { goods_type: goodsType, rate_bp: rateBp, effective_from: at, staff_name: actor.displayName };
    },

    async export(actor, query, format) {
      const { lines: found } = await lines(actor, query);
      const rows: ExportLine[] = found.map((line, index) => ({ ...line, id: index + 1 }));
      let served = false;
      const body = streamExport<ExportLine>({
        format,
        sheet: `提成 ${query.month}`,
        columns: COLUMNS,
        // One batch: a month's lines are a handful per clerk.
        nextBatch: async () => {
          if (served) return [];
          served = true;
          return rows;
        },
      });
      await writeAudit(db, actor, { action: 'data.export', targetType: 'export', targetId: 'commission', after: { format, rows: rows.length, filters: { month: query.month, ...(query.staff_id ? { staff_id: query.staff_id } : {}) } } }, now());
      return {
        filename: `提成_${query.month.replace('-', '')}_${shanghaiIsoDay(now()).replace(/-/g, '')}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        rows: rows.length,
        body,
      };
    },
  };
}
