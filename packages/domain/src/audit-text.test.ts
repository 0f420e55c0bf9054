import { describe, expect, it } from 'vitest';
import { auditChangeRows, auditDetailsText, auditFiltersText, auditTargetText } from './audit-text.ts';
import { LABELS } from './staff-labels.ts';

describe('the audit log in words', () => {
  it('shows a price change in yuan with Chinese field names, ids left out', () => {
    const rows = auditChangeRows({
      action: 'goods.update',
      before: { id: 1, name: '年报代办', type: 'license_year', price_fen: 19900, pay_types: ['weixin'], active: true },
      after: { id: 1, name: '年报代办', type: 'license_year', price_fen: 98850, pay_types: ['weixin', 'alipay'], active: true },
    });
    expect(rows.find((r) => r.key === 'price_fen')).toEqual({ key: 'price_fen', field: '价格', before: '¥199.00', after: '¥988.50', changed: true });
    expect(rows.find((r) => r.key === 'pay_types')).toMatchObject({ field: '支付方式', before: '微信支付', after: '微信支付、支付宝' });
    expect(rows.find((r) => r.key === 'type')).toMatchObject({ before: '年报申报', changed: false });
    expect(rows.find((r) => r.key === 'active')).toMatchObject({ before: '是' });
    expect(rows.some((r) => r.key === 'id')).toBe(false);
    expect(JSON.stringify(rows.map(({ field, before, after }) => [field, before, after]))).not.toMatch(/price_fen|98850/);
  });

  it('names handling states, refund states and sign-in failures', () => {
    const moved = auditChangeRows({ action: 'order.process_status', before: { process_status: '1', process_status_name: '待处理', admin_id: 3, admin_name: '李' }, after: { process_status: '4', process_status_name: '处理中', admin_id: 3, admin_name: '李', note: '' } });
    expect(moved.map((r) => [r.field, r.before, r.after])).toEqual([
      ['办理状态', '待处理', '处理中'],
      ['处理人', '李', '李'],
      ['说明', '—', '—'],
    ]);
    // 待客户补充's request (decision 043) in words, not its key.
    const asked = auditChangeRows({ action: 'order.process_status', before: { process_status: '4' }, after: { process_status: '3', note: '请补充照片', customer_request: '请补充照片' } });
    expect(asked.find((r) => r.after === '请补充照片' && r.field !== '说明')).toMatchObject({ field: '请客户补充' });
    expect(auditChangeRows({ action: 'refund.approve', before: { request_id: 1, status: 'PENDING' }, after: { request_id: 1, status: 'PROCESSING', note: '' } })[0]).toMatchObject({ field: '状态', before: '待审批', after: '退款处理中' });
    const failed = auditChangeRows({ action: 'staff.sign_in_failed', before: null, after: { username: 'clerk.li', reason: 'wrong_password', device: 'none' } });
    expect(failed.map((r) => [r.field, r.after])).toEqual([
      ['用户名', 'clerk.li'],
      ['原因', '密码错误'],
      ['设备', '新设备'],
    ]);
  });
});

