import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError, PROCESS_STATUS, PROCESS_STATUS_NAMES, type PaySource, type PayType } from '@kuaibao/domain';
import type { Database, OrderRow, PaymentAttemptRow } from '../../db/schema.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type { CreatePaymentResult, NotificationAck, RawNotification, VerifiedEvent } from '../../providers/payment/port.ts';
import { orderRepository } from '../order/order.repository.ts';

export type PaymentOutcome = 'APPLIED' | 'DUPLICATE' | 'UNKNOWN_TRADE' | 'AMOUNT_MISMATCH' | 'REFUND_QUEUED' | 'IGNORED';

export interface StartAttemptInput {
  order: OrderRow;
  payType: PayType;
  paySource: PaySource;
  description: string;
  returnUrl: string | undefined;
  notifyBaseUrl: string;
  clientIp: string;
}

export interface PaymentService {
  /** Opens a new attempt (superseding pending ones) and asks the provider for a way to pay. */
  startAttempt(input: StartAttemptInput): Promise<Extract<CreatePaymentResult, { ok: true }>>;
  /** Verifies and applies a provider notification; the answer is what the provider expects back. */
  handleNotification(providerId: string, raw: RawNotification): Promise<NotificationAck>;
  /** Asks the provider about pending attempts of an order (a missed notification, or the paying page polling). */
  reconcileOrder(order: OrderRow): Promise<void>;
}

function attemptNumber(orderNo: string, sequence: number): string {
  return `${orderNo}P${String(sequence).padStart(2, '0')}`;
}

