import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  AppError,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  REFUNDED_PROCESS_STATUS_NAME,
  checkPaymentChoice,
  type ErrorCode,
  type PaySource,
  type PayType,
  type Platform,
} from '@kuaibao/domain';
import type { Database, OrderRow, PaymentAttemptRow, ProviderEventRow, RefundRow, RefundStatus } from '../../db/schema.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type {
  CreatePaymentResult,
  NotificationAck,
  PaymentProvider,
  QueryPaymentResult,
  RawNotification,
  RefundProgress,
  VerifiedEvent,
} from '../../providers/payment/port.ts';
import { orderRepository } from '../order/order.repository.ts';
import { paymentRepository } from './payment.repository.ts';

export type PaymentOutcome =
  | 'APPLIED'
  | 'DUPLICATE'
  | 'UNKNOWN_TRADE'
  | 'AMOUNT_MISMATCH'
  | 'CURRENCY_MISMATCH'
  | 'REFUND_QUEUED'
  | 'IGNORED'
  | 'UNKNOWN_REFUND'
  | 'STALE'
  | 'CLOSED';

export interface StartAttemptInput {
  order: OrderRow;
  payType: PayType;
  paySource: PaySource;
  description: string;
  returnUrl: string | undefined;
  notifyBaseUrl: string;
  clientIp: string;
  openid?: string | undefined;
}

/** The console's refund action (issue 7) branches on this. */
export type RefundOrderResult =
  | { ok: true; state: 'SUCCESS' | 'PROCESSING'; outRefundNo: string }
  | { ok: false; reason: 'NOT_PAID' | 'ALREADY_REFUNDED' | 'ABNORMAL' | 'CLOSED' | 'PROVIDER_UNAVAILABLE'; message: string };

/** The catalog code for each refusal of refundOrder, for callers that answer over HTTP. */
export const REFUND_FAILURE_CODES: Record<Extract<RefundOrderResult, { ok: false }>['reason'], ErrorCode> = {
  NOT_PAID: 'ORDER_NOT_REFUNDABLE',
  ALREADY_REFUNDED: 'ORDER_ALREADY_REFUNDED',
  ABNORMAL: 'REFUND_ABNORMAL',
  CLOSED: 'REFUND_CLOSED',
  PROVIDER_UNAVAILABLE: 'REFUND_PROVIDER_UNAVAILABLE',
};

export interface SweepResult {
  /** rows looked at */
  examined: number;
  /** rows that failed this time (logged; retried later) */
  failed: number;
}

export interface PaymentService {
  /** Spec §4 and provider capability; throws PAY_TYPE_NOT_ALLOWED / PAY_SOURCE_NOT_ALLOWED before anything is written. */
  checkPaymentChoice(input: { platform: Platform; payType: PayType; paySource: PaySource; openid: string | undefined }): void;
  /** Opens a new attempt (superseding pending ones) and asks the provider for a way to pay. */
  startAttempt(input: StartAttemptInput): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /** Verifies and applies a provider notification; the answer is what the provider expects back. */
  handleNotification(providerId: string, raw: RawNotification): Promise<NotificationAck>;
  /** Asks the provider about pending attempts of an order (the paying page polling). */
  reconcileOrder(order: OrderRow): Promise<void>;
  /**
   * Full refund of the attempt that paid the order, under a deterministic number (`R` + out_trade_no)
   * reused on every retry. On SUCCESS — now, or later through a refund notification or the refund
   * sweep — the order gets status '4', process_status '5' ('已退款') and an `sms.refund_succeeded`
   * outbox row, in one transaction. Throws ORDER_NOT_FOUND / REFUND_REASON_REQUIRED.
   */
  refundOrder(input: { orderId: number; reason: string; requestedBy: string }): Promise<RefundOrderResult>;
  /** Payment attempts of an order, oldest first (plain rows, for the console's order detail). */
  listAttempts(orderId: number): Promise<PaymentAttemptRow[]>;
  /** Verified provider notifications and query results recorded for the order's attempts, oldest first. */
  listProviderEvents(orderId: number): Promise<ProviderEventRow[]>;
  /** Refunds of the order's attempts (the order's own and automatic ones), oldest first. */
  listRefunds(orderId: number): Promise<RefundRow[]>;
  /** Sweep: pending attempts due for a query, expired ones to close, superseded ones not yet closed. */
  reconcileDueAttempts(options?: { limit?: number }): Promise<SweepResult>;
  /** Sweep: `payment.refund_attempt` outbox rows (late or duplicate payments) become automatic full refunds. */
  processRefundOutbox(options?: { limit?: number }): Promise<SweepResult>;
  /** Sweep: refunds to resubmit (REQUESTED after a provider failure) or to query (PROCESSING). */
  reconcileDueRefunds(options?: { limit?: number }): Promise<SweepResult>;
}

