import { AppError, checkPaymentChoice, isOrderUnpaid, type PaySource, type PayType, type Platform } from '@kuaibao/domain';
import type { OrderRow, PaymentAttemptRow, ProviderEventRow } from '../../db/schema.ts';
import type { CreatePaymentResult, PaymentProvider, QueryPaymentResult, VerifiedEvent } from '../../providers/payment/port.ts';
import { orderPayments, type OpenedAttempt, type StartAttemptInput } from '../order/index.ts';
import type { Db } from '../../db/query-helpers.ts';
import { MINUTE, QUERY_BACKOFF_MS, REFUND_OUTBOX_KIND, backoff, type PaymentContext } from './payment-context.ts';
import { createOnceKeys } from '../../shared-state/once-keys.ts';
import { paymentRepository } from './payment.repository.ts';
import type { PaymentOutcome } from './payment-types.ts';

/**
 * The paying page polls every second; the providers are asked about an order's pending attempts at
 * most this often. The claim comes before the attempts are read: a poll with nothing due reads none.
 */
const POLL_QUERY_MIN_INTERVAL_MS = 2000;

function attemptNumber(orderNo: string, sequence: number): string {
  return `${orderNo}P${String(sequence).padStart(2, '0')}`;
}

export interface Attempts {
  checkPaymentChoice(input: { platform: Platform; payType: PayType; paySource: PaySource; openid: string | undefined }): void;
  startAttempt(input: StartAttemptInput): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  openAttempt(trx: Db, input: StartAttemptInput): Promise<OpenedAttempt>;
  askProvider(opened: OpenedAttempt): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /** True when a provider was asked (the order may have changed); false when nothing was due. */
  reconcileOrder(order: OrderRow): Promise<boolean>;
  /** `fromPoll`: the paying page asked; the sweep's schedule is left alone (it is for when nobody is watching). */
  reconcileAttempt(attempt: PaymentAttemptRow, fromPoll?: boolean): Promise<void>;
  /** The one state transition for "money arrived", used by notifications and by queries alike. */
  applyPayment(providerId: string, event: Extract<VerifiedEvent, { kind: 'payment' }>, raw: string): Promise<PaymentOutcome>;
  listAttempts(orderId: number): Promise<PaymentAttemptRow[]>;
  listProviderEvents(orderId: number): Promise<ProviderEventRow[]>;
}