export function createPaymentService(deps: {
  db: Kysely<Database>;
  providers: PaymentProviders;
  now: () => Date;
  expiryMinutes: number;
  log: FastifyBaseLogger;
}): PaymentService {
  const { db, providers, now, log } = deps;

  function providerFor(payType: PayType) {
    const provider = providers.forPayType(payType);
    if (!provider) throw new AppError('PAY_TYPE_NOT_ALLOWED');
    return provider;
  }

  /** The one state transition for "money arrived", used by notifications and by queries. */
  async function applyPayment(providerId: string, event: Extract<VerifiedEvent, { kind: 'payment' }>, raw: string): Promise<PaymentOutcome> {
    return db.transaction().execute(async (trx) => {
      const seen = await trx.selectFrom('provider_events').select('id').where('provider', '=', providerId).where('event_id', '=', event.eventId).executeTakeFirst();
      if (seen) return 'DUPLICATE';
      const record = async (result: PaymentOutcome) => {
        await trx
          .insertInto('provider_events')
          .values({ provider: providerId, event_id: event.eventId, out_trade_no: event.outTradeNo, raw, verified: 1, result, created_at: now().toISOString() })
          .execute();
        return result;
      };
      const attempt = await orderRepository.findAttempt(trx, event.outTradeNo);
      if (!attempt || attempt.provider !== providerId) {
        log.warn({ provider: providerId, outTradeNo: event.outTradeNo }, 'payment for an unknown trade');
        return record('UNKNOWN_TRADE');
      }
      if (!Number.isInteger(event.amountFen) || event.amountFen !== attempt.amount_fen) {
        log.error({ outTradeNo: event.outTradeNo, expected: attempt.amount_fen, got: event.amountFen }, 'payment amount mismatch');
        return record('AMOUNT_MISMATCH');
      }
      const paidAt = event.paidAt.toISOString();
      const firstTime = await orderRepository.markAttemptPaid(trx, { id: attempt.id, providerTxnId: event.providerTxnId, paidAt });
      if (!firstTime) return record('DUPLICATE');
      const order = await orderRepository.findById(trx, attempt.order_id);
      if (!order) throw new AppError('INTERNAL', `attempt ${attempt.out_trade_no} has no order`);
      const nowIso = now().toISOString();
      const becamePaid = await orderRepository.markOrderPaid(trx, {
        id: order.id,
        payTime: paidAt,
        payType: attempt.pay_type,
        paySource: attempt.pay_source,
        processStatusName: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending],
        now: nowIso,
      });
      if (becamePaid) {
        await trx
          .insertInto('outbox')
          .values({ kind: 'sms.payment_succeeded', payload: JSON.stringify({ orderId: order.id, phone: order.entity_phone }), created_at: nowIso, processed_at: null, last_error: null })
          .execute();
        return record('APPLIED');
      }
      // The order was already paid (or closed) through another attempt: this money goes back in full.
      await trx
        .insertInto('outbox')
        .values({ kind: 'payment.refund_attempt', payload: JSON.stringify({ outTradeNo: attempt.out_trade_no, amountFen: attempt.amount_fen, reason: 'duplicate payment' }), created_at: nowIso, processed_at: null, last_error: null })
        .execute();
      log.warn({ outTradeNo: attempt.out_trade_no, orderId: order.id }, 'payment on an order already paid; full refund queued');
      return record('REFUND_QUEUED');
    });
  }

  async function closeQuietly(attempt: PaymentAttemptRow): Promise<void> {
    const provider = providers.byId(attempt.provider);
    if (!provider) return;
    try {
      const closed = await provider.closePayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
      // A close can race a payment: the provider then reports it paid, and the query path applies it.
      if (closed === 'ALREADY_PAID') await reconcileAttempt(attempt);
    } catch (error) {
      log.warn({ err: error, outTradeNo: attempt.out_trade_no }, 'closing a superseded attempt failed; the sweep will retry');
    }
  }

  async function reconcileAttempt(attempt: PaymentAttemptRow): Promise<void> {
    const provider = providers.byId(attempt.provider);
    if (!provider) return;
    const result = await provider.queryPayment({ outTradeNo: attempt.out_trade_no, payType: attempt.pay_type as PayType });
    if (result.state === 'PAID') {
      await applyPayment(
        provider.id,
        { kind: 'payment', eventId: `query:${result.providerTxnId}`, outTradeNo: attempt.out_trade_no, providerTxnId: result.providerTxnId, amountFen: result.amountFen, currency: 'CNY', paidAt: result.paidAt },
        JSON.stringify(result),
      );
    }
  }

  return {
    async startAttempt(input) {
      const provider = providerFor(input.payType);
      const created = now();
      const expiresAt = new Date(created.getTime() + deps.expiryMinutes * 60_000);
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
        });
        return { attempt: inserted, superseded: supersededAttempts };
      });
      for (const old of superseded) await closeQuietly(old);

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
        });
      } catch (error) {
        result = { ok: false, reason: 'PROVIDER_UNAVAILABLE', message: error instanceof Error ? error.message : String(error) };
      }
      if (!result.ok) {
        await orderRepository.setAttemptStatus(db, attempt.id, 'CLOSED');
        log.warn({ outTradeNo: attempt.out_trade_no, reason: result.reason, message: result.message }, 'payment creation failed');
        throw new AppError(result.reason === 'PROVIDER_UNAVAILABLE' ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'PAY_SOURCE_NOT_ALLOWED', result.message);
      }
      return result;
    },

    async handleNotification(providerId, raw) {
      const provider = providers.byId(providerId);
      if (!provider) throw new AppError('NOT_FOUND');
      const parsed = await provider.parseNotification(raw);
      if (!parsed.ok) {
        log.warn({ provider: providerId, reason: parsed.reason }, 'payment notification rejected');
        return provider.acknowledge(false);
      }
      if (parsed.event.kind === 'payment') {
        const outcome = await applyPayment(provider.id, parsed.event, raw.rawBody);
        log.info({ provider: providerId, outTradeNo: parsed.event.outTradeNo, outcome }, 'payment notification applied');
      } else {
        log.info({ provider: providerId, eventId: parsed.event.eventId, reason: parsed.event.reason }, 'payment notification ignored');
      }
      // Acknowledge only after the transaction committed: a failure above is a 5xx and the provider retries.
      return provider.acknowledge(true);
    },

    async reconcileOrder(order) {
      if (order.status !== '1') return;
      const pending = await orderRepository.listPendingAttempts(db, order.id);
      for (const attempt of pending) {
        try {
          await reconcileAttempt(attempt);
        } catch (error) {
          log.warn({ err: error, outTradeNo: attempt.out_trade_no }, 'payment query failed');
        }
      }
    },
  };
}
