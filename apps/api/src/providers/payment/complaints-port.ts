import type { NotificationAck, RawNotification } from './port.ts';

/**
 * WeChat Pay's consumer complaints (消费者投诉2.0, docs/decisions/040-wechat-pay-complaints.md):
 * complaints customers file inside WeChat Pay against a payment of ours. WeChat notifies us, we
 * read the complaint and its negotiation history, reply, and mark it handled. Only WeChat Pay
 * has it; the port exists so the console's service does not depend on the adapter.
 */
export type ComplaintState = 'PENDING' | 'PROCESSING' | 'PROCESSED';

export interface ComplaintOrder {
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
}

export interface ComplaintDetail {
  complaintId: string;
  complaintTime: Date;
  /** the customer's own words */
  detail: string;
  state: ComplaintState;
  orders: ComplaintOrder[];
  /** REFUND, SERVICE_NOT_WORK, OTHERS, or absent */
  problemType: string | null;
  problemDescription: string;
  /** what the customer asked back, when they asked for a refund */
  applyRefundFen: number | null;
  fullRefunded: boolean;
  /** the customer wrote again and awaits our answer */
  incomingUserResponse: boolean;
  /** how many times this customer has complained to this merchant */
  userComplaintTimes: number;
}

export interface NegotiationEntry {
  logId: string;
  /** 投诉人, 商户, 微信支付客服, … as WeChat names them */
  operator: string;
  at: Date;
  /** USER_CREATE_COMPLAINT, MERCHANT_RESPONSE, MERCHANT_CONFIRM_COMPLETE, … */
  type: string;
  details: string;
}

/**
 * 更新退款审批结果 for a complaint where the customer asks for a refund (problem_type REFUND):
 * APPROVE with the working days until we launch the refund (0: today), or REJECT with the reason
 * the customer is shown (at most 200 characters).
 */
export type RefundProgress = { action: 'APPROVE'; launchRefundDays: number } | { action: 'REJECT'; reason: string };

export type ComplaintNotification = { ok: true; eventId: string; complaintId: string; actionType: string } | { ok: false; reason: string };

export interface ComplaintsApi {
  parseNotification(input: RawNotification): ComplaintNotification;
  acknowledge(kind: 'accepted' | 'rejected' | 'failed', message?: string): NotificationAck;
  detail(complaintId: string): Promise<ComplaintDetail>;
  history(complaintId: string): Promise<NegotiationEntry[]>;
  /** A reply the customer sees in WeChat (at most 200 characters); PENDING becomes PROCESSING. */
  respond(complaintId: string, content: string): Promise<void>;
  /** Tells WeChat we are done; WeChat then asks the customer to rate it. */
  complete(complaintId: string): Promise<void>;
  /** Reports our refund decision on a REFUND complaint (WeChat answers 204). */
  updateRefundProgress(complaintId: string, progress: RefundProgress): Promise<void>;
}
