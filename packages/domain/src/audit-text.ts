import { declarationFields, DISCLOSURE_OPTIONS } from './annual-declaration.ts';
import { formatShanghaiDateTime } from './date-time.ts';
import { INVOICE_STATUS_NAMES } from './invoice.ts';
import { goodsTexts, isGoodsType } from './goods-texts.ts';
import { ORDER_STATUS_NAMES } from './lifecycle/order.ts';
import { MESSAGE_TEMPLATE_KIND_NAMES } from './message-templates.ts';
import { formatYuan } from './money.ts';
import { RECONCILIATION_PROVIDER_NAMES, RECONCILIATION_RUN_STATUS_NAMES } from './reconciliation.ts';
import { pageVariantText, siteConfigLabel } from './site-config-texts.ts';
import { PROCESS_STATUS_NAMES } from './status-display.ts';
import { label, LABELS, type LabelGroup } from './staff-labels.ts';

const goodsTypeName = (type: string) => (isGoodsType(type) ? goodsTexts(type).shortName : type);

type FieldKind = 'fen' | 'bool' | 'payTypes' | 'seconds' | 'time' | 'exportFormat' | 'staffSource' | 'wechatComplaintState' | 'refundResult' | 'reconciliationStatus' | 'retentionCounts' | 'retentionCutoffs' | 'filters' | 'templateKind' | 'declaration' | 'invoiceStatus' | LabelGroup;

/**
 * The audit log's before/after as staff read them: each field by its Chinese name, amounts in ¥,
 * times in Beijing time, codes as words, nested values as sentences (`price_fen: 98850`, a
 * retention sweep's `{"cutoffs":{"events":"2026-01-01T00:00:00.000Z"}}` and an export's filters
 * were once shown as raw JSON). Row ids that mean nothing to a person are left out.
 */
const FIELDS: Record<string, { name: string; kind?: FieldKind } | null> = {
  price_fen: { name: '价格', kind: 'fen' },
  amount_fen: { name: '金额', kind: 'fen' },
  total_fee: { name: '金额', kind: 'fen' },
  name: { name: '名称' },
  type: { name: '类型' },
  pay_types: { name: '支付方式', kind: 'payTypes' },
  sort: { name: '排序' },
  active: { name: '启用', kind: 'bool' },
  description: { name: '说明' },
  process_status: { name: '办理状态', kind: 'processStatus' },
  admin_name: { name: '处理人' },
  assignee_name: { name: '负责人' },
  note: { name: '说明' },
  customer_request: { name: '请客户补充' },
  content: { name: '内容' },
  outcome: { name: '通话结果', kind: 'callOutcome' },
  first_call_time: { name: '首次联系时间', kind: 'time' },
  reason: { name: '原因' },
  reply: { name: '处理说明' },
  url: { name: '文件' },
  filename: { name: '文件名' },
  bytes: { name: '大小（字节）' },
  username: { name: '用户名' },
  display_name: { name: '姓名' },
  role: { name: '角色', kind: 'role' },
  device: { name: '设备', kind: 'device' },
  limit: { name: '限制', kind: 'signInLimit' },
  retryAfterSeconds: { name: '需等待', kind: 'seconds' },
  refused_since_previous_entry: { name: '上条记录后又被拒绝' },
  source: { name: '来源', kind: 'staffSource' },
  purged: { name: '已删除' },
  result: { name: '结果', kind: 'refundResult' },
  format: { name: '文件格式', kind: 'exportFormat' },
  rows: { name: '行数' },
  filters: { name: '筛选条件', kind: 'filters' },
  decision: { name: '审批结果' },
  launch_refund_day: { name: '预计发起退款（工作日内）' },
  reported: { name: '已上报微信支付', kind: 'bool' },
  error: { name: '失败原因' },
  confirmed_without_declaration: { name: '客户未填报年报数据，已确认完成', kind: 'bool' },
  screenshot_required: { name: '完成时必须上传截图', kind: 'bool' },
  version: { name: '协议版本' },
  state: { name: '投诉状态', kind: 'wechatComplaintState' },
  orders: { name: '涉及订单' },
  waiting: { name: '待办结后删除的订单数' },
  differences: { name: '差异笔数' },
  cutoffs: { name: '删除界限', kind: 'retentionCutoffs' },
  rate: { name: '提成比例' },
  kind: { name: '模板类型', kind: 'templateKind' },
  body: { name: '模板内容' },
  entity_extra: { name: '年报数据', kind: 'declaration' },
  file: { name: '文件格式' },
  order_no: { name: '开票平台单号' },
  number: { name: '发票号码' },
  // The season's reminders (reminder.ts): a batch's counts and a pre-check's answers.
  season: { name: '年报季' },
  companies: { name: '企业数' },
  sent: { name: '已发送' },
  skipped: { name: '已跳过' },
  asked: { name: '查询企业数' },
  published: { name: '已公示' },
  not_published: { name: '未公示' },
  unknown: { name: '无法确认' },
  // Internal row ids: not for people.
  id: null,
  file_id: null,
  note_id: null,
  call_id: null,
  request_id: null,
  order_id: null,
  admin_id: null,
  assignee_id: null,
  process_status_name: null,
};