type Db = Kysely<Database> | Transaction<Database>;

const MINUTE = 60_000;
/** When a pending attempt is asked about again: 1, 3, 10, 30 minutes, then hourly (research §5.3). */
const QUERY_BACKOFF_MS = [1 * MINUTE, 3 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE];
/** A refund still processing, or one the provider could not take: asked again after 1, 5, 15, 60 minutes, then every 3 hours. */
const REFUND_BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 180 * MINUTE];
/** The paying page polls every second; the provider is asked at most this often per attempt. */
const POLL_QUERY_MIN_INTERVAL_MS = 2000;
const REFUND_OUTBOX_KIND = 'payment.refund_attempt';

function backoff(list: readonly number[], count: number): number {
  return list[Math.min(Math.max(count, 0), list.length - 1)]!;
}

function attemptNumber(orderNo: string, sequence: number): string {
  return `${orderNo}P${String(sequence).padStart(2, '0')}`;
}

/** The refund number of an attempt: deterministic, so every retry reuses it (both providers dedupe on it). */
export function refundNumberFor(outTradeNo: string): string {
  return `R${outTradeNo}`;
}

const REFUND_MOVES: Record<RefundStatus, readonly RefundStatus[]> = {
  REQUESTED: ['PROCESSING', 'SUCCESS', 'ABNORMAL', 'CLOSED'],
  PROCESSING: ['SUCCESS', 'ABNORMAL', 'CLOSED'],
  // An abnormal refund can be finished by hand in the merchant platform.
  ABNORMAL: ['SUCCESS', 'CLOSED'],
  SUCCESS: [],
  CLOSED: [],
};

