import { PROCESS_STATUS_NAMES } from './status-display.ts';
import { STAFF_ROLE_NAMES } from './staff.ts';
import { CALL_OUTCOME_NAMES } from './first-call-sla.ts';

/**
 * Every internal word staff could meet, as they read it: one map, in Chinese, for the console and
 * the exports. Codes stay codes on the wire and in the database; only this file turns them into words (`sandbox`, `PAID`,
 * `APPLIED`, `h5`, `wx-mp`, `console` were once shown as they are stored).
 */
export const LABELS = {
  payType: { weixin: '微信支付', alipay: '支付宝' },
  paySource: { h5: '手机网页支付', native: '扫码支付', jsapi: '微信内支付' },
  platform: { web: '网站', 'wx-oa': '微信公众号', 'wx-mp': '微信小程序' },
  paymentProvider: { sandbox: '模拟支付（测试环境）', wechatpay: '微信支付', alipay: '支付宝' },
  attemptStatus: { PENDING: '待支付', PAID: '已支付', CLOSED: '已关闭', EXPIRED: '已过期', SUPERSEDED: '已被新支付单取代' },
  eventResult: {
    APPLIED: '已入账',
    DUPLICATE: '重复通知（已忽略）',
    UNKNOWN_TRADE: '未找到对应订单',
    AMOUNT_MISMATCH: '金额不符',
    CURRENCY_MISMATCH: '币种不符',
    REFUND_QUEUED: '退款已受理',
    IGNORED: '已忽略',
    UNKNOWN_REFUND: '未找到对应退款',
    STALE: '过期通知（已忽略）',
    CLOSED: '支付单已关闭',
  },
  smsProvider: { console: '测试通道（不实际发送）', aliyun: '阿里云短信', tencent: '腾讯云短信' },
  smsStatus: { SENT: '已发送', FAILED: '发送失败' },
  refundStatus: { PENDING: '待审批', PROCESSING: '退款处理中', SUCCEEDED: '退款成功', REJECTED: '已驳回', FAILED: '退款失败' },
  feedbackStatus: { open: '待处理', handled: '已处理' },
  role: STAFF_ROLE_NAMES as Record<string, string>,
  processStatus: PROCESS_STATUS_NAMES as Record<string, string>,
  callOutcome: CALL_OUTCOME_NAMES as Record<string, string>,
  signInReason: { unknown_user: '用户名不存在', wrong_password: '密码错误', disabled: '账号已停用', locked: '失败次数过多，已锁定', slowed: '尝试过于频繁，需等待' },
  signInLimit: { ip_and_account: '同一地址对同一账号', ip: '同一地址', account: '同一账号' },
  device: { trusted: '常用设备', none: '新设备', locked: '常用设备（已锁定）' },
  auditAction: {
    'auth.login': '登录',
    'auth.logout': '退出登录',
    'order.take': '接单',
    'order.reassign': '转单',
    'order.assign': '分配订单',
    'order.process_status': '修改办理状态',
    'order.note': '添加备注',
    'order.call': '电话联系',
    'order.file_upload': '上传截图',
    'order.file_delete': '删除截图',
    'order.reveal_id': '查看完整身份证号',
    'order.declaration_by_phone': '录入客户电话告知的年报数据',
    'refund.request': '申请退款',
    'refund.approve': '批准退款',
    'refund.reject': '驳回退款',
    'refund.result': '退款结果',
    'wechat_complaint.reply': '回复微信支付投诉',
    'wechat_complaint.complete': '微信支付投诉处理完成',
    'wechat_complaint.refund_request': '从微信支付投诉申请退款',
    'wechat_complaint.refund_progress': '向微信支付上报退款审批结果',
    'feedback.update': '处理投诉',
    'feedback.assign': '分配投诉',
    'goods.create': '新增服务',
    'goods.update': '修改服务/价格',
    'site_config.update': '修改站点配置',
    'completion_rule.update': '修改完成截图要求',
    'commission_rate.update': '修改提成比例',
    'template.create': '新增消息模板',
    'template.update': '修改消息模板',
    'template.delete': '删除消息模板',
    'invoice.issue': '开具发票',
    'invoice.red_request': '申请红冲发票',
    'invoice.platform_issue': '提交开票平台开具',
    'invoice.red_issue': '上传红字发票',
    'reminder.batch': '发送年报季提醒',
    'reminder.precheck': '年报季提醒预检是否已公示',
    'staff.create': '新增员工',
    'staff.update': '修改员工',
    'staff.update_password_reset': '重置员工密码',
    'staff.password_change': '修改本人密码',
    'staff.sign_in_failed': '登录失败',
    'retention.sweep': '按期删除个人信息',
    'data.export': '导出数据',
    'agreement.publish': '发布服务协议',
    'deletion.confirm': '客户确认删除个人信息',
    'reconciliation.rerun': '重新对账',
  },
  exportList: { orders: '订单', refunds: '退款申请', sms: '短信记录', audit: '操作日志', commission: '提成', month_close: '月结', invoices: '发票' },
} as const satisfies Record<string, Record<string, string>>;

export type LabelGroup = keyof typeof LABELS;

/** The Chinese word for a code; an unknown code is named as such (never shown bare). */
export function label(group: LabelGroup, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return (LABELS[group] as Record<string, string>)[code] ?? `其他（${code}）`;
}
