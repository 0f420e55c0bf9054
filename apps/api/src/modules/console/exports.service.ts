import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AppError,
  ConsoleAuditListQuerySchema,
  ConsoleInvoiceListQuerySchema,
  INVOICE_STATUS_NAMES,
  INVOICE_TYPE_NAMES,
  type InvoiceStatus,
  type InvoiceType,
  ConsoleOrderListQuerySchema,
  ConsoleRefundListQuerySchema,
  ConsoleSmsListQuerySchema,
  LABELS,
  ORDER_STATUS_NAMES,
  PROCESS_STATUS,
  PURGED_TEXT,
  auditDetailsText,
  auditTargetText,
  creditRecordLabel,
  goodsTexts,
  isGoodsType,
  label,
  shanghaiIsoDay,
  type ConsoleAuditEntry,
  type ConsoleRefundRequest,
  type ConsoleSmsLogEntry,
} from '@kuaibao/domain';
import type { Permission } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { listAudit, writeAudit } from '../audit/index.ts';
import type { OrderExportRow, OrderHandlingService } from '../order/index.ts';
import { orderMoneyFacts, type OrderMoneyFacts, type RefundRequests } from '../payment/index.ts';
import { createSmsLog } from '../sms/index.ts';
import { invoiceRepository, type InvoiceListRow } from '../invoice/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import { EXPORT_BATCH_ROWS, streamExport, type ExportColumn, type ExportFormat } from './export-writer.ts';