export function createPaymentService(deps: {
  db: Kysely<Database>;
  providers: PaymentProviders;
  now: () => Date;
  expiryMinutes: number;
  log: FastifyBaseLogger;
}): PaymentService {
  const { db, providers, now, log } = deps;
  const lastPollQuery = new Map<number, number>();
  const iso = () => now().toISOString();
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  function providerFor(payType: PayType): PaymentProvider {
    const provider = providers.forPayType(payType);
    if (!provider) throw new AppError('PAY_TYPE_NOT_ALLOWED');
    return provider;
  }

  function providerOf(attempt: { provider: string }): PaymentProvider {
    const provider = providers.byId(attempt.provider);
    // Configuration changed under a live attempt: nothing we can ask; an operator must look.
    if (!provider) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `provider ${attempt.provider} is not configured`);
    return provider;
  }

  // ── payments ────────────────────────────────────────────────────────────────────────────────

  /** The one state transition for "money arrived", used by notifications and by queries alike. */
  async function applyPayment(providerId: string, event: Extract<VerifiedEvent, { kind: 'payment' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const at = iso();
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo: event.outTradeNo, raw, result: 'PROCESSING', at });
      if (!fresh) return 'DUPLICATE';
      const finish = async (outcome: PaymentOutcome) => {
        await paymentRepository.setEventResult(trx, providerId, event.eventId, outcome);
        return outcome;
      };
      const attempt = await orderRepository.findAttempt(trx, event.outTradeNo);
      if (!attempt || attempt.provider !== providerId) {
        log.warn({ provider: providerId, outTradeNo: event.outTradeNo }, 'payment for an unknown trade');
        return finish('UNKNOWN_TRADE');
      }
      if (event.currency !== 'CNY') {
        log.error({ outTradeNo: event.outTradeNo, currency: event.currency }, 'payment in an unexpected currency');
        return finish('CURRENCY_MISMATCH');
      }
      if (!Number.isInteger(event.amountFen) || event.amountFen !== attempt.amount_fen) {
        log.error({ outTradeNo: event.outTradeNo, expected: attempt.amount_fen, got: event.amountFen }, 'payment amount mismatch');
        return finish('AMOUNT_MISMATCH');
      }
      const paidAt = event.paidAt.toISOString();
      const firstTime = await orderRepository.markAttemptPaid(trx, { id: attempt.id, providerTxnId: event.providerTxnId, paidAt });
      if (!firstTime) return finish('DUPLICATE');
      const order = await orderRepository.findById(trx, attempt.order_id);
      if (!order) throw new AppError('INTERNAL', `attempt ${attempt.out_trade_no} has no order`);
      const becamePaid = await orderRepository.markOrderPaid(trx, {
        id: order.id,
        payTime: paidAt,
        payType: attempt.pay_type,
        paySource: attempt.pay_source,
        processStatusName: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending],
        now: at,
      });
      if (becamePaid) {
        await paymentRepository.markSettling(trx, attempt.id);
        // Other open QR codes or cashiers of this order must not take money any more.
        await paymentRepository.supersedeOtherPending(trx, order.id, attempt.id, at);
        await paymentRepository.insertOutbox(trx, 'sms.payment_succeeded', { orderId: order.id, phone: order.entity_phone }, at);
        return finish('APPLIED');
      }
      // The order was already paid (or closed) through another attempt: this money goes back in full.
      await paymentRepository.insertOutbox(trx, REFUND_OUTBOX_KIND, { outTradeNo: attempt.out_trade_no, amountFen: attempt.amount_fen, reason: 'duplicate payment' }, at);
      log.warn({ outTradeNo: attempt.out_trade_no, orderId: order.id }, 'payment on an order already paid; full refund queued');
      return finish('REFUND_QUEUED');
    });
  }

  /** A query found the trade paid: the same transition as a notification, under a query event id. */
  async function applyQueried(attempt: PaymentAttemptRow, provider: PaymentProvider, result: Extract<QueryPaymentResult, { state: 'PAID' | 'REFUNDED' }>): Promise<PaymentOutcome> {
    return applyPayment(
      provider.id,
      { kind: 'payment', eventId: `query:${result.providerTxnId}`, outTradeNo: attempt.out_trade_no, providerTxnId: result.providerTxnId, amountFen: result.amountFen, currency: result.currency, paidAt: result.paidAt },
      JSON.stringify({ source: 'query', ...result }),
    );
  }

  /** Queries one attempt and applies what the provider says. */
  async function queryAndApply(attempt: PaymentAttemptRow): Promise<QueryPaymentResult> {
    const provider = providerOf(attempt);
    const result = await provider.queryPayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
    if (result.state === 'PAID' || result.state === 'REFUNDED') await applyQueried(attempt, provider, result);
    return result;
  }

  /**
   * Closes an attempt at the provider and asks once more, because a close can race a payment.
   * `toStatus` is what the attempt becomes once the close is confirmed (EXPIRED or SUPERSEDED).
   */
  async function closeAndSettle(attempt: PaymentAttemptRow, toStatus: 'EXPIRED' | 'SUPERSEDED'): Promise<void> {
    const provider = providerOf(attempt);
    const closed = await provider.closePayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
    const after = await queryAndApply(attempt);
    if (after.state === 'PAID' || after.state === 'REFUNDED') return;
    const current = now();
    // An Alipay QR nobody scanned cannot be closed (it does not exist yet) but stays payable until it
    // expires: look again just after the expiry, when nothing can be paid on it any more.
    if (closed === 'NOT_FOUND' && after.state === 'NOT_FOUND' && new Date(attempt.expires_at) > current) {
      if (attempt.status !== toStatus) await orderRepository.setAttemptStatus(db, attempt.id, toStatus);
      await paymentRepository.scheduleAttempt(db, attempt.id, toStatus, new Date(new Date(attempt.expires_at).getTime() + MINUTE).toISOString());
      return;
    }
    await paymentRepository.markAttemptClosed(db, attempt.id, attempt.status, toStatus, current.toISOString());
  }

  /** `fromPoll`: the paying page asked; the sweep's schedule is left alone (it is for when nobody is watching). */
  async function reconcileAttempt(attempt: PaymentAttemptRow, fromPoll = false): Promise<void> {
    const current = now();
    const expired = new Date(attempt.expires_at) <= current;
    if (attempt.status === 'SUPERSEDED') return closeAndSettle(attempt, 'SUPERSEDED');
    if (attempt.status !== 'PENDING') return;
    if (expired) return closeAndSettle(attempt, 'EXPIRED');
    const result = await queryAndApply(attempt);
    if (result.state === 'CLOSED') {
      await paymentRepository.markAttemptClosed(db, attempt.id, 'PENDING', 'CLOSED', current.toISOString());
    } else if (!fromPoll && (result.state === 'PENDING' || result.state === 'NOT_FOUND')) {
      const next = Math.min(current.getTime() + backoff(QUERY_BACKOFF_MS, attempt.query_count), new Date(attempt.expires_at).getTime());
      await paymentRepository.scheduleAttempt(db, attempt.id, 'PENDING', new Date(next).toISOString());
    }
  }

  // ── refunds ─────────────────────────────────────────────────────────────────────────────────

  /** Moves a refund to what the provider reported; on the order's own SUCCESS, the order is refunded in the same transaction. */
  async function transitionRefund(trx: Db, refund: RefundRow, progress: RefundProgress): Promise<'APPLIED' | 'UNCHANGED' | 'STALE'> {
    const at = iso();
    if (progress.state === refund.status) {
      if (progress.state === 'PROCESSING') await paymentRepository.noteRefundTry(trx, refund.id, { lastError: null, nextQueryAt: later(backoff(REFUND_BACKOFF_MS, refund.attempts)), at });
      return 'UNCHANGED';
    }
    if (!REFUND_MOVES[refund.status].includes(progress.state)) return 'STALE';
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
      const updated = await trx
        .updateTable('orders')
        .set({ status: '4', process_status: PROCESS_STATUS.ended, process_status_name: REFUNDED_PROCESS_STATUS_NAME, update_time: at })
        .where('id', '=', refund.order_id)
        .where('status', '=', '2')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        const order = await orderRepository.findById(trx, refund.order_id);
        await paymentRepository.insertOutbox(trx, 'sms.refund_succeeded', { orderId: refund.order_id, phone: order?.entity_phone ?? '', amountFen: refund.amount_fen, outRefundNo: refund.out_refund_no }, at);
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

  /** Sends (or resends, under the same number) a refund to its provider and records the answer. */
  async function submitRefund(refund: RefundRow): Promise<RefundRow> {
    const attempt = await orderRepository.findAttempt(db, refund.out_trade_no);
    let result;
    try {
      const provider = providerOf(refund);
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

  /** Asks the provider where a refund stands; one it has never seen is submitted again under its number. */
  async function refreshRefund(refund: RefundRow): Promise<RefundRow> {
    let answer;
    try {
      answer = await providerOf(refund).queryRefund({ payType: (await orderRepository.findAttempt(db, refund.out_trade_no))?.pay_type as PayType, outTradeNo: refund.out_trade_no, outRefundNo: refund.out_refund_no });
    } catch (error) {
      log.warn({ err: error, outRefundNo: refund.out_refund_no }, 'refund query failed');
      await paymentRepository.noteRefundTry(db, refund.id, { lastError: error instanceof Error ? error.message.slice(0, 500) : String(error), nextQueryAt: later(backoff(REFUND_BACKOFF_MS, refund.attempts)), at: iso() });
      return (await paymentRepository.findRefundById(db, refund.id))!;
    }
    if (answer.state === 'NOT_FOUND') return submitRefund(refund);
    return applyProgress(refund.id, answer);
  }

  async function applyRefundEvent(providerId: string, event: Extract<VerifiedEvent, { kind: 'refund' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo: event.outTradeNo, raw, result: 'PROCESSING', at: iso() });
      if (!fresh) return 'DUPLICATE';
      const finish = async (outcome: PaymentOutcome) => {
        await paymentRepository.setEventResult(trx, providerId, event.eventId, outcome);
        return outcome;
      };
      const refund = await paymentRepository.findRefundByNumber(trx, event.outRefundNo);
      if (!refund || refund.provider !== providerId || refund.out_trade_no !== event.outTradeNo) {
        log.warn({ provider: providerId, outRefundNo: event.outRefundNo }, 'refund notification for a refund we did not ask for');
        return finish('UNKNOWN_REFUND');
      }
      if (event.refundFen !== null && event.refundFen !== refund.amount_fen) {
        log.error({ outRefundNo: refund.out_refund_no, expected: refund.amount_fen, got: event.refundFen }, 'refund amount mismatch');
        return finish('AMOUNT_MISMATCH');
      }
      const moved = await transitionRefund(trx, refund, { state: event.state, providerRefundId: event.providerRefundId, succeededAt: event.succeededAt });
      return finish(moved === 'APPLIED' ? 'APPLIED' : moved === 'UNCHANGED' ? 'DUPLICATE' : 'STALE');
    });
  }

  async function recordOnly(providerId: string, event: Extract<VerifiedEvent, { kind: 'closed' | 'ignored' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const outTradeNo = event.outTradeNo ?? null;
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo, raw, result: event.kind === 'closed' ? 'CLOSED' : 'IGNORED', at: iso() });
      if (!fresh) return 'DUPLICATE';
      if (event.kind === 'closed' && outTradeNo) {
        const attempt = await orderRepository.findAttempt(trx, outTradeNo);
        if (attempt && attempt.provider === providerId && (attempt.status === 'PENDING' || attempt.status === 'SUPERSEDED')) {
          await paymentRepository.markAttemptClosed(trx, attempt.id, attempt.status, attempt.status === 'PENDING' ? 'CLOSED' : 'SUPERSEDED', iso());
        }
        return 'CLOSED';
      }
      return 'IGNORED';
    });
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

  async function runSweep<T>(rows: T[], each: (row: T) => Promise<void>, describe: (row: T) => Record<string, unknown>): Promise<SweepResult> {
    let failed = 0;
    for (const row of rows) {
      try {
        await each(row);
      } catch (error) {
        failed += 1;
        log.warn({ err: error, ...describe(row) }, 'sweep step failed; retried later');
      }
    }
    return { examined: rows.length, failed };
  }

  return {
    checkPaymentChoice(input) {
      const rule = checkPaymentChoice({ platform: input.platform, payType: input.payType, paySource: input.paySource, hasOpenid: Boolean(input.openid) });
      if (!rule.ok) throw new AppError(rule.reason);
      const provider = providerFor(input.payType);
      if (!provider.paySources[input.payType]?.includes(input.paySource)) throw new AppError('PAY_SOURCE_NOT_ALLOWED');
    },

    async startAttempt(input) {
      const provider = providerFor(input.payType);
      if (!provider.paySources[input.payType]?.includes(input.paySource)) throw new AppError('PAY_SOURCE_NOT_ALLOWED');
      const created = now();
      const expiresAt = new Date(created.getTime() + deps.expiryMinutes * MINUTE);
      const { attempt, superseded } = await db.transaction().execute(async (trx) => {
        const supersededAttempts = await orderRepository.supersedePendingAttempts(trx, input.order.id);
        const sequence = (await orderRepository.countAttempts(trx, input.order.id)) + 1;
        const inserted = await orderRepository.insertAttempt(trx, {
          order_id: input.order.id,
          provider: provider.id,
          pay_type: input.payType,
          pay_source: input.paySource,
          out_trade_no: attemptNumber(input.order.out_trade_no, sequence),
          amount_fen: input.order.total_fee,
          status: 'PENDING',
          provider_txn_id: null,
          expires_at: expiresAt.toISOString(),
          created_at: created.toISOString(),
          paid_at: null,
          next_query_at: new Date(created.getTime() + QUERY_BACKOFF_MS[0]!).toISOString(),
        });
        return { attempt: inserted, superseded: supersededAttempts };
      });
      for (const old of superseded) {
        try {
          await closeAndSettle({ ...old, status: 'SUPERSEDED' }, 'SUPERSEDED');
        } catch (error) {
          log.warn({ err: error, outTradeNo: old.out_trade_no }, 'closing a superseded attempt failed; the sweep will retry');
        }
      }

      let result: CreatePaymentResult;
      try {
        result = await provider.createPayment({
          outTradeNo: attempt.out_trade_no,
          payType: input.payType,
          paySource: input.paySource,
          amountFen: attempt.amount_fen,
          description: input.description.slice(0, 127),
          expiresAt,
          returnUrl: input.returnUrl,
          notifyBaseUrl: input.notifyBaseUrl,
          clientIp: input.clientIp,
          openid: input.openid,
        });
      } catch (error) {
        // The outcome is unknown (the trade may exist): the sweep closes it and asks once more.
        await paymentRepository.scheduleAttempt(db, attempt.id, 'PENDING', iso());
        await orderRepository.setAttemptStatus(db, attempt.id, 'SUPERSEDED');
        log.warn({ err: error, outTradeNo: attempt.out_trade_no }, 'payment creation failed at the provider');
        if (error instanceof AppError) throw error;
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (!result.ok) {
        await paymentRepository.markAttemptClosed(db, attempt.id, 'PENDING', 'CLOSED', iso());
        log.warn({ outTradeNo: attempt.out_trade_no, reason: result.reason, message: result.message }, 'payment creation refused');
        throw new AppError(result.reason === 'NOT_PERMITTED' ? 'PAYMENT_METHOD_NOT_ENABLED' : 'PAYMENT_REJECTED', result.message);
      }
      return result;
    },

    async handleNotification(providerId, raw) {
      const provider = providers.byId(providerId);
      if (!provider) throw new AppError('NOT_FOUND');
      try {
        const parsed = await provider.parseNotification(raw);
        if (!parsed.ok) {
          log.warn({ provider: providerId, reason: parsed.reason }, 'payment notification rejected');
          return provider.acknowledge('rejected');
        }
        const { event } = parsed;
        let outcome: PaymentOutcome;
        if (event.kind === 'payment') outcome = await applyPayment(provider.id, event, raw.rawBody);
        else if (event.kind === 'refund') outcome = await applyRefundEvent(provider.id, event, raw.rawBody);
        else outcome = await recordOnly(provider.id, event, raw.rawBody);
        log.info({ provider: providerId, eventId: event.eventId, kind: event.kind, outcome }, 'payment notification handled');
        // Acknowledge only after the transaction committed: a failure above answers "failed" and the provider retries.
        return provider.acknowledge('accepted');
      } catch (error) {
        log.error({ err: error, provider: providerId }, 'payment notification failed; the provider will retry');
        return provider.acknowledge('failed');
      }
    },

    async reconcileOrder(order) {
      if (order.status !== '1') return;
      const pending = await orderRepository.listPendingAttempts(db, order.id);
      const current = now().getTime();
      for (const attempt of pending) {
        const last = lastPollQuery.get(attempt.id);
        if (last !== undefined && current - last < POLL_QUERY_MIN_INTERVAL_MS) continue;
        lastPollQuery.set(attempt.id, current);
        if (lastPollQuery.size > 10_000) lastPollQuery.clear();
        try {
          await reconcileAttempt(attempt, true);
        } catch (error) {
          log.warn({ err: error, outTradeNo: attempt.out_trade_no }, 'payment query failed');
        }
      }
    },

    async refundOrder(input) {
      const reason = input.reason.trim();
      if (!reason) throw new AppError('REFUND_REASON_REQUIRED');
      const order = await orderRepository.findById(db, input.orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (order.status === '4') return { ok: false, reason: 'ALREADY_REFUNDED', message: '订单已退款' };
      if (order.status !== '2') return { ok: false, reason: 'NOT_PAID', message: '订单未支付，不能退款' };
      const attempt = await paymentRepository.findSettlingAttempt(db, order.id);
      if (!attempt || attempt.status !== 'PAID') return { ok: false, reason: 'NOT_PAID', message: '没有找到该订单的支付记录' };

      let refund = await paymentRepository.ensureRefund(db, {
        order_id: order.id,
        attempt_id: attempt.id,
        provider: attempt.provider,
        out_trade_no: attempt.out_trade_no,
        out_refund_no: refundNumberFor(attempt.out_trade_no),
        amount_fen: attempt.amount_fen,
        total_fen: attempt.amount_fen,
        purpose: 'ORDER',
        reason: reason.slice(0, 200),
        requested_by: input.requestedBy.slice(0, 100),
        status: 'REQUESTED',
        provider_refund_id: null,
        last_error: null,
        next_query_at: null,
        created_at: iso(),
        updated_at: iso(),
        succeeded_at: null,
      });
      if (refund.status === 'SUCCESS') return { ok: false, reason: 'ALREADY_REFUNDED', message: '订单已退款' };
      if (refund.status === 'REQUESTED') refund = await submitRefund(refund);
      else if (refund.status === 'PROCESSING' || refund.status === 'ABNORMAL') refund = await refreshRefund(refund);
      log.info({ orderId: order.id, outRefundNo: refund.out_refund_no, status: refund.status, requestedBy: input.requestedBy }, 'order refund requested');
      return refundAnswer(refund);
    },

    listAttempts(orderId) {
      return paymentRepository.listAttempts(db, orderId);
    },

    listProviderEvents(orderId) {
      return paymentRepository.listEventsOfOrder(db, orderId);
    },

    listRefunds(orderId) {
      return paymentRepository.listRefunds(db, orderId);
    },

    async reconcileDueAttempts(options = {}) {
      const due = await paymentRepository.listDueAttempts(db, iso(), options.limit ?? 50);
      return runSweep(
        due,
        async (attempt) => {
          try {
            await reconcileAttempt(attempt);
          } catch (error) {
            await paymentRepository.scheduleAttempt(db, attempt.id, attempt.status, later(backoff(QUERY_BACKOFF_MS, attempt.query_count + 1)));
            throw error;
          }
        },
        (attempt) => ({ outTradeNo: attempt.out_trade_no }),
      );
    },

    async processRefundOutbox(options = {}) {
      const rows = await paymentRepository.listPendingOutbox(db, REFUND_OUTBOX_KIND, options.limit ?? 50);
      return runSweep(
        rows,
        async (row) => {
          let payload: { outTradeNo?: unknown; reason?: unknown };
          try {
            payload = JSON.parse(row.payload) as typeof payload;
          } catch {
            payload = {};
          }
          const attempt = typeof payload.outTradeNo === 'string' ? await orderRepository.findAttempt(db, payload.outTradeNo) : undefined;
          if (!attempt || attempt.status !== 'PAID') {
            await paymentRepository.markOutboxProcessed(db, row.id, iso(), 'no paid attempt for this refund');
            log.error({ outboxId: row.id, payload: row.payload }, 'refund outbox row without a paid attempt');
            return;
          }
          const refund = await paymentRepository.ensureRefund(db, {
            order_id: attempt.order_id,
            attempt_id: attempt.id,
            provider: attempt.provider,
            out_trade_no: attempt.out_trade_no,
            out_refund_no: refundNumberFor(attempt.out_trade_no),
            amount_fen: attempt.amount_fen,
            total_fen: attempt.amount_fen,
            // The attempt that paid the order is refunded only by refundOrder; this one is an extra payment.
            purpose: attempt.settles_order === 1 ? 'ORDER' : 'DUPLICATE',
            reason: typeof payload.reason === 'string' ? payload.reason.slice(0, 200) : 'duplicate payment',
            requested_by: 'system',
            status: 'REQUESTED',
            provider_refund_id: null,
            last_error: null,
            next_query_at: iso(),
            created_at: iso(),
            updated_at: iso(),
            succeeded_at: null,
          });
          // From here the refund row carries the retries; the outbox row is done.
          if (!(await paymentRepository.markOutboxProcessed(db, row.id, iso(), null))) return;
          if (refund.status === 'REQUESTED') await submitRefund(refund);
        },
        (row) => ({ outboxId: row.id }),
      );
    },

    async reconcileDueRefunds(options = {}) {
      const due = await paymentRepository.listDueRefunds(db, iso(), options.limit ?? 50);
      return runSweep(
        due,
        async (refund) => {
          if (refund.status === 'REQUESTED') await submitRefund(refund);
          else await refreshRefund(refund);
        },
        (refund) => ({ outRefundNo: refund.out_refund_no }),
      );
    },
  };
}
