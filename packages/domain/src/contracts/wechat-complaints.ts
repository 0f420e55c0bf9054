import { z } from 'zod';

/** WeChat Pay's consumer complaints in the console's 投诉处理 (docs/decisions/040-wechat-pay-complaints.md). */
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

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

export const ConsoleWechatComplaintListQuerySchema = z.object({ ...pageFields, state: z.enum(WECHAT_COMPLAINT_STATES).optional() });
export const ConsoleWechatComplaintReplySchema = z.object({ content: z.string().trim().min(1).max(200) });
export type ConsoleWechatComplaintReply = z.input<typeof ConsoleWechatComplaintReplySchema>;
export const ConsoleWechatComplaintRefundSchema = z.object({ reason: z.string().trim().min(1).max(200) });
export type ConsoleWechatComplaintRefund = z.input<typeof ConsoleWechatComplaintRefundSchema>;

export const ConsoleWechatComplaintSchema = z.object({
  id: z.number().int(),
  complaint_id: z.string(),
  state: z.enum(WECHAT_COMPLAINT_STATES),
  complaint_time: z.string(),
  detail: z.string(),
  problem_type: z.string().nullable(),
  problem_description: z.string(),
  apply_refund_fen: z.number().int().nullable(),
  amount_fen: z.number().int().nullable(),
  out_trade_no: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  user_complaint_times: z.number().int(),
  incoming_user_response: z.boolean(),
  full_refunded: z.boolean(),
  refund_request_id: z.number().int().nullable(),
  responded_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  handled_by: z.string(),
  updated_at: z.string(),
});
export type ConsoleWechatComplaint = z.infer<typeof ConsoleWechatComplaintSchema>;

export const ConsoleWechatNegotiationSchema = z.object({ log_id: z.string(), operator: z.string(), at: z.string(), type: z.string(), details: z.string() });
export type ConsoleWechatNegotiation = z.infer<typeof ConsoleWechatNegotiationSchema>;

export const ConsoleWechatComplaintDetailSchema = ConsoleWechatComplaintSchema.extend({
  history: z.array(ConsoleWechatNegotiationSchema),
  /** the linked refund request's status (PENDING, PROCESSING, SUCCEEDED, FAILED, REJECTED), when there is one */
  refund_request_status: z.string().nullable(),
});
export type ConsoleWechatComplaintDetail = z.infer<typeof ConsoleWechatComplaintDetailSchema>;