/** The annual-report figures (annual-declaration.ts) by their form labels, each with its unit; a `_show` key is its 公示 choice. */
function declarationText(record: Record<string, unknown>): string {
  const fields = declarationFields('公司');
  return pairs(
    Object.entries(record).map(([key, value]): [string, string] => {
      const shown = key.endsWith('_show');
      const field = fields.find((f) => f.key === (shown ? key.slice(0, -'_show'.length) : key));
      const name = field ? (shown ? `${field.label}是否公示` : field.label) : '其他';
      if (shown) return [name, DISCLOSURE_OPTIONS.find((option) => option.value === String(value))?.label ?? String(value)];
      return [name, field ? `${String(value)} ${field.unit}` : String(value)];
    }),
  );
}

const EXPORT_FORMAT_NAMES: Record<string, string> = { xlsx: 'Excel 表格（xlsx）', csv: 'CSV 文件' };
/** How a first admin or a password reset came about (staff-auth.service.ts, staff.service.ts). */
const STAFF_SOURCE_NAMES: Record<string, string> = { generated: '首次启动时生成的随机密码', CONSOLE_ADMIN_PASSWORD: '部署时设置的初始密码', 'command line': '服务器上的重置密码命令' };
const WECHAT_COMPLAINT_STATE_NAMES: Record<string, string> = { PENDING: '待处理', PROCESSING: '处理中', PROCESSED: '已处理完成' };
const RETENTION_COUNT_NAMES: Record<string, string> = { id_number: '身份证号', unpaid_contact: '未付款订单的联系方式', events: '访问记录', deletion_request: '客户申请删除的订单' };
const RETENTION_CUTOFF_NAMES: Record<string, string> = { closedOrdersIdNumber: '已办结订单的身份证号', unpaidOrdersContact: '未付款订单的联系方式', events: '访问记录' };
const REFUND_FAILURE_NAMES: Record<string, string> = { NOT_PAID: '订单未支付', ALREADY_REFUNDED: '订单已退款', ABNORMAL: '退款异常', CLOSED: '退款已关闭', PROVIDER_UNAVAILABLE: '支付通道暂不可用' };

/** An instant as stored (UTC ISO 8601): shown in Beijing time, never beside it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** What a field name means to a person, or 其他 for a key this file does not know yet (never the key itself). */
const fieldName = (key: string) => (key === 'status' ? '状态' : FIELDS[key]?.name ?? '其他');

/** Which label group a `status`, `reason` or `purged` field belongs to, by the action's area. */
function contextualKind(action: string, key: string): FieldKind | undefined {
  if (key === 'status') {
    if (action.startsWith('refund.')) return 'refundStatus';
    if (action.startsWith('feedback.')) return 'feedbackStatus';
    if (action.startsWith('reconciliation.')) return 'reconciliationStatus';
    if (action.startsWith('invoice.')) return 'invoiceStatus';
    return undefined;
  }
  if (key === 'reason' && action === 'staff.sign_in_failed') return 'signInReason';
  if (key === 'purged' && action === 'retention.sweep') return 'retentionCounts';
  return undefined;
}

/** One labelled value of a nested object, e.g. an export's filter or a sweep's count. */
function pairs(entries: ReadonlyArray<[string, string]>): string {
  return entries.length === 0 ? '无' : entries.map(([name, value]) => `${name} ${value}`).join('，');
}

/** A refund's answer from the payment side (refund-requests.service.ts RefundOrderResult) in words. */
function refundResultText(value: Record<string, unknown>): string {
  if (value.ok === true) {
    const state = value.state === 'SUCCESS' ? '退款成功' : '退款处理中';
    return typeof value.outRefundNo === 'string' && value.outRefundNo ? `${state}（退款单号 ${value.outRefundNo}）` : state;
  }
  const why = typeof value.reason === 'string' ? (REFUND_FAILURE_NAMES[value.reason] ?? '退款失败') : '退款失败';
  return typeof value.message === 'string' && value.message ? `${why}：${value.message}` : why;
}

