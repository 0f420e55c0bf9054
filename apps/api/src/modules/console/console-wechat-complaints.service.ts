import { AppError, isRefundRequestLaunched, type ConsolePage, type ConsoleRefundRequest, type ConsoleWechatComplaint, type ConsoleWechatComplaintDetail, type ConsoleWechatComplaintRefundProgress, type WechatComplaintState } from '@kuaibao/domain';
import type { RefundProgress } from '../../providers/payment/complaints-port.ts';
import { writeAudit } from '../audit/index.ts';
import type { RefundRequests } from '../payment/index.ts';
import { refundProgressRefusal, type WechatComplaints } from '../payment/index.ts';
import type { Db } from '../../db/query-helpers.ts';
import { assertCan, type Actor } from '../staff/index.ts';

/**
 * 投诉处理's WeChat Pay tab (decision 040): whoever handles complaints reads them, replies to the
 * customer and marks them handled; a refund from a complaint is an ordinary refund request on the
 * complained order (a clerk asks, an admin approves, decision 008), linked to the complaint.
 */
export interface ConsoleWechatComplaintsService {
  list(actor: Actor, query: { page: number; page_size: number; state?: WechatComplaintState | undefined }): Promise<ConsolePage<ConsoleWechatComplaint>>;
  detail(actor: Actor, id: number): Promise<ConsoleWechatComplaintDetail>;
  reply(actor: Actor, id: number, content: string): Promise<ConsoleWechatComplaintDetail>;
  complete(actor: Actor, id: number): Promise<ConsoleWechatComplaintDetail>;
  refund(actor: Actor, id: number, reason: string): Promise<ConsoleWechatComplaintDetail>;
  /** From the drawer: retries a failed APPROVE, or declines the customer's refund with a reason (REJECT). */
  refundProgress(actor: Actor, id: number, body: ConsoleWechatComplaintRefundProgress): Promise<ConsoleWechatComplaintDetail>;
  /**
   * After an admin decided a refund request in 退款审批: when it was asked from a REFUND complaint,
   * tells WeChat (APPROVE once the refund is launched, REJECT with the admin's note). Never throws:
   * the refund decision stands whatever WeChat answers, and a failed report shows in the drawer.
   */
  afterRefundDecision(actor: Actor, request: ConsoleRefundRequest): Promise<void>;
}

export function createConsoleWechatComplaintsService(deps: {
  db: Db;
  now: () => Date;
  complaints: WechatComplaints;
  refundRequests: RefundRequests;
  log?: { warn(obj: object, msg: string): void };
}): ConsoleWechatComplaintsService {
  const { complaints, refundRequests } = deps;
  const staffName = (actor: Actor) => `${actor.displayName}（${actor.username}）`;
  const refundRequestStatus = async (requestId: number, orderId: number) => (await refundRequests.listForOrder(orderId)).find((r) => r.id === requestId)?.status ?? null;
  const read = (id: number, refresh: boolean) => complaints.detail(id, { refresh, refundRequestStatus });

  /** Sends the decision and audits what happened, success or failure. */
  async function report(actor: Actor, id: number, complaintId: string, progress: RefundProgress) {
    const outcome = await complaints.reportRefundProgress(id, progress, staffName(actor));
    const sent = progress.action === 'APPROVE' ? { decision: '同意退款', launch_refund_day: progress.launchRefundDays } : { decision: '拒绝退款', reason: progress.reason };
    await writeAudit(deps.db, actor, { action: 'wechat_complaint.refund_progress', targetType: 'wechat_complaint', targetId: complaintId, after: { ...sent, reported: outcome.ok, ...(outcome.ok ? {} : { error: outcome.message }) } }, deps.now());
    return outcome;
  }

  return {
    list(actor, query) {
      assertCan(actor, 'feedback.handle');
      return complaints.list(query);
    },
    detail(actor, id) {
      assertCan(actor, 'feedback.handle');
      return read(id, true);
    },
    async reply(actor, id, content) {
      assertCan(actor, 'feedback.handle');
      const row = await complaints.find(id);
      await complaints.respond(id, content, staffName(actor));
      await writeAudit(deps.db, actor, { action: 'wechat_complaint.reply', targetType: 'wechat_complaint', targetId: row.complaint_id, after: { content } }, deps.now());
      return read(id, false);
    },
    async complete(actor, id) {
      assertCan(actor, 'feedback.handle');
      const row = await complaints.find(id);
      await complaints.complete(id, staffName(actor));
      await writeAudit(deps.db, actor, { action: 'wechat_complaint.complete', targetType: 'wechat_complaint', targetId: row.complaint_id, before: { state: row.state } }, deps.now());
      return read(id, false);
    },
    async refund(actor, id, reason) {
      assertCan(actor, 'refunds.request');
      const row = await complaints.find(id);
      if (row.order_id === null) throw new AppError('CONSOLE_WECHAT_COMPLAINT_NO_ORDER');
      const request = await refundRequests.request(actor, row.order_id, `微信支付投诉 ${row.complaint_id}：${reason}`.slice(0, 300));
      await complaints.linkRefundRequest(id, request.id, staffName(actor));
      await writeAudit(deps.db, actor, { action: 'wechat_complaint.refund_request', targetType: 'wechat_complaint', targetId: row.complaint_id, after: { request_id: request.id, order_id: row.order_id, reason } }, deps.now());
      return read(id, false);
    },
    async refundProgress(actor, id, body) {
      // Deciding a refund is the admin's (退款审批), so reporting that decision is too.
      assertCan(actor, 'refunds.approve');
      const row = await complaints.find(id);
      // Before the refund request below is declined: a refused report must leave it as it was.
      const refusal = refundProgressRefusal(row);
      if (refusal) throw new AppError(refusal);
      const status = row.refund_request_id !== null && row.order_id !== null ? await refundRequestStatus(row.refund_request_id, row.order_id) : null;
      if (body.action === 'APPROVE') {
        if (!isRefundRequestLaunched(status)) throw new AppError('CONSOLE_WECHAT_COMPLAINT_REFUND_NOT_LAUNCHED');
        await report(actor, id, row.complaint_id, { action: 'APPROVE', launchRefundDays: 0 });
        return read(id, false);
      }
      if (isRefundRequestLaunched(status)) throw new AppError('CONSOLE_WECHAT_COMPLAINT_REFUND_LAUNCHED');
      // A refund asked from this complaint and still awaiting approval is declined with it, audited by the refund flow.
      if (status === 'PENDING' && row.refund_request_id !== null) await refundRequests.reject(actor, row.refund_request_id, body.reason);
      await report(actor, id, row.complaint_id, { action: 'REJECT', reason: body.reason });
      return read(id, false);
    },
    async afterRefundDecision(actor, request) {
      try {
        const row = await complaints.findByRefundRequest(request.id);
        if (!row || refundProgressRefusal(row) || !complaints.enabled()) return;
        if (isRefundRequestLaunched(request.status)) await report(actor, row.id, row.complaint_id, { action: 'APPROVE', launchRefundDays: 0 });
        else if (request.status === 'REJECTED') await report(actor, row.id, row.complaint_id, { action: 'REJECT', reason: (request.decision_note || '经核实不符合退款条件').slice(0, 200) });
        // FAILED: the refund did not go out; nothing to tell WeChat until an admin tries again.
      } catch (error) {
        deps.log?.warn({ err: error, requestId: request.id }, 'wechat complaint refund progress after a refund decision failed');
      }
    },
  };
}
