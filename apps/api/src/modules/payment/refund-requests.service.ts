import type { Kysely } from 'kysely';
import { AppError, decideRefundAmount, formatYuan, isOrderPaid, isOrderRefunded, type ErrorCode, type RefundAmountRefusal, type ConsolePage, type ConsoleTimeWindow, type ConsoleRefundRequest, type RefundRequestStatus } from '@kuaibao/domain';
import type { Db, ExportWindow } from '../../db/query-helpers.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { writeAudit } from '../audit/index.ts';
import { orderPayments } from '../order/index.ts';
import { assertRefundInvoiceCleared } from '../invoice/index.ts';
import type { Actor } from '../staff/index.ts';
import type { RefundOrderResult } from './payment-types.ts';
import { refundRequestRepository, type RefundRequestWithOrder } from './refund-request.repository.ts';

/**
 * The full refund promised when handling fails (docs/product/overview.md): a clerk (or admin) asks with a
 * reason, an admin approves, and only then is the payment service's refundOrder called. One
 * pending request per order (a unique index); a decided request is never decided again. Who may
 * ask or decide is the caller's to check.
 */
export interface RefundRequests {
  listForOrder(orderId: number): Promise<ConsoleRefundRequest[]>;
  list(query: { page: number; page_size: number; status?: RefundRequestStatus | undefined } & ConsoleTimeWindow & ExportWindow): Promise<ConsolePage<ConsoleRefundRequest>>;
  countPending(): Promise<number>;
  /** A refund of the order is open (see isRefundOpen); read in the caller's transaction. */
  hasOpen(db: Db, orderId: number): Promise<boolean>;
  request(actor: Actor, orderId: number, reason: string): Promise<ConsoleRefundRequest>;
  /** Approves: all that was paid, or `amountFen` of it with the reason the customer reads (decision 057). */
  approve(actor: Actor, requestId: number, decision: RefundApproval): Promise<ConsoleRefundRequest>;
  reject(actor: Actor, requestId: number, note: string): Promise<ConsoleRefundRequest>;
}

export interface RefundApproval {
  note: string;
  /** integer fen; absent: everything paid */
  amountFen?: number | undefined;
  /** required when the amount is less than was paid; the customer reads it */
  partialReason?: string | undefined;
}

const REFUSAL_TEXT: Record<Extract<RefundOrderResult, { ok: false }>['reason'], string> = {
  NOT_PAID: '订单未支付',
  ALREADY_REFUNDED: '订单已退款',
  ABNORMAL: '退款异常，请在支付平台核实',
  CLOSED: '退款已关闭',
  PROVIDER_UNAVAILABLE: '支付通道暂不可用',
  AMOUNT_DIFFERS: '退款金额与已提交的不一致',
};

const AMOUNT_REFUSAL_CODES: Record<RefundAmountRefusal, ErrorCode> = {
  AMOUNT_INVALID: 'REFUND_AMOUNT_INVALID',
  AMOUNT_NOT_POSITIVE: 'REFUND_AMOUNT_NOT_POSITIVE',
  AMOUNT_EXCEEDS_REFUNDABLE: 'REFUND_AMOUNT_EXCEEDS_REFUNDABLE',
  REASON_REQUIRED: 'REFUND_PARTIAL_REASON_REQUIRED',
  REASON_TOO_LONG: 'REFUND_PARTIAL_REASON_TOO_LONG',
};

function toRequest(row: RefundRequestWithOrder): ConsoleRefundRequest {
  // A refund the provider was still processing has completed once the payment side marks the order refunded.
  const status = row.status === 'PROCESSING' && isOrderRefunded(row.order_status) ? 'SUCCEEDED' : row.status;
  const { order_status: _orderStatus, ...rest } = row;
  return { ...rest, status };
}

