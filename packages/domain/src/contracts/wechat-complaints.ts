import { z } from 'zod';
import { WECHAT_COMPLAINT_STATES } from '../wechat-complaints.ts';

/** WeChat Pay's consumer complaints in the console's 投诉处理 (docs/decisions/040-wechat-pay-complaints.md). */
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

export const ConsoleWechatComplaintListQuerySchema = z.object({ ...pageFields, state: z.enum(WECHAT_COMPLAINT_STATES).optional() });
export const ConsoleWechatComplaintReplySchema = z.object({ content: z.string().trim().min(1).max(200) });
export type ConsoleWechatComplaintReply = z.input<typeof ConsoleWechatComplaintReplySchema>;
export const ConsoleWechatComplaintRefundSchema = z.object({ reason: z.string().trim().min(1).max(200) });
export type ConsoleWechatComplaintRefund = z.input<typeof ConsoleWechatComplaintRefundSchema>;

/**
 * 更新退款审批结果 from the drawer: APPROVE (re)sends the approval of a refund already launched,
 * REJECT declines the customer's refund with the reason WeChat shows them (at most 200 characters).
 */
export const ConsoleWechatComplaintRefundProgressSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('APPROVE') }),
  z.object({ action: z.literal('REJECT'), reason: z.string().trim().min(1).max(200) }),
]);
export type ConsoleWechatComplaintRefundProgress = z.input<typeof ConsoleWechatComplaintRefundProgressSchema>;
export const WECHAT_REFUND_PROGRESS_ACTIONS = ['APPROVE', 'REJECT'] as const;
export const WECHAT_REFUND_PROGRESS_STATES = ['REPORTED', 'FAILED'] as const;

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
  /** what we reported to WeChat about the refund (REFUND complaints), and whether it went through */
  refund_progress: z.enum(WECHAT_REFUND_PROGRESS_ACTIONS).nullable(),
  refund_progress_state: z.enum(WECHAT_REFUND_PROGRESS_STATES).nullable(),
  refund_progress_reason: z.string().nullable(),
  refund_progress_error: z.string().nullable(),
  refund_progress_at: z.string().nullable(),
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
