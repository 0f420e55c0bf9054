import { AppError, canMoveRefund, formatYuan, orderRefundRefusal, type PayType } from '@kuaibao/domain';
import type { NewRefund, PaymentAttemptRow, RefundRow } from '../../db/schema.ts';
import type { RefundProgress } from '../../providers/payment/port.ts';
import { orderPayments } from '../order/index.ts';
import { REFUND_BACKOFF_MS, backoff, type Db, type PaymentContext } from './payment-context.ts';
import { paymentRepository } from './payment.repository.ts';
import type { RefundOrderResult } from './payment-types.ts';

/** The refund number of an attempt: deterministic, so every retry reuses it (both providers dedupe on it). */
export function refundNumberFor(outTradeNo: string): string {
  return `R${outTradeNo}`;
}

/**
 * A new refund of a paid attempt, under its deterministic number; the caller says why and when to
 * ask. In full unless `amountFen` says less (an order's partial refund, decision 057): one refund per
 * attempt either way, so the number stays `R` + out_trade_no.
 */
export function fullRefundOf(
  attempt: PaymentAttemptRow,
  input: { purpose: NewRefund['purpose']; reason: string; requestedBy: string; nextQueryAt: string | null; now: string; amountFen?: number | undefined },
): NewRefund {
  return {
    order_id: attempt.order_id,
    attempt_id: attempt.id,
    provider: attempt.provider,
    out_trade_no: attempt.out_trade_no,
    out_refund_no: refundNumberFor(attempt.out_trade_no),
    amount_fen: input.amountFen ?? attempt.amount_fen,
    total_fen: attempt.amount_fen,
    purpose: input.purpose,
    reason: input.reason.slice(0, 200),
    requested_by: input.requestedBy.slice(0, 100),
    status: 'REQUESTED',
    provider_refund_id: null,
    last_error: null,
    next_query_at: input.nextQueryAt,
    created_at: input.now,
    updated_at: input.now,
    succeeded_at: null,
  };
}

export interface Refunds {
  /** The order's own refund: all that was paid, or `amountFen` of it (partial, decision 057: the caller checked the bounds and the reason). */
  refundOrder(input: { orderId: number; reason: string; requestedBy: string; amountFen?: number | undefined }): Promise<RefundOrderResult>;
  /**
   * Moves a refund to what the provider reported, if the refund machine (lifecycle/refund.ts) allows
   * it; on the order's own SUCCESS, the order is refunded in the same transaction.
   */
  transitionRefund(trx: Db, refund: RefundRow, progress: RefundProgress): Promise<'APPLIED' | 'UNCHANGED' | 'STALE'>;
  /** Sends (or resends, under the same number) a refund to its provider and records the answer. */
  submitRefund(refund: RefundRow): Promise<RefundRow>;
  /** Asks the provider where a refund stands; one it has never seen is submitted again under its number. */
  refreshRefund(refund: RefundRow): Promise<RefundRow>;
  listRefunds(orderId: number): Promise<RefundRow[]>;
}

