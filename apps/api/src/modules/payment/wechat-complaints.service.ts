import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, type ConsolePage, type ConsoleWechatComplaint, type ConsoleWechatComplaintDetail, type ConsoleWechatNegotiation, type WechatComplaintState } from '@kuaibao/domain';
import type { Selectable } from 'kysely';
import type { Database, WechatComplaintsTable } from '../../db/schema.ts';
import type { ComplaintsApi, RefundProgress } from '../../providers/payment/complaints-port.ts';
import type { NotificationAck, RawNotification } from '../../providers/payment/port.ts';
import { orderPayments } from '../order/index.ts';
import { orderIdOfAttempt } from './payment-ledger.repository.ts';
import { wechatComplaintsRepository } from './wechat-complaints.repository.ts';

/**
 * WeChat Pay's consumer complaints (docs/decisions/040-wechat-pay-complaints.md): a notification
 * (signed and encrypted like a payment's) names a complaint; we fetch its detail and negotiation
 * history from WeChat and keep the latest copy, linked to our order by the complained payment's
 * out_trade_no. Replies and completion go to WeChat first, and the copy is refreshed after.
 * Who may do what is the console's to check.
 */
export type WechatComplaintRow = Selectable<WechatComplaintsTable>;

/**
 * Why no refund decision may be reported on this complaint, or undefined when one may: it asks no
 * refund, WeChat already has our decision (a second would contradict or repeat it), or it is closed.
 * Callers check it before anything they do alongside the report, so a refusal leaves nothing half done.
 */
export function refundProgressRefusal(row: Pick<WechatComplaintRow, 'problem_type' | 'refund_progress_state' | 'state'>) {
  if (row.problem_type !== 'REFUND') return 'CONSOLE_WECHAT_COMPLAINT_NOT_REFUND' as const;
  if (row.refund_progress_state === 'REPORTED') return 'CONSOLE_WECHAT_COMPLAINT_PROGRESS_REPORTED' as const;
  if (row.state === 'PROCESSED') return 'CONSOLE_WECHAT_COMPLAINT_CLOSED' as const;
  return undefined;
}

export interface WechatComplaints {
  enabled(): boolean;
  handleNotification(raw: RawNotification): Promise<NotificationAck>;
  list(query: { page: number; page_size: number; state?: WechatComplaintState | undefined }): Promise<ConsolePage<ConsoleWechatComplaint>>;
  /** The stored copy, refreshed from WeChat first when `refresh` (a failed refresh keeps the copy). */
  detail(id: number, options: { refresh: boolean; refundRequestStatus: (requestId: number, orderId: number) => Promise<string | null> }): Promise<ConsoleWechatComplaintDetail>;
  find(id: number): Promise<WechatComplaintRow>;
  respond(id: number, content: string, staffName: string): Promise<void>;
  complete(id: number, staffName: string): Promise<void>;
  linkRefundRequest(id: number, requestId: number, staffName: string): Promise<void>;
  /** The complaint a refund request was asked from, if any. */
  findByRefundRequest(requestId: number): Promise<WechatComplaintRow | undefined>;
  /**
   * Reports our refund decision to WeChat (更新退款审批结果) and records the outcome; a failure is
   * recorded (FAILED, with WeChat's message) and returned, not thrown, so the refund it follows stands.
   */
  reportRefundProgress(id: number, progress: RefundProgress, staffName: string): Promise<{ ok: true } | { ok: false; message: string }>;
  countOpen(): Promise<number>;
}

function parseHistory(text: string): ConsoleWechatNegotiation[] {
  try {
    return JSON.parse(text) as ConsoleWechatNegotiation[];
  } catch {
    return [];
  }
}