const FILTER_NAMES: Record<string, string> = {
  view: '视图',
  q: '关键词',
  goods_type: '服务',
  status: '状态',
  process_status: '办理状态',
  handler: '处理人',
  date_field: '按',
  from: '开始日期',
  to: '结束日期',
  sort: '排序',
  ids: '选中订单',
  action: '操作类型',
  staff_id: '人员',
  target_type: '对象类型',
  target_id: '对象',
  order_no: '订单号',
  order_id: '订单',
  type: '类型',
  month: '月份',
};
const ORDER_VIEW_NAMES: Record<string, string> = { new: '新付款待处理', mine: '我的订单', unassigned: '待分配', near_breach: '即将超时', overdue: '已超时', all: '全部订单' };
const SORT_NAMES: Record<string, string> = {
  pay_time_asc: '付款时间从早到晚',
  pay_time_desc: '付款时间从晚到早',
  created_desc: '下单时间从晚到早',
  create_time_asc: '下单时间从早到晚',
  create_time_desc: '下单时间从晚到早',
  total_fee_asc: '金额从低到高',
  total_fee_desc: '金额从高到低',
  created_at_asc: '时间从早到晚',
  created_at_desc: '时间从晚到早',
};

/**
 * A list's filters as a sentence (an export's audit row once showed them as JSON). `staffName`
 * names a staff id where the caller knows the staff list; otherwise it reads 员工（编号 n）.
 */
export function auditFiltersText(filters: unknown, staffName?: (id: string) => string | undefined): string {
  const record = asRecord(filters);
  if (!record) return '无';
  const staff = (id: string) => staffName?.(id) ?? `员工（编号 ${id}）`;
  const out: Array<[string, string]> = [];
  for (const [key, raw] of Object.entries(record)) {
    if (raw === undefined || raw === null || raw === '' || key === 'page' || key === 'page_size' || key === 'format') continue;
    const value = String(raw);
    const name = FILTER_NAMES[key] ?? '其他条件';
    let text: string;
    if (key === 'view') text = ORDER_VIEW_NAMES[value] ?? value;
    else if (key === 'goods_type') text = goodsTypeName(value);
    else if (key === 'status') text = (ORDER_STATUS_NAMES as Record<string, string>)[value] ?? (LABELS.refundStatus as Record<string, string>)[value] ?? (LABELS.smsStatus as Record<string, string>)[value] ?? (LABELS.feedbackStatus as Record<string, string>)[value] ?? value;
    else if (key === 'process_status') text = (PROCESS_STATUS_NAMES as Record<string, string>)[value] ?? value;
    else if (key === 'handler') text = value === 'none' ? '未接单' : staff(value);
    else if (key === 'staff_id') text = staff(value);
    else if (key === 'date_field') text = value === 'pay' ? '付款时间筛选' : '下单时间筛选';
    else if (key === 'sort') text = SORT_NAMES[value] ?? value;
    else if (key === 'ids') text = `${value.split(',').length} 笔`;
    else if (key === 'action') text = (LABELS.auditAction as Record<string, string>)[value] ?? '其他操作';
    else text = value;
    out.push([name, text]);
  }
  return pairs(out);
}

export function formatAuditValue(action: string, key: string, value: unknown): string {
  const field = FIELDS[key];
  const kind = contextualKind(action, key) ?? field?.kind;
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'type' && action.startsWith('goods.') && typeof value === 'string') return goodsTypeName(value);
  if (action === 'site_config.update' && typeof value === 'string' && /^v\d$/.test(value)) return pageVariantText(value);
  if (kind === 'fen' && typeof value === 'number') return formatYuan(value);
  if (kind === 'bool' || typeof value === 'boolean') return value ? '是' : '否';
  if (kind === 'payTypes' && Array.isArray(value)) return value.map((v) => label('payType', String(v))).join('、');
  if (kind === 'seconds') return `${String(value)} 秒`;
  if (kind === 'exportFormat' && typeof value === 'string') return EXPORT_FORMAT_NAMES[value] ?? value;
  if (kind === 'staffSource' && typeof value === 'string') return STAFF_SOURCE_NAMES[value] ?? value;
  if (kind === 'wechatComplaintState' && typeof value === 'string') return WECHAT_COMPLAINT_STATE_NAMES[value] ?? value;
  if (kind === 'reconciliationStatus' && typeof value === 'string') return (RECONCILIATION_RUN_STATUS_NAMES as Record<string, string>)[value] ?? value;
  if (kind === 'filters') return auditFiltersText(value);
  // A template's placeholders ({企业名称}) read as 「企业名称」 in the log: braces look like code to a reader.
  if (key === 'body' && typeof value === 'string') return value.replace(/\{([^{}]+)\}/g, '「$1」');
  if (kind === 'invoiceStatus' && typeof value === 'string') return (INVOICE_STATUS_NAMES as Record<string, string>)[value] ?? value;
  if (key === 'file' && action.startsWith('invoice.') && typeof value === 'string') return value.toUpperCase();
  if (kind === 'templateKind' && typeof value === 'string') return (MESSAGE_TEMPLATE_KIND_NAMES as Record<string, string>)[value] ?? value;
  const record = asRecord(value);
  if (kind === 'refundResult' && record) return refundResultText(record);
  if (kind === 'declaration' && record) return declarationText(record);
  if (kind === 'retentionCounts' && record) return pairs(Object.entries(record).map(([k, v]) => [RETENTION_COUNT_NAMES[k] ?? '其他', `${String(v)} 条`]));
  if (kind === 'retentionCutoffs' && record) return pairs(Object.entries(record).map(([k, v]) => [RETENTION_CUTOFF_NAMES[k] ?? '其他', typeof v === 'string' ? `${formatShanghaiDateTime(v)} 之前` : '不删除']));
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatShanghaiDateTime(value);
  if (kind && kind in LABELS && typeof value === 'string') return label(kind as LabelGroup, value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => formatAuditValue(action, key, v)).join('、');
  // A nested object this file does not know: its fields by name, in words, never as JSON.
  if (record) return pairs(Object.entries(record).filter(([k]) => FIELDS[k] !== null).map(([k, v]) => [fieldName(k), formatAuditValue(action, k, v)]));
  return String(value);
}

