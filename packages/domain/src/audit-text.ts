import { goodsTexts, isGoodsType } from './goods-texts.ts';
import { formatYuan } from './money.ts';
import { label, type LabelGroup } from './staff-labels.ts';

const goodsTypeName = (type: string) => (isGoodsType(type) ? goodsTexts(type).shortName : type);

/**
 * The audit log's before/after as staff read them: each field by its Chinese name, amounts in ¥,
 * codes as words (`price_fen: 98850` was once shown as raw JSON). Row ids that mean nothing
 * to a person are left out.
 */
const FIELDS: Record<string, { name: string; kind?: 'fen' | 'bool' | 'payTypes' | 'seconds' | LabelGroup } | null> = {
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
  assignee_id: null,
  note: { name: '说明' },
  customer_request: { name: '请客户补充' },
  content: { name: '内容' },
  outcome: { name: '通话结果', kind: 'callOutcome' },
  first_call_time: { name: '首次联系时间' },
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
  source: { name: '来源' },
  purged: { name: '已删除' },
  result: { name: '结果' },
  format: { name: '文件格式' },
  rows: { name: '行数' },
  filters: { name: '筛选条件' },
  decision: { name: '审批结果' },
  launch_refund_day: { name: '预计发起退款（工作日内）' },
  reported: { name: '已上报微信支付', kind: 'bool' },
  error: { name: '失败原因' },
  confirmed_without_declaration: { name: '客户未填报年报数据，已确认完成', kind: 'bool' },
  // Internal row ids: not for people.
  id: null,
  file_id: null,
  note_id: null,
  call_id: null,
  request_id: null,
  admin_id: null,
  process_status_name: null,
};

/** Which label group a `status` or `reason` field belongs to, by the action's area. */
function contextualKind(action: string, key: string): LabelGroup | undefined {
  if (key === 'status') return action.startsWith('refund.') ? 'refundStatus' : action.startsWith('feedback.') ? 'feedbackStatus' : undefined;
  if (key === 'reason' && action === 'staff.sign_in_failed') return 'signInReason';
  return undefined;
}

export function formatAuditValue(action: string, key: string, value: unknown): string {
  const field = FIELDS[key];
  const kind = contextualKind(action, key) ?? field?.kind;
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'type' && action.startsWith('goods.') && typeof value === 'string') return goodsTypeName(value);
  if (kind === 'fen' && typeof value === 'number') return formatYuan(value);
  if (kind === 'bool' || typeof value === 'boolean') return value ? '是' : '否';
  if (kind === 'payTypes' && Array.isArray(value)) return value.map((v) => label('payType', String(v))).join('、');
  if (kind === 'seconds') return `${String(value)} 秒`;
  if (kind && typeof value === 'string') return label(kind as LabelGroup, value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('、');
  // A site setting's structured value: shown compactly, it is what the admin typed.
  return JSON.stringify(value);
}

export interface AuditChangeRow {
  key: string;
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const fieldName = (key: string) => (key === 'status' ? '状态' : FIELDS[key]?.name ?? key);

/** One row per field either side has, in the order they were written; ids left out. */
export function auditChangeRows(entry: { action: string; before: unknown; after: unknown }): AuditChangeRow[] {
  const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if (!before && !after) {
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