export const EXPORT_LISTS = ['orders', 'refunds', 'sms', 'audit', 'invoices'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const ExportParamSchema = z.object({ list: z.enum(EXPORT_LISTS) });
export const ExportFormatSchema = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** Each list's filters are its page's (the same schema), so an export is exactly the filtered list. */
const QUERY_SCHEMAS = { orders: ConsoleOrderListQuerySchema, refunds: ConsoleRefundListQuerySchema, sms: ConsoleSmsListQuerySchema, audit: ConsoleAuditListQuerySchema, invoices: ConsoleInvoiceListQuerySchema } as const;
/** A list leaves as a file only for someone who may read it on screen too (decision 058: 财务 exports, but reads no audit log). */
const LIST_PERMISSIONS: Record<string, Permission> = { orders: 'orders.view', refunds: 'refunds.view', sms: 'sms.view', audit: 'audit.view', invoices: 'invoices.view' };

export interface ExportFile {
  filename: string;
  contentType: string;
  /** how many rows the file will hold (counted first: the console's progress) */
  rows: number;
  body: Readable;
}

export interface ExportService {
  open(actor: Actor, list: ExportList, rawQuery: Record<string, unknown>): Promise<ExportFile>;
}

/** An order of the export with what the payment side knows of it (decision 061). */
type OrderExportLine = OrderExportRow & { money: OrderMoneyFacts | undefined };
const goodsName = (type: string) => (isGoodsType(type) ? goodsTexts(type).shortName : type);

/**
 * What leaves in a file (decision 038): the columns staff see in the list, in words. The ID number
 * never (not even masked); phones as the list shows them (orders: in full, staff phone customers;
 * SMS log: masked); contact data the retention sweep removed reads 已按期删除.
 */
const ORDER_COLUMNS: ReadonlyArray<ExportColumn<OrderExportLine>> = [
  { header: '订单号', width: 22, value: (r) => r.out_trade_no },
  { header: '下单时间', width: 20, kind: 'datetime', value: (r) => r.create_time },
  { header: '付款时间', width: 20, kind: 'datetime', value: (r) => r.pay_time },
  { header: '服务', width: 10, value: (r) => goodsName(r.goods_type) },
  { header: '修复记录', width: 16, value: (r) => creditRecordLabel(r.credit_record) },
  { header: '企业名称', width: 30, value: (r) => r.entity_name },
  { header: '统一社会信用代码', width: 22, value: (r) => r.entity_id },
  { header: '法定代表人', width: 10, value: (r) => (r.contact_purged_at ? PURGED_TEXT : r.entity_legal) },
  { header: '联系电话', width: 14, value: (r) => (r.contact_purged_at ? PURGED_TEXT : r.entity_phone) },
  { header: '金额（元）', width: 12, kind: 'amount', value: (r) => r.total_fee },
  { header: '支付方式', width: 20, value: (r) => `${label('payType', r.pay_type)} · ${label('paySource', r.pay_source)}` },
  { header: '支付交易号', width: 32, value: (r) => r.money?.providerTxnId ?? null },
  // From the daily bills (decision 039): empty until a bill named the payment.
  { header: '通道手续费（元）', width: 14, kind: 'amount', value: (r) => r.money?.feeFen ?? null },
  { header: '支付状态', width: 8, value: (r) => (ORDER_STATUS_NAMES as Record<string, string>)[r.status] ?? r.status },
  { header: '退款金额（元）', width: 14, kind: 'amount', value: (r) => (r.money && r.money.refundFen > 0 ? r.money.refundFen : null) },
  { header: '退款时间', width: 20, kind: 'datetime', value: (r) => r.money?.refundedAt ?? null },
  { header: '办理状态', width: 10, value: (r) => r.process_status_name },
  { header: '处理人', width: 10, value: (r) => r.admin_name || '未接单' },
  { header: '首次通话时间', width: 20, kind: 'datetime', value: (r) => r.first_call_time },
  { header: '完成时间', width: 20, kind: 'datetime', value: (r) => (r.process_status === PROCESS_STATUS.completed ? r.completed_at : null) },
  { header: '来源', width: 10, value: (r) => label('platform', r.platform) },
];

const REFUND_COLUMNS: ReadonlyArray<ExportColumn<ConsoleRefundRequest>> = [
  { header: '申请时间', width: 20, kind: 'datetime', value: (r) => r.created_at },
  { header: '订单号', width: 22, value: (r) => r.out_trade_no },
  { header: '企业名称', width: 30, value: (r) => r.entity_name },
  { header: '金额（元）', width: 12, kind: 'amount', value: (r) => r.total_fee },
  { header: '原因', width: 30, value: (r) => r.reason },
  { header: '申请人', width: 10, value: (r) => r.requested_by_name },
  { header: '状态', width: 10, value: (r) => label('refundStatus', r.status) },
  { header: '审批人', width: 10, value: (r) => r.decided_by_name },
  { header: '审批时间', width: 20, kind: 'datetime', value: (r) => r.decided_at },
  { header: '审批说明', width: 30, value: (r) => [r.decision_note, r.result_message].filter(Boolean).join('；') },
];

const SMS_COLUMNS: ReadonlyArray<ExportColumn<ConsoleSmsLogEntry>> = [
  { header: '时间', width: 20, kind: 'datetime', value: (r) => r.created_at },
  { header: '手机号', width: 14, value: (r) => r.phone },
  { header: '订单号', width: 22, value: (r) => r.out_trade_no },
  { header: '类型', width: 12, value: (r) => r.template_title },
  { header: '内容', width: 60, value: (r) => r.content },
  { header: '通道', width: 18, value: (r) => label('smsProvider', r.provider) },
  { header: '结果', width: 8, value: (r) => label('smsStatus', r.status) },
  { header: '失败原因', width: 30, value: (r) => r.error },
];

const AUDIT_COLUMNS: ReadonlyArray<ExportColumn<ConsoleAuditEntry>> = [
  { header: '时间', width: 20, kind: 'datetime', value: (r) => r.created_at },
  { header: '人员', width: 20, value: (r) => r.staff_name },
  { header: '操作', width: 14, value: (r) => (LABELS.auditAction as Record<string, string>)[r.action] ?? '其他操作' },
  { header: '对象', width: 22, value: (r) => auditTargetText(r) },
  { header: 'IP', width: 16, value: (r) => r.ip },
  { header: '内容', width: 80, value: (r) => auditDetailsText(r) },
];

/** The 发票 list for the accountant (docs/decisions/064-nuonuo-invoicing.md): what was asked, for how much, and what became of it. */
const INVOICE_COLUMNS: ReadonlyArray<ExportColumn<InvoiceListRow>> = [
  { header: '申请时间', width: 20, kind: 'datetime', value: (r) => r.created_at },
  { header: '订单号', width: 22, value: (r) => r.out_trade_no },
  { header: '企业', width: 30, value: (r) => r.entity_name },
  { header: '服务', width: 16, value: (r) => goodsName(r.goods_name) },
  { header: '发票类型', width: 24, value: (r) => INVOICE_TYPE_NAMES[r.type as InvoiceType] ?? r.type },
  { header: '抬头', width: 30, value: (r) => r.title },
  { header: '纳税人识别号', width: 22, value: (r) => r.tax_number },
  { header: '邮箱', width: 24, value: (r) => r.email },
  { header: '金额', width: 12, kind: 'amount', value: (r) => r.amount_fen },
  { header: '状态', width: 10, value: (r) => INVOICE_STATUS_NAMES[r.status as InvoiceStatus] ?? r.status },
  { header: '发票号码', width: 24, value: (r) => r.invoice_number },
  { header: '开票时间', width: 20, kind: 'datetime', value: (r) => r.issued_at },
  { header: '开票人', width: 10, value: (r) => r.issued_by_name },
  { header: '红冲时间', width: 20, kind: 'datetime', value: (r) => r.red_issued_at },
  { header: '失败原因', width: 30, value: (r) => r.fail_reason },
];

export function createExportService(deps: { db: Kysely<Database>; now: () => Date; orders: OrderHandlingService; refundRequests: Pick<RefundRequests, 'list'> }): ExportService {
  const { db, now } = deps;
  const smsLog = createSmsLog({ db });
  const batch = { page: 1, page_size: EXPORT_BATCH_ROWS, uncounted: true } as const;

  return {
    async open(actor, list, rawQuery) {
      assertCan(actor, 'data.export');
      const listPermission = LIST_PERMISSIONS[list];
      if (listPermission) assertCan(actor, listPermission);
      const parsed = QUERY_SCHEMAS[list].safeParse(rawQuery);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const format: ExportFormat = rawQuery.format === 'csv' ? 'csv' : 'xlsx';
      const sheet = LABELS.exportList[list];
      let rows: number;
      let body: Readable;
      switch (list) {
        case 'orders': {
          const query = parsed.data as z.infer<typeof ConsoleOrderListQuerySchema>;
          if (query.from && query.to && query.from > query.to) throw new AppError('CONSOLE_DATE_RANGE_INVALID');
          rows = await deps.orders.countForExport(actor, query);
          body = streamExport({
            format,
            sheet,
            columns: ORDER_COLUMNS,
            nextBatch: async (after) => {
              const orders = await deps.orders.exportBatch(actor, query, after, EXPORT_BATCH_ROWS);
              const money = await orderMoneyFacts(db, orders.map((r) => r.id));
              return orders.map((r) => ({ ...r, money: money.get(r.id) }));
            },
          });
          break;
        }
        case 'refunds': {
          const query = parsed.data as z.infer<typeof ConsoleRefundListQuerySchema>;
          rows = (await deps.refundRequests.list({ ...query, page: 1, page_size: 1 })).total;
          body = streamExport({ format, sheet, columns: REFUND_COLUMNS, nextBatch: async (after) => (await deps.refundRequests.list({ ...query, ...batch, afterId: after?.id })).items });
          break;
        }
        case 'sms': {
          const query = parsed.data as z.infer<typeof ConsoleSmsListQuerySchema>;
          rows = (await smsLog.list({ ...query, page: 1, page_size: 1 })).total;
          body = streamExport({ format, sheet, columns: SMS_COLUMNS, nextBatch: async (after) => (await smsLog.list({ ...query, ...batch, afterId: after?.id })).items });
          break;
        }
        case 'invoices': {
          const query = parsed.data as z.infer<typeof ConsoleInvoiceListQuerySchema>;
          rows = (await invoiceRepository.list(db, { ...query, page: 1, page_size: 1 })).total;
          body = streamExport({ format, sheet, columns: INVOICE_COLUMNS, nextBatch: async (after) => (await invoiceRepository.list(db, { ...query, page: 1, page_size: EXPORT_BATCH_ROWS, afterId: after?.id })).rows });
          break;
        }
        case 'audit': {
          const query = parsed.data as z.infer<typeof ConsoleAuditListQuerySchema>;
          rows = (await listAudit(db, { ...query, page: 1, page_size: 1 })).total;
          body = streamExport({ format, sheet, columns: AUDIT_COLUMNS, nextBatch: async (after) => (await listAudit(db, { ...query, ...batch, afterId: after?.id })).items });
          break;
        }
      }
      // Personal data in bulk: who took which list, filtered how, and how many rows.
      const filters = Object.fromEntries(Object.entries(parsed.data).filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'page_size'));
      await writeAudit(db, actor, { action: 'data.export', targetType: 'export', targetId: list, after: { format, rows, filters } }, now());
      const day = shanghaiIsoDay(now()).replace(/-/g, '');
      return {
        filename: `${sheet}_${day}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        rows,
        body,
      };
    },
  };
}