export interface AuditChangeRow {
  key: string;
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** One row per field either side has, in the order they were written; ids left out. */
export function auditChangeRows(entry: { action: string; before: unknown; after: unknown }): AuditChangeRow[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if (!before && !after) {
    if ((entry.before === null || entry.before === undefined) && (entry.after === null || entry.after === undefined)) return [];
    // A bare value (a site setting replaced wholesale).
    return [{ key: 'value', field: '内容', before: formatAuditValue(entry.action, 'value', entry.before), after: formatAuditValue(entry.action, 'value', entry.after), changed: JSON.stringify(entry.before) !== JSON.stringify(entry.after) }];
  }
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => FIELDS[key] !== null);
  return keys.map((key) => {
    const b = before ? formatAuditValue(entry.action, key, before[key]) : '—';
    const a = after ? formatAuditValue(entry.action, key, after[key]) : '—';
    return { key, field: fieldName(key), before: b, after: a, changed: b !== a };
  });
}

/**
 * An entry's details as one line of Chinese (the 操作日志's 详情 column and the export's 内容):
 * 字段：之前 → 之后 for a change, 字段：值 for a record; unchanged fields of a change left out.
 */
export function auditDetailsText(entry: { action: string; before: unknown; after: unknown }): string {
  const hasBefore = entry.before !== null && entry.before !== undefined;
  const rows = auditChangeRows(entry).filter((row) => !hasBefore || row.changed || row.key === 'note');
  return rows
    .filter((row) => !(hasBefore ? row.before === '—' && row.after === '—' : row.after === '—'))
    .map((row) => (hasBefore ? `${row.field}：${row.before} → ${row.after}` : `${row.field}：${row.after}`))
    .join('；');
}

const TARGET_TYPE_NAMES: Record<string, string> = {
  staff: '员工',
  feedback: '投诉',
  goods: '服务',
  goods_type: '服务',
  site_config: '站点配置',
  agreement: '服务协议',
  retention: '个人信息保留期限',
  deletion_request: '客户删除申请',
  export: '导出',
  reconciliation: '对账',
  wechat_complaint: '微信支付投诉',
  message_template: '消息模板',
  invoice: '发票',
  reminder_batch: '年报季提醒批次',
  reminder_season: '年报季提醒',
};

/**
 * What an entry was done to, as staff read it: the order's KB number, 员工 with their name, the
 * setting's Chinese name, 导出“订单”… (the export once listed `audit`, `sms`, `refunds` and `1`).
 */
export function auditTargetText(entry: { target_type: string; target_id: string; order_no?: string | undefined; target_name?: string | undefined }): string {
  const { target_type: type, target_id: id } = entry;
  switch (type) {
    case 'order':
      return entry.order_no ?? '订单（已删除）';
    case 'staff':
      return entry.target_name ? `员工 ${entry.target_name}` : id ? `员工（编号 ${id}）` : '员工（用户名不存在）';
    case 'site_config':
      return `站点配置：${siteConfigLabel(id)}`;
    case 'goods_type':
      return `服务：${goodsTypeName(id)}`;
    case 'agreement':
      return `服务协议 ${id}`;
    case 'export':
      return `导出：${(LABELS.exportList as Record<string, string>)[id] ?? '其他列表'}`;
    case 'retention':
      return '个人信息保留期限';
    case 'reconciliation': {
      const [provider = '', date = ''] = id.split(':');
      return `对账：${(RECONCILIATION_PROVIDER_NAMES as Record<string, string>)[provider] ?? '其他渠道'} ${date}`.trim();
    }
    default: {
      const name = TARGET_TYPE_NAMES[type] ?? '其他';
      return id ? `${name}（编号 ${id}）` : name;
    }
  }
}
