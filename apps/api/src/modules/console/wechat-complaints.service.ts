import { AppError, type ConsolePage, type ConsoleWechatComplaint, type ConsoleWechatComplaintDetail, type WechatComplaintState } from '@kuaibao/domain';
import { writeAudit } from '../audit/audit.ts';
import type { RefundRequests } from '../payment/refund-requests.service.ts';
import type { WechatComplaints } from '../payment/wechat-complaints.service.ts';
import { assertCan, type Actor, type Db } from './actor.ts';

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
}

export function createConsoleWechatComplaintsService(deps: { db: Db; now: () => Date; complaints: WechatComplaints; refundRequests: RefundRequests }): ConsoleWechatComplaintsService {
  const { complaints, refundRequests } = deps;
  const staffName = (actor: Actor) => `${actor.displayName}（${actor.username}）`;
  const refundRequestStatus = async (requestId: number, orderId: number) => (await refundRequests.listForOrder(orderId)).find((r) => r.id === requestId)?.status ?? null;
  const read = (id: number, refresh: boolean) => complaints.detail(id, { refresh, refundRequestStatus });

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
  };
}
