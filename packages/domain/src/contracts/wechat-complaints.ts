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