export function createWechatComplaints(deps: { db: Kysely<Database>; api: ComplaintsApi | undefined; now: () => Date; log: FastifyBaseLogger }): WechatComplaints {
  const { db, now, log } = deps;

  function api(): ComplaintsApi {
    if (!deps.api) throw new AppError('CONSOLE_WECHAT_COMPLAINTS_OFF');
    return deps.api;
  }

  /** Fetches the complaint and its history from WeChat and stores them; returns our id. */
  async function sync(complaintId: string, actionType: string): Promise<number> {
    const [detail, history] = await Promise.all([api().detail(complaintId), api().history(complaintId)]);
    const order = detail.orders[0];
    const orderId = order ? await orderIdOfAttempt(db, 'wechatpay', order.outTradeNo) : undefined;
    return wechatComplaintsRepository.upsert(db, {
      complaint_id: detail.complaintId,
      state: detail.state,
      complaint_time: detail.complaintTime.toISOString(),
      detail: detail.detail,
      problem_type: detail.problemType,
      problem_description: detail.problemDescription,
      apply_refund_fen: detail.applyRefundFen,
      full_refunded: detail.fullRefunded ? 1 : 0,
      incoming_user_response: detail.incomingUserResponse ? 1 : 0,
      user_complaint_times: detail.userComplaintTimes,
      out_trade_no: order?.outTradeNo ?? null,
      transaction_id: order?.transactionId ?? null,
      amount_fen: order?.amountFen ?? null,
      order_id: orderId ?? null,
      history: JSON.stringify(history.map((h) => ({ log_id: h.logId, operator: h.operator, at: h.at.toISOString(), type: h.type, details: h.details }))),
      last_action_type: actionType,
      updated_at: now().toISOString(),
    });
  }

  async function find(id: number): Promise<WechatComplaintRow> {
    const row = await wechatComplaintsRepository.findById(db, id);
    if (!row) throw new AppError('CONSOLE_WECHAT_COMPLAINT_NOT_FOUND');
    return row;
  }

  async function toItem(row: WechatComplaintRow): Promise<ConsoleWechatComplaint> {
    const order = row.order_id === null ? undefined : await orderPayments.findById(db, row.order_id);
    return {
      id: row.id,
      complaint_id: row.complaint_id,
      state: row.state,
      complaint_time: row.complaint_time,
      detail: row.detail,
      problem_type: row.problem_type,
      problem_description: row.problem_description,
      apply_refund_fen: row.apply_refund_fen,
      amount_fen: row.amount_fen,
      out_trade_no: row.out_trade_no,
      order_id: row.order_id,
      order_no: order?.out_trade_no ?? null,
      user_complaint_times: row.user_complaint_times,
      incoming_user_response: row.incoming_user_response === 1,
      full_refunded: row.full_refunded === 1,
      refund_request_id: row.refund_request_id,
      refund_progress: row.refund_progress,
      refund_progress_state: row.refund_progress_state,
      refund_progress_reason: row.refund_progress_reason,
      refund_progress_error: row.refund_progress_error,
      refund_progress_at: row.refund_progress_at,
      responded_at: row.responded_at,
      completed_at: row.completed_at,
      handled_by: row.handled_by,
      updated_at: row.updated_at,
    };
  }

  return {
    enabled: () => deps.api !== undefined,

    async handleNotification(raw) {
      if (!deps.api) return { status: 404, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'not configured' }) };
      const parsed = deps.api.parseNotification(raw);
      if (!parsed.ok) {
        // Forged or stale traffic is logged, never stored (as payment notifications, decision 007).
        log.warn({ reason: parsed.reason }, 'wechat complaint notification rejected');
        return deps.api.acknowledge('rejected');
      }
      try {
        await sync(parsed.complaintId, parsed.actionType);
        return deps.api.acknowledge('accepted');
      } catch (error) {
        // WeChat retries (for up to a week); the next delivery fetches again.
        log.error({ err: error, complaintId: parsed.complaintId }, 'wechat complaint could not be fetched');
        return deps.api.acknowledge('failed');
      }
    },

    async list(query) {
      const { rows, total } = await wechatComplaintsRepository.list(db, query);
      return { items: await Promise.all(rows.map(toItem)), total, page: query.page, page_size: query.page_size };
    },

    async detail(id, options) {
      let row = await find(id);
      if (options.refresh && deps.api) {
        try {
          await sync(row.complaint_id, row.last_action_type);
          row = await find(id);
        } catch (error) {
          log.warn({ err: error, complaintId: row.complaint_id }, 'wechat complaint refresh failed; showing the stored copy');
        }
      }
      const item = await toItem(row);
      const refundStatus = row.refund_request_id !== null && row.order_id !== null ? await options.refundRequestStatus(row.refund_request_id, row.order_id) : null;
      return { ...item, history: parseHistory(row.history), refund_request_status: refundStatus };
    },

    find,

    async respond(id, content, staffName) {
      const row = await find(id);
      if (row.state === 'PROCESSED') throw new AppError('CONSOLE_WECHAT_COMPLAINT_CLOSED');
      await api().respond(row.complaint_id, content);
      await wechatComplaintsRepository.recordAction(db, id, { responded_at: now().toISOString(), handled_by: staffName, updated_at: now().toISOString() });
      await sync(row.complaint_id, 'MERCHANT_RESPONSE').catch((error: unknown) => log.warn({ err: error }, 'wechat complaint refresh after reply failed'));
    },

    async complete(id, staffName) {
      const row = await find(id);
      if (row.state === 'PROCESSED') throw new AppError('CONSOLE_WECHAT_COMPLAINT_CLOSED');
      await api().complete(row.complaint_id);
      await wechatComplaintsRepository.recordAction(db, id, { completed_at: now().toISOString(), handled_by: staffName, updated_at: now().toISOString() });
      await sync(row.complaint_id, 'MERCHANT_CONFIRM_COMPLETE').catch((error: unknown) => log.warn({ err: error }, 'wechat complaint refresh after completion failed'));
    },

    async linkRefundRequest(id, requestId, staffName) {
      await wechatComplaintsRepository.recordAction(db, id, { refund_request_id: requestId, handled_by: staffName, updated_at: now().toISOString() });
    },

    findByRefundRequest: (requestId) => wechatComplaintsRepository.findByRefundRequest(db, requestId),

    async reportRefundProgress(id, progress, staffName) {
      const row = await find(id);
      const refusal = refundProgressRefusal(row);
      if (refusal) throw new AppError(refusal);
      const base = { refund_progress: progress.action, refund_progress_reason: progress.action === 'REJECT' ? progress.reason : null, handled_by: staffName } as const;
      try {
        await api().updateRefundProgress(row.complaint_id, progress);
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        log.warn({ err: error, complaintId: row.complaint_id }, 'wechat complaint refund progress could not be reported');
        const at = now().toISOString();
        await wechatComplaintsRepository.recordAction(db, id, { ...base, refund_progress_state: 'FAILED', refund_progress_error: message, refund_progress_at: at, updated_at: at });
        return { ok: false, message };
      }
      const at = now().toISOString();
      await wechatComplaintsRepository.recordAction(db, id, { ...base, refund_progress_state: 'REPORTED', refund_progress_error: null, refund_progress_at: at, updated_at: at });
      const action = progress.action === 'APPROVE' ? 'MERCHANT_APPROVE_REFUND' : 'MERCHANT_REJECT_REFUND';
      await sync(row.complaint_id, action).catch((error: unknown) => log.warn({ err: error }, 'wechat complaint refresh after refund progress failed'));
      return { ok: true };
    },

    countOpen: () => wechatComplaintsRepository.countOpen(db),
  };
}
