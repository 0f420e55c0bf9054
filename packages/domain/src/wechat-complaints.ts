/**
 * WeChat Pay's consumer complaints (docs/decisions/040-wechat-pay-complaints.md): states and the
 * words staff see for WeChat's codes. Plain values (no zod), so the console's pages can import them
 * without the contracts' schemas.
 */
export const WECHAT_COMPLAINT_STATES = ['PENDING', 'PROCESSING', 'PROCESSED'] as const;
export type WechatComplaintState = (typeof WECHAT_COMPLAINT_STATES)[number];
export const WECHAT_COMPLAINT_STATE_NAMES: Record<WechatComplaintState, string> = { PENDING: '待处理', PROCESSING: '处理中', PROCESSED: '已处理完成' };
export const WECHAT_COMPLAINT_PROBLEM_NAMES: Record<string, string> = { REFUND: '申请退款', SERVICE_NOT_WORK: '服务权益未生效', OTHERS: '其他' };
/** Negotiation steps as WeChat names them, in words for staff; others are shown as WeChat wrote them. */
export const WECHAT_NEGOTIATION_TYPE_NAMES: Record<string, string> = {
  USER_CREATE_COMPLAINT: '用户提交投诉',
  USER_CONTINUE_COMPLAINT: '用户继续投诉',
  USER_RESPONSE: '用户留言',
  PLATFORM_RESPONSE: '平台留言',
  MERCHANT_RESPONSE: '商户回复',
  MERCHANT_CONFIRM_COMPLETE: '商户反馈处理完成',
  MERCHANT_APPROVE_REFUND: '商户同意退款',
  MERCHANT_REFUSE_RERUND: '商户拒绝退款',
  USER_CANCEL_COMPLAINT: '用户撤诉',
  COMPLAINT_FULL_REFUNDED: '投诉单全额退款',
  USER_APPLY_PLATFORM_SERVICE: '用户申请平台协助',
  USER_CANCEL_PLATFORM_SERVICE: '用户取消平台协助',
  PLATFORM_SERVICE_FINISHED: '平台协助完成',
};