export function createRefundRequests(deps: { db: Kysely<Database>; now: () => Date; refundOrder: (input: { orderId: number; reason: string; requestedBy: string; amountFen?: number | undefined }) => Promise<RefundOrderResult> }): RefundRequests {
  const { db, now } = deps;

  async function getRequest(id: number): Promise<ConsoleRefundRequest> {
    const row = await refundRequestRepository.findWithOrder(db, id);
    if (!row) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
    return toRequest(row);
  }

  return {
    async listForOrder(orderId) {
      return (await refundRequestRepository.listForOrder(db, orderId)).map(toRequest);
    },

    async list(query) {
      const { rows, total } = await refundRequestRepository.list(db, query);
      return { items: rows.map(toRequest), total, page: query.page, page_size: query.page_size };
    },

    countPending() {
      return refundRequestRepository.countPending(db);
    },

    async hasOpen(trx, orderId) {
      return (await refundRequestRepository.findOpen(trx, orderId)) !== undefined;
    },

    async request(actor, orderId, reason) {
      const id = await db.transaction().execute(async (trx) => {
        const order = await orderPayments.findById(trx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        if (!isOrderPaid(order.status)) throw new AppError('CONSOLE_REFUND_NOT_ALLOWED');
        if (await refundRequestRepository.findOpen(trx, orderId)) throw new AppError('CONSOLE_REFUND_ALREADY_REQUESTED');
        const at = now().toISOString();
        let inserted: { id: number };
        try {
          inserted = await refundRequestRepository.insertPending(trx, { orderId, reason, requestedBy: actor.id, requestedByName: actor.displayName, at });
        } catch (error) {
          // The one-pending-per-order index: someone asked at the same moment.
          if (isUniqueViolation(error)) throw new AppError('CONSOLE_REFUND_ALREADY_REQUESTED', undefined, { cause: error });
          throw error;
        }
        await writeAudit(trx, actor, { action: 'refund.request', targetType: 'order', targetId: orderId, after: { request_id: inserted.id, reason, amount_fen: order.total_fee } }, new Date(at));
        return inserted.id;
      });
      return getRequest(id);
    },

    async approve(actor, requestId, decision) {
      const { note } = decision;
      const at = now();
      // Claim the decision first: a second click (or a second admin) finds it decided.
      const claimed = await db.transaction().execute(async (trx) => {
        const request = await refundRequestRepository.findById(trx, requestId);
        if (!request) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
        const order = await orderPayments.findById(trx, request.order_id);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        // The amount's bounds and the partial reason (partial-refund.ts): refused before anything is decided.
        const amount = decideRefundAmount({ amountFen: decision.amountFen, partialReason: decision.partialReason, paidFen: order.total_fee, refundedFen: order.refunded_fen });
        if (!amount.ok) {
          if (request.status !== 'PENDING') throw new AppError('CONSOLE_REFUND_ALREADY_DECIDED');
          throw new AppError(AMOUNT_REFUSAL_CODES[amount.refusal], amount.refusal === 'AMOUNT_EXCEEDS_REFUNDABLE' ? `可退 ${formatYuan(amount.refundableFen)}` : undefined);
        }
        // An issued invoice stands in the buyer's books until its red-letter invoice (红冲) is recorded (decision 060).
        await assertRefundInvoiceCleared(trx, request.order_id);
        const decided = await refundRequestRepository.decide(trx, { id: requestId, to: 'PROCESSING', decidedBy: actor.id, decidedByName: actor.displayName, note, at: at.toISOString(), amountFen: amount.amountFen, partialReason: amount.partialReason });
        if (!decided) throw new AppError('CONSOLE_REFUND_ALREADY_DECIDED');
        await writeAudit(trx, actor, { action: 'refund.approve', targetType: 'order', targetId: request.order_id, before: { request_id: requestId, status: 'PENDING' }, after: { request_id: requestId, status: 'PROCESSING', note, amount_fen: amount.amountFen, partial: amount.partial, partial_reason: amount.partialReason } }, at);
        return { ...request, amountFen: amount.amountFen, partialReason: amount.partialReason };
      });

      let outcome: RefundOrderResult;
      try {
        // A partial refund's reason goes to the provider (WeChat shows it to the payer) and to the order.
        outcome = await deps.refundOrder({ orderId: claimed.order_id, reason: claimed.partialReason || claimed.reason, requestedBy: `${actor.displayName}（${actor.username}）`, amountFen: claimed.amountFen });
      } catch (error) {
        outcome = { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: error instanceof Error ? error.message : String(error) };
      }
      const status: RefundRequestStatus = outcome.ok ? (outcome.state === 'SUCCESS' ? 'SUCCEEDED' : 'PROCESSING') : 'FAILED';
      const message = outcome.ok ? (outcome.state === 'SUCCESS' ? '退款成功' : '退款处理中') : `${REFUSAL_TEXT[outcome.reason]}：${outcome.message}`.slice(0, 300);
      const done = now();
      await db.transaction().execute(async (trx) => {
        await refundRequestRepository.recordResult(trx, { id: requestId, status, message, outRefundNo: outcome.ok ? outcome.outRefundNo : '', at: done.toISOString() });
        await writeAudit(trx, actor, { action: 'refund.result', targetType: 'order', targetId: claimed.order_id, after: { request_id: requestId, status, result: outcome } }, done);
      });
      return getRequest(requestId);
    },

    async reject(actor, requestId, note) {
      if (note === '') throw new AppError('CONSOLE_NOTE_REQUIRED');
      const at = now();
      await db.transaction().execute(async (trx) => {
        const request = await refundRequestRepository.findById(trx, requestId);
        if (!request) throw new AppError('CONSOLE_REFUND_REQUEST_NOT_FOUND');
        const decided = await refundRequestRepository.decide(trx, { id: requestId, to: 'REJECTED', decidedBy: actor.id, decidedByName: actor.displayName, note, at: at.toISOString() });
        if (!decided) throw new AppError('CONSOLE_REFUND_ALREADY_DECIDED');
        await writeAudit(trx, actor, { action: 'refund.reject', targetType: 'order', targetId: request.order_id, before: { request_id: requestId, status: 'PENDING' }, after: { request_id: requestId, status: 'REJECTED', note } }, at);
      });
      return getRequest(requestId);
    },
  };
}