/** Full refunds: the order's own (asked from the console) and automatic ones of late or duplicate payments. */
export function createRefunds(ctx: PaymentContext): Refunds {
  const { db, now, log, iso, later } = ctx;

  async function transitionRefund(trx: Db, refund: RefundRow, progress: RefundProgress): Promise<'APPLIED' | 'UNCHANGED' | 'STALE'> {
    const at = iso();
    if (progress.state === refund.status) {
      if (progress.state === 'PROCESSING') await paymentRepository.noteRefundTry(trx, refund.id, { lastError: null, nextQueryAt: later(backoff(REFUND_BACKOFF_MS, refund.attempts)), at });
      return 'UNCHANGED';
    }
    if (!canMoveRefund(refund.status, progress.state)) return 'STALE';
    const moved = await paymentRepository.moveRefund(trx, {
      id: refund.id,
      from: refund.status,
      to: progress.state,
      providerRefundId: progress.providerRefundId,
      succeededAt: progress.state === 'SUCCESS' ? (progress.succeededAt ?? now()).toISOString() : null,
      nextQueryAt: progress.state === 'PROCESSING' ? later(backoff(REFUND_BACKOFF_MS, refund.attempts)) : null,
      at,
    });
    if (!moved) return 'STALE';
    if (progress.state === 'ABNORMAL' || progress.state === 'CLOSED') {
      // Money did not reach the payer: an operator must act in the provider's merchant platform.
      log.error({ outRefundNo: refund.out_refund_no, state: progress.state, orderId: refund.order_id }, 'refund needs manual handling');
    }
    if (progress.state === 'SUCCESS' && refund.purpose === 'ORDER') {
      // A partial refund's reason (sent to the provider as its reason) is the one the customer reads.
      const partial = refund.amount_fen < refund.total_fen;
      const refundReason = partial ? refund.reason : '';
      if (await orderPayments.markRefunded(trx, { id: refund.order_id, now: at, refundedFen: refund.amount_fen, partial, refundReason })) {
        const order = await orderPayments.findById(trx, refund.order_id);
        await paymentRepository.insertOutbox(trx, 'sms.refund_succeeded', { orderId: refund.order_id, phone: order?.entity_phone ?? '', amountFen: refund.amount_fen, paidFen: refund.total_fen, partialReason: refundReason, outRefundNo: refund.out_refund_no }, at);
      }
    }
    return 'APPLIED';
  }

  async function applyProgress(refundId: number, progress: RefundProgress): Promise<RefundRow> {
    return db.transaction().execute(async (trx) => {
      const refund = await paymentRepository.findRefundById(trx, refundId);
      if (!refund) throw new AppError('INTERNAL', `refund ${refundId} vanished`);
      await transitionRefund(trx, refund, progress);
      return (await paymentRepository.findRefundById(trx, refundId))!;
    });
  }

  async function submitRefund(refund: RefundRow): Promise<RefundRow> {
    const attempt = await paymentRepository.findAttempt(db, refund.out_trade_no);
    let result;
    try {
      const provider = ctx.providerOf(refund);
      result = await provider.refund({
        payType: (attempt?.pay_type ?? 'weixin') as PayType,
        outTradeNo: refund.out_trade_no,
        outRefundNo: refund.out_refund_no,
        providerTxnId: attempt?.provider_txn_id ?? null,
        amountFen: refund.amount_fen,
        totalFen: refund.total_fen,
        reason: refund.reason || '退款',
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, outRefundNo: refund.out_refund_no }, 'refund request failed; it will be retried with the same number');
      await paymentRepository.noteRefundTry(db, refund.id, { lastError: message.slice(0, 500), nextQueryAt: later(backoff(REFUND_BACKOFF_MS, refund.attempts)), at: iso() });
      return (await paymentRepository.findRefundById(db, refund.id))!;
    }
    if (!result.ok) {
      // A refusal is not retried on its own: an operator reads last_error and retries from the console.
      log.error({ outRefundNo: refund.out_refund_no, code: result.code, message: result.message }, 'provider refused the refund');
      await paymentRepository.noteRefundTry(db, refund.id, { lastError: `${result.code}: ${result.message}`.slice(0, 500), nextQueryAt: null, at: iso() });
      return (await paymentRepository.findRefundById(db, refund.id))!;
    }
    await paymentRepository.noteRefundTry(db, refund.id, { lastError: null, nextQueryAt: refund.next_query_at, at: iso() });
    return applyProgress(refund.id, result);
  }

  async function refreshRefund(refund: RefundRow): Promise<RefundRow> {
    let answer;
    try {
      answer = await ctx.providerOf(refund).queryRefund({ payType: (await paymentRepository.findAttempt(db, refund.out_trade_no))?.pay_type as PayType, outTradeNo: refund.out_trade_no, outRefundNo: refund.out_refund_no });
    } catch (error) {
      log.warn({ err: error, outRefundNo: refund.out_refund_no }, 'refund query failed');
      await paymentRepository.noteRefundTry(db, refund.id, { lastError: error instanceof Error ? error.message.slice(0, 500) : String(error), nextQueryAt: later(backoff(REFUND_BACKOFF_MS, refund.attempts)), at: iso() });
      return (await paymentRepository.findRefundById(db, refund.id))!;
    }
    if (answer.state === 'NOT_FOUND') return submitRefund(refund);
    return applyProgress(refund.id, answer);
  }

  function refundAnswer(refund: RefundRow): RefundOrderResult {
    switch (refund.status) {
      case 'SUCCESS':
      case 'PROCESSING':
        return { ok: true, state: refund.status, outRefundNo: refund.out_refund_no };
      case 'ABNORMAL':
        return { ok: false, reason: 'ABNORMAL', message: '退款异常（如收款账户已注销），请到支付平台商户后台处理' };
      case 'CLOSED':
        return { ok: false, reason: 'CLOSED', message: '退款已关闭，请到支付平台商户后台查看原因' };
      case 'REQUESTED':
        return { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: refund.last_error ? `退款暂未受理：${refund.last_error}` : '退款通道暂不可用，请稍后重试' };
    }
  }

  return {
    transitionRefund,
    submitRefund,
    refreshRefund,

    async refundOrder(input) {
      const reason = input.reason.trim();
      if (!reason) throw new AppError('REFUND_REASON_REQUIRED');
      const order = await orderPayments.findById(db, input.orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const refusal = orderRefundRefusal(order.status);
      if (refusal === 'ALREADY_REFUNDED') return { ok: false, reason: 'ALREADY_REFUNDED', message: '订单已退款' };
      if (refusal === 'NOT_PAID') return { ok: false, reason: 'NOT_PAID', message: '订单未支付，不能退款' };
      const attempt = await paymentRepository.findSettlingAttempt(db, order.id);
      if (!attempt || attempt.status !== 'PAID') return { ok: false, reason: 'NOT_PAID', message: '没有找到该订单的支付记录' };

      const amountFen = input.amountFen ?? attempt.amount_fen;
      if (!Number.isSafeInteger(amountFen) || amountFen <= 0 || amountFen > attempt.amount_fen) throw new AppError('REFUND_AMOUNT_EXCEEDS_REFUNDABLE');
      let refund = await paymentRepository.ensureRefund(db, fullRefundOf(attempt, { purpose: 'ORDER', reason, requestedBy: input.requestedBy, nextQueryAt: null, now: iso(), amountFen }));
      if (refund.status === 'SUCCESS') return { ok: false, reason: 'ALREADY_REFUNDED', message: '订单已退款' };
      // The number may have reached the provider with its amount: both refuse the same number with another amount.
      if (refund.amount_fen !== amountFen) return { ok: false, reason: 'AMOUNT_DIFFERS', message: `已提交的退款金额为 ${formatYuan(refund.amount_fen)}，不能改为 ${formatYuan(amountFen)}` };
      if (refund.status === 'REQUESTED') refund = await submitRefund(refund);
      else if (refund.status === 'PROCESSING' || refund.status === 'ABNORMAL') refund = await refreshRefund(refund);
      log.info({ orderId: order.id, outRefundNo: refund.out_refund_no, status: refund.status, requestedBy: input.requestedBy }, 'order refund requested');
      return refundAnswer(refund);
    },

    listRefunds(orderId) {
      return paymentRepository.listRefunds(db, orderId);
    },
  };
}