/** What every audit row the server writes looks like (one per action; the services' writeAudit calls). */
const ENTRIES: Record<string, { before?: unknown; after?: unknown; target_type: string; target_id: string; order_no?: string; target_name?: string }> = {
  'auth.login': { after: { device: 'trusted' }, target_type: 'staff', target_id: '2', target_name: '李专员（clerk.li）' },
  'auth.logout': { target_type: 'staff', target_id: '2', target_name: '李专员（clerk.li）' },
  'order.take': { before: { process_status: '1', process_status_name: '待处理', admin_id: null, admin_name: '' }, after: { process_status: '1', process_status_name: '待处理', admin_id: 2, admin_name: '李专员' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.reassign': { before: { admin_id: 2, admin_name: '李专员' }, after: { admin_id: 3, admin_name: '王专员' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.assign': { before: { admin_id: null, admin_name: '' }, after: { admin_id: 3, admin_name: '王专员' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.process_status': { before: { process_status: '4', process_status_name: '处理中', admin_id: 2, admin_name: '李' }, after: { process_status: '3', process_status_name: '待客户补充', admin_id: 2, admin_name: '李', note: '请补充照片', customer_request: '请补充照片', confirmed_without_declaration: true }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.note': { after: { note_id: 4, content: '客户下午方便接电话' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.call': { after: { call_id: 9, outcome: 'reached', note: '已说明材料', first_call_time: '2026-03-01T02:05:00.000Z' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.file_upload': { after: { file_id: 3, url: '/uploads/a.png', bytes: 2048, type: 'screenshot', filename: '完成截图.png' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'order.file_delete': { before: { file_id: 3, url: '/uploads/a.png' }, target_type: 'order', target_id: '7' },
  'order.reveal_id': { after: { purged: false, reason: '办理注销需核对' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'refund.request': { after: { request_id: 1, reason: '客户不需要了', amount_fen: 19900 }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'refund.approve': { before: { request_id: 1, status: 'PENDING' }, after: { request_id: 1, status: 'PROCESSING', note: '同意' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'refund.reject': { before: { request_id: 1, status: 'PENDING' }, after: { request_id: 1, status: 'REJECTED', note: '已办理完成' }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'refund.result': { after: { request_id: 1, status: 'FAILED', result: { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: '通道超时' } }, target_type: 'order', target_id: '7', order_no: 'KB20260301000007' },
  'wechat_complaint.reply': { after: { content: '已为您处理' }, target_type: 'wechat_complaint', target_id: '200000020260301000001' },
  'wechat_complaint.complete': { before: { state: 'PROCESSING' }, target_type: 'wechat_complaint', target_id: '200000020260301000001' },
  'wechat_complaint.refund_request': { after: { request_id: 2, order_id: 7, reason: '投诉退款' }, target_type: 'wechat_complaint', target_id: '200000020260301000001' },
  'wechat_complaint.refund_progress': { after: { decision: '同意退款', launch_refund_day: 3, reported: false, error: '微信支付暂不可用' }, target_type: 'wechat_complaint', target_id: '200000020260301000001' },
  'feedback.update': { before: { status: 'open', reply: '' }, after: { status: 'handled', reply: '已回电' }, target_type: 'feedback', target_id: '1' },
  'feedback.assign': { before: { assignee_id: null, assignee_name: '' }, after: { assignee_id: 2, assignee_name: '李专员' }, target_type: 'feedback', target_id: '1' },
  'goods.create': { after: { id: 4, name: '年报代办', type: 'license_year', price_fen: 19900, pay_types: ['weixin'], sort: 1, active: true, description: '' }, target_type: 'goods', target_id: '4' },
  'goods.update': { before: { price_fen: 19900 }, after: { price_fen: 29900 }, target_type: 'goods', target_id: '4' },
  'site_config.update': { before: 'v0', after: 'v2', target_type: 'site_config', target_id: 'proxy_version' },
  'completion_rule.update': { before: { screenshot_required: false }, after: { screenshot_required: true }, target_type: 'goods_type', target_id: 'license_destory' },
  'staff.create': { after: { username: 'admin', role: 'admin', source: 'CONSOLE_ADMIN_PASSWORD' }, target_type: 'staff', target_id: '1' },
  'staff.update': { before: { username: 'clerk.li', display_name: '李', role: 'clerk', active: true }, after: { username: 'clerk.li', display_name: '李', role: 'admin', active: true }, target_type: 'staff', target_id: '2' },
  'staff.update_password_reset': { after: { username: 'clerk.li', source: 'command line' }, target_type: 'staff', target_id: '2' },
  'staff.password_change': { target_type: 'staff', target_id: '2' },
  'staff.sign_in_failed': { after: { username: 'clerk.li', reason: 'locked', limit: 'ip_and_account', device: 'locked', refused_since_previous_entry: 4 }, target_type: 'staff', target_id: '' },
  'retention.sweep': { after: { purged: { id_number: 3, unpaid_contact: 0, events: 120, deletion_request: 1 }, cutoffs: { closedOrdersIdNumber: '2026-01-01T16:00:00.000Z', unpaidOrdersContact: '2026-02-01T16:00:00.000Z', events: null } }, target_type: 'retention', target_id: 'orders,events' },
  'data.export': { after: { format: 'xlsx', rows: 12, filters: { view: 'all', status: '2', process_status: '3', handler: 'none', date_field: 'pay', from: '2026-03-01', to: '2026-03-31', sort: 'pay_time_desc' } }, target_type: 'export', target_id: 'audit' },
  'agreement.publish': { before: { version: '2026-01' }, after: { version: '2026-03' }, target_type: 'agreement', target_id: '2026-03' },
  'deletion.confirm': { after: { orders: ['KB20260301000007'], purged: 1, waiting: 0 }, target_type: 'deletion_request', target_id: '3' },
  'reconciliation.rerun': { after: { status: 'DONE', differences: 2 }, target_type: 'reconciliation', target_id: 'wechatpay:2026-03-01' },
  'commission_rate.update': { before: { rate: '0.00%' }, after: { rate: '5.00%' }, target_type: 'goods_type', target_id: 'license_year' },
  'template.create': { after: { kind: 'customer_request', name: '补营业执照', body: '请上传{企业名称}的营业执照照片' }, target_type: 'message_template', target_id: '1' },
  'template.update': { before: { kind: 'call_note', name: '首次通话', body: '已联系{法定代表人}' }, after: { kind: 'call_note', name: '首次通话', body: '已联系{法定代表人}，约定明天补资料' }, target_type: 'message_template', target_id: '1' },
  'template.delete': { before: { kind: 'customer_request', name: '补营业执照', body: '请上传营业执照照片' }, target_type: 'message_template', target_id: '1' },
  'invoice.issue': { before: { status: 'requested' }, after: { status: 'issued', file: 'pdf', number: '25332000000012345678' }, target_type: 'invoice', target_id: '3' },
  'invoice.red_request': { before: { status: 'issued' }, after: { status: 'red_requested' }, target_type: 'invoice', target_id: '3' },
  'invoice.platform_issue': { before: { status: 'requested' }, after: { status: 'issuing', order_no: 'KB3TA1B2C3' }, target_type: 'invoice', target_id: '3' },
  'invoice.red_issue': { before: { status: 'red_requested' }, after: { status: 'red_issued' }, target_type: 'invoice', target_id: '3' },
  'reminder.batch': { after: { season: 2027, companies: 12, sent: 9, skipped: 3 }, target_type: 'reminder_batch', target_id: '1' },
  'reminder.precheck': { after: { asked: 9, published: 2, not_published: 5, unknown: 2 }, target_type: 'reminder_season', target_id: '2027' },
  'order.declaration_by_phone': { before: { entity_extra: null }, after: { entity_extra: { sale_amount: '120.5', tax_amount: '3', total_amount: '200', total_employee: '5', female_employee: '2', insure_employee: '5' } }, target_type: 'order', target_id: '12' },
};

/** Internal words a person should never read: JSON, UTC instants, snake_case keys, upper-case codes, raw list names. */
const INTERNAL = /[{}"[\]]|\d{4}-\d{2}-\d{2}T\d|\b[A-Za-z]+_[A-Za-z_]+\b|\b[A-Z]{4,}\b|(^|[：\s])(audit|sms|refunds|orders|xlsx|csv|true|false|null)($|[；，\s])/;

describe('every audit entry in words', () => {
  it('has a fixture for every action the log names (a new action needs its words here)', () => {
    expect(Object.keys(ENTRIES).sort()).toEqual(Object.keys(LABELS.auditAction).sort());
  });

  it.each(Object.entries(ENTRIES))('%s: details, fields and target without JSON, UTC times or keys', (action, entry) => {
    const rows = auditChangeRows({ action, before: entry.before ?? null, after: entry.after ?? null });
    for (const row of rows) {
      expect(row.field, `${action}.${row.key}`).not.toBe('其他');
      expect(`${row.field} ${row.before} ${row.after}`).not.toMatch(INTERNAL);
    }
    expect(auditDetailsText({ action, before: entry.before ?? null, after: entry.after ?? null })).not.toMatch(INTERNAL);
    const target = auditTargetText(entry);
    expect(target).not.toMatch(INTERNAL);
    expect(target).not.toMatch(/^其他/);
  });

  it('shows stored instants in Beijing time, never beside UTC', () => {
    expect(auditDetailsText({ action: 'order.call', before: null, after: ENTRIES['order.call']!.after })).toContain('首次联系时间：2026-03-01 10:05:00');
    const sweep = auditDetailsText({ action: 'retention.sweep', before: null, after: ENTRIES['retention.sweep']!.after });
    expect(sweep).toBe('已删除：身份证号 3 条，未付款订单的联系方式 0 条，访问记录 120 条，客户申请删除的订单 1 条；删除界限：已办结订单的身份证号 2026-01-02 00:00:00 之前，未付款订单的联系方式 2026-02-02 00:00:00 之前，访问记录 不删除');
  });

  it('lists an export with its list, format and filters in words', () => {
    const entry = ENTRIES['data.export']!;
    expect(auditTargetText(entry)).toBe('导出：操作日志');
    expect(auditDetailsText({ action: 'data.export', before: null, after: entry.after })).toBe(
      '文件格式：Excel 表格（xlsx）；行数：12；筛选条件：视图 全部订单，状态 已支付，办理状态 待客户补充，处理人 未接单，按 付款时间筛选，开始日期 2026-03-01，结束日期 2026-03-31，排序 付款时间从晚到早',
    );
    expect(auditFiltersText({ staff_id: 2, action: 'order.take' }, (id) => (id === '2' ? '李专员' : undefined))).toBe('人员 李专员，操作类型 接单');
    expect(auditFiltersText({ staff_id: 5 })).toBe('人员 员工（编号 5）');
  });

  it('names targets: orders by number, settings and services by name, reconciliation by channel and day', () => {
    expect(auditTargetText({ target_type: 'site_config', target_id: 'service_weixin' })).toBe('站点配置：客服微信');
    expect(auditTargetText({ target_type: 'goods_type', target_id: 'license_destory' })).toBe('服务：执照注销');
    expect(auditTargetText({ target_type: 'reconciliation', target_id: 'wechatpay:2026-03-01' })).toBe('对账：微信支付 2026-03-01');
    expect(auditTargetText({ target_type: 'order', target_id: '7' })).toBe('订单（已删除）');
    expect(auditTargetText({ target_type: 'staff', target_id: '2', target_name: '李专员（clerk.li）' })).toBe('员工 李专员（clerk.li）');
    expect(auditDetailsText({ action: 'site_config.update', before: 'v0', after: 'v2' })).toBe('内容：金色 ·“网上快报平台” → 蓝色 ·“快速代办平台”（不显示举报入口）');
  });

  it('reads a refund the payment side refused, and a complaint assignment, in words', () => {
    expect(auditDetailsText({ action: 'refund.result', before: null, after: ENTRIES['refund.result']!.after })).toBe('状态：退款失败；结果：支付通道暂不可用：通道超时');
    expect(auditDetailsText({ action: 'feedback.assign', before: ENTRIES['feedback.assign']!.before, after: ENTRIES['feedback.assign']!.after })).toBe('负责人：— → 李专员');
  });
});