/** Payment attempts: opening one at the provider, money arriving on one, and asking or closing one. */
export function createAttempts(ctx: PaymentContext): Attempts {
  const { db, now, log, iso } = ctx;
  // Shared with REDIS_URL: a visitor's poll reaching several instances still queries the provider once per interval.
  const pollQueries = ctx.onceKeys ?? createOnceKeys({ now });

  async function applyPayment(providerId: string, event: Extract<VerifiedEvent, { kind: 'payment' }>, raw: string): Promise<PaymentOutcome> {
    const outcome = await applyPaymentInTransaction(providerId, event, raw);
    // Counted after the commit: a rolled-back transition is not a paid order.
    if (outcome === 'APPLIED') ctx.metrics?.ordersPaid.inc({ provider: providerId });
    return outcome;
  }

  async function applyPaymentInTransaction(providerId: string, event: Extract<VerifiedEvent, { kind: 'payment' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const at = iso();
      const fresh = await paymentRepository.recordEvent(trx, { provider: providerId, eventId: event.eventId, outTradeNo: event.outTradeNo, raw, result: 'PROCESSING', at });
      if (!fresh) return 'DUPLICATE';
      const finish = async (outcome: PaymentOutcome) => {
        await paymentRepository.setEventResult(trx, providerId, event.eventId, outcome);
        return outcome;
      };
      const attempt = await paymentRepository.findAttempt(trx, event.outTradeNo);
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
      const firstTime = await paymentRepository.markAttemptPaid(trx, { id: attempt.id, providerTxnId: event.providerTxnId, paidAt });
      if (!firstTime) return finish('DUPLICATE');
      const order = await orderPayments.findById(trx, attempt.order_id);
      if (!order) throw new AppError('INTERNAL', `attempt ${attempt.out_trade_no} has no order`);
      const becamePaid = await orderPayments.markPaid(trx, { id: order.id, payTime: paidAt, payType: attempt.pay_type, paySource: attempt.pay_source, now: at });
      if (becamePaid) {
        await paymentRepository.markSettling(trx, attempt.id);
        // Other open QR codes or cashiers of this order must not take money any more.
        await paymentRepository.supersedeOtherPending(trx, order.id, attempt.id, at);
        await paymentRepository.insertOutbox(trx, 'sms.payment_succeeded', { orderId: order.id, phone: order.entity_phone }, at);
        return finish('APPLIED');
      }
      // The order was already paid (or refunded) through another attempt: this money goes back in full.
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
    const provider = ctx.providerOf(attempt);
    const result = await provider.queryPayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
    if (result.state === 'PAID' || result.state === 'REFUNDED') await applyQueried(attempt, provider, result);
    return result;
  }

  /**
   * Closes an attempt at the provider and asks once more, because a close can race a payment.
   * `toStatus` is what the attempt becomes once the close is confirmed (EXPIRED or SUPERSEDED).
   */
  async function closeAndSettle(attempt: PaymentAttemptRow, toStatus: 'EXPIRED' | 'SUPERSEDED'): Promise<void> {
    const provider = ctx.providerOf(attempt);
    const closed = await provider.closePayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
    const after = await queryAndApply(attempt);
    if (after.state === 'PAID' || after.state === 'REFUNDED') return;
    const current = now();
    // An Alipay QR nobody scanned cannot be closed (it does not exist yet) but stays payable until it
    // expires: look again just after the expiry, when nothing can be paid on it any more.
    if (closed === 'NOT_FOUND' && after.state === 'NOT_FOUND' && new Date(attempt.expires_at) > current) {
      if (attempt.status !== toStatus) await paymentRepository.setAttemptStatus(db, attempt.id, toStatus);
      await paymentRepository.scheduleAttempt(db, attempt.id, toStatus, new Date(new Date(attempt.expires_at).getTime() + MINUTE).toISOString());
      return;
    }
    await paymentRepository.markAttemptClosed(db, attempt.id, attempt.status, toStatus, current.toISOString());
  }

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

  /**
   * The attempt's rows, in the caller's transaction (order creation writes the order and its attempt
   * in one commit): pending attempts of the order superseded, the new one inserted. Nothing is asked
   * of a provider here; askProvider does that after the commit.
   */
  async function openAttempt(trx: Db, input: StartAttemptInput): Promise<OpenedAttempt> {
    const provider = ctx.providerFor(input.payType);
    if (!provider.paySources[input.payType]?.includes(input.paySource)) throw new AppError('PAY_SOURCE_NOT_ALLOWED');
    const created = now();
    const expiresAt = new Date(created.getTime() + ctx.expiryMinutes * MINUTE);
    const superseded = await paymentRepository.supersedePendingAttempts(trx, input.order.id);
    const sequence = (await paymentRepository.countAttempts(trx, input.order.id)) + 1;
    const attempt = await paymentRepository.insertAttempt(trx, {
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
    return { attempt, superseded, input };
  }

  /**
   * After the attempt's commit: the superseded attempts closed at their provider, then the new trade
   * created. An unknown outcome leaves the attempt to the sweep; a refusal closes it.
   */
  async function askProvider({ attempt, superseded, input }: OpenedAttempt): Promise<Extract<CreatePaymentResult, { ok: true }>> {
    const provider = ctx.providerOf(attempt);
    const expiresAt = new Date(attempt.expires_at);
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
        openidApp: input.openidApp,
      });
    } catch (error) {
      // The outcome is unknown (the trade may exist): the sweep closes it and asks once more.
      await paymentRepository.scheduleAttempt(db, attempt.id, 'PENDING', iso());
      await paymentRepository.setAttemptStatus(db, attempt.id, 'SUPERSEDED');
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
  }

  return {
    applyPayment,
    reconcileAttempt,

    checkPaymentChoice(input) {
      const rule = checkPaymentChoice({ platform: input.platform, payType: input.payType, paySource: input.paySource, hasOpenid: Boolean(input.openid) });
      if (!rule.ok) throw new AppError(rule.reason);
      const provider = ctx.providerFor(input.payType);
      if (!provider.paySources[input.payType]?.includes(input.paySource)) throw new AppError('PAY_SOURCE_NOT_ALLOWED');
    },

    openAttempt,
    askProvider,

    async startAttempt(input) {
      // Other callers than order creation: the attempt commits on its own, then the provider is asked.
      const opened = await db.transaction().execute((trx) => openAttempt(trx, input));
      return askProvider(opened);
    },

    async reconcileOrder(order) {
      if (!isOrderUnpaid(order.status)) return false;
      if (!(await pollQueries.claim(`payment-query:order:${order.id}`, POLL_QUERY_MIN_INTERVAL_MS))) return false;
      const pending = await paymentRepository.listPendingAttempts(db, order.id);
      let asked = false;
      for (const attempt of pending) {
        asked = true;
        try {
          await reconcileAttempt(attempt, true);
        } catch (error) {
          log.warn({ err: error, outTradeNo: attempt.out_trade_no }, 'payment query failed');
        }
      }
      return asked;
    },

    listAttempts(orderId) {
      return paymentRepository.listAttempts(db, orderId);
    },

    listProviderEvents(orderId) {
      return paymentRepository.listEventsOfOrder(db, orderId);
    },
  };
}
