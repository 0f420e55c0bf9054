import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@kuaibao/domain';
import type { WechatpayConfig } from '../../../config.ts';
import type { ComplaintDetail, ComplaintNotification, ComplaintsApi, NegotiationEntry } from '../complaints-port.ts';
import { parseRfc3339 } from '../shanghai-time.ts';
import { createWechatpayClient, openWechatpayNotification, wechatpayAck } from './wechatpay-client.ts';

/**
 * WeChat Pay's merchant complaint API v2 (`/v3/merchant-service/complaints-v2/…`) behind the
 * complaints port, on the payment adapter's client (requests signed, answers verified) and its
 * notification checks (decision 040).
 */
const DetailSchema = z.object({
  complaint_id: z.string(),
  complaint_time: z.string(),
  complaint_detail: z.string().default(''),
  complaint_state: z.enum(['PENDING', 'PROCESSING', 'PROCESSED']),
  complainted_mchid: z.string().optional(),
  complaint_order_info: z.array(z.object({ transaction_id: z.string(), out_trade_no: z.string(), amount: z.number().int() })).default([]),
  complaint_full_refunded: z.boolean().default(false),
  incoming_user_response: z.boolean().default(false),
  problem_description: z.string().default(''),
  problem_type: z.string().optional(),
  apply_refund_amount: z.number().int().optional(),
  user_complaint_times: z.number().int().default(1),
});

const HistorySchema = z.object({
  data: z.array(z.object({ log_id: z.string(), operator: z.string(), operate_time: z.string(), operate_type: z.string(), operate_details: z.string().default('') })).default([]),
  total_count: z.number().int().optional(),
});

const NotificationResourceSchema = z.object({ complaint_id: z.string().min(1).max(64), action_type: z.string().default('') });

/** The longest reply WeChat takes (response_content). */
export const COMPLAINT_REPLY_MAX = 200;
const HISTORY_PAGE = 50;

export function createWechatpayComplaints(deps: { config: WechatpayConfig; now: () => Date }): ComplaintsApi {
  const { config, now } = deps;
  const { call, isBusinessError } = createWechatpayClient(config);
  const verificationKeys = new Map<string, KeyObject>(Object.entries(config.verificationKeys).map(([serial, pem]) => [serial, createPublicKey(pem)]));
  const path = 'v3/merchant-service/complaints-v2/{complaint_id}';

  async function post(suffix: 'response' | 'complete' | 'update-refund-progress', complaintId: string, data: object): Promise<void> {
    const answer = await call<unknown>('post', `${path}/${suffix}`, { data, vars: { complaint_id: complaintId } });
    if (isBusinessError(answer)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay complaint ${suffix}: ${answer.code} ${answer.message}`);
  }

  return {
    parseNotification(input): ComplaintNotification {
      const opened = openWechatpayNotification(input, { verificationKeys, apiV3Key: config.apiV3Key, now });
      if (!opened.ok) return opened;
      if (!opened.envelope.event_type.startsWith('COMPLAINT.')) return { ok: false, reason: `not a complaint event: ${opened.envelope.event_type}` };
      const resource = NotificationResourceSchema.safeParse(opened.resource);
      if (!resource.success) return { ok: false, reason: 'unexpected complaint resource' };
      return { ok: true, eventId: opened.envelope.id, complaintId: resource.data.complaint_id, actionType: resource.data.action_type };
    },

    acknowledge: wechatpayAck,

    async detail(complaintId): Promise<ComplaintDetail> {
      const answer = await call<unknown>('get', path, { vars: { complaint_id: complaintId } });
      if (isBusinessError(answer)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay complaint detail: ${answer.code} ${answer.message}`);
      const parsed = DetailSchema.safeParse(answer.data);
      if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay complaint detail: unexpected answer');
      const d = parsed.data;
      if (d.complainted_mchid && d.complainted_mchid !== config.mchId) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay complaint of merchant ${d.complainted_mchid}`);
      return {
        complaintId: d.complaint_id,
        complaintTime: parseRfc3339(d.complaint_time) ?? now(),
        detail: d.complaint_detail,
        state: d.complaint_state,
        orders: d.complaint_order_info.map((o) => ({ outTradeNo: o.out_trade_no, transactionId: o.transaction_id, amountFen: o.amount })),
        problemType: d.problem_type ?? null,
        problemDescription: d.problem_description,
        applyRefundFen: d.apply_refund_amount ?? null,
        fullRefunded: d.complaint_full_refunded,
        incomingUserResponse: d.incoming_user_response,
        userComplaintTimes: d.user_complaint_times,
      };
    },

    async history(complaintId): Promise<NegotiationEntry[]> {
      const entries: NegotiationEntry[] = [];
      for (let offset = 0; offset < 1000; offset += HISTORY_PAGE) {
        const answer = await call<unknown>('get', `${path}/negotiation-historys`, { vars: { complaint_id: complaintId }, params: { limit: String(HISTORY_PAGE), offset: String(offset) } });
        if (isBusinessError(answer)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay complaint history: ${answer.code} ${answer.message}`);
        const parsed = HistorySchema.safeParse(answer.data);
        if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay complaint history: unexpected answer');
        entries.push(...parsed.data.data.map((e) => ({ logId: e.log_id, operator: e.operator, at: parseRfc3339(e.operate_time) ?? now(), type: e.operate_type, details: e.operate_details })));
        if (parsed.data.data.length < HISTORY_PAGE || entries.length >= (parsed.data.total_count ?? Infinity)) break;
      }
      return entries;
    },

    async respond(complaintId, content) {
      await post('response', complaintId, { complainted_mchid: config.mchId, response_content: content.slice(0, COMPLAINT_REPLY_MAX) });
    },

    async complete(complaintId) {
      await post('complete', complaintId, { complainted_mchid: config.mchId });
    },

    async updateRefundProgress(complaintId, progress) {
      // Unlike reply and complete, this body carries no complainted_mchid (WeChat's 更新退款审批结果).
      const body =
        progress.action === 'APPROVE'
          ? { action: 'APPROVE', launch_refund_day: Math.max(0, Math.trunc(progress.launchRefundDays)) }
          : { action: 'REJECT', reject_reason: progress.reason.slice(0, COMPLAINT_REPLY_MAX) };
      await post('update-refund-progress', complaintId, body);
    },
  };
}
