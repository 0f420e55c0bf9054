import type { Kysely, Transaction } from 'kysely';
import { enqueueOutbox } from '../../db/outbox.ts';
import type { Database, NewPaymentAttempt, NewRefund, OutboxRow, PaymentAttemptRow, ProviderEventRow, RefundRow, RefundStatus } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL for payment attempts, provider events, refunds and the refund outbox; the service owns the rules. */
export const paymentRepository = {
  countAttempts(db: Db, orderId: number): Promise<number> {
    return db
      .selectFrom('payment_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  insertAttempt(db: Db, attempt: NewPaymentAttempt): Promise<PaymentAttemptRow> {
    return db.insertInto('payment_attempts').values(attempt).returningAll().executeTakeFirstOrThrow();
  },

  findAttempt(db: Db, outTradeNo: string): Promise<PaymentAttemptRow | undefined> {
    return db.selectFrom('payment_attempts').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
  },

  listPendingAttempts(db: Db, orderId: number): Promise<PaymentAttemptRow[]> {
    return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).where('status', '=', 'PENDING').orderBy('id').execute();
  },

  /** Supersedes every pending attempt of an order; returns those it superseded. */
  async supersedePendingAttempts(db: Db, orderId: number): Promise<PaymentAttemptRow[]> {
    const pending = await paymentRepository.listPendingAttempts(db, orderId);
    if (pending.length > 0) {
      await db.updateTable('payment_attempts').set({ status: 'SUPERSEDED' }).where('order_id', '=', orderId).where('status', '=', 'PENDING').execute();
    }
    return pending;
  },

  async setAttemptStatus(db: Db, id: number, status: PaymentAttemptRow['status']): Promise<void> {
    await db.updateTable('payment_attempts').set({ status }).where('id', '=', id).execute();
  },

  /** Marks an attempt paid unless it already is; false on a repeat. */
  async markAttemptPaid(db: Db, input: { id: number; providerTxnId: string; paidAt: string }): Promise<boolean> {
    const result = await db
      .updateTable('payment_attempts')
      .set({ status: 'PAID', provider_txn_id: input.providerTxnId, paid_at: input.paidAt })
      .where('id', '=', input.id)
      .where('status', '!=', 'PAID')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Records a provider event under its unique (provider, event_id). Returns false when that event
   * was already recorded: concurrent duplicates wait on the unique index and then see the first.
   */
  async recordEvent(db: Db, event: { provider: string; eventId: string; outTradeNo: string | null; raw: string; result: string; at: string }): Promise<boolean> {
    const inserted = await db
      .insertInto('provider_events')
      .values({ provider: event.provider, event_id: event.eventId, out_trade_no: event.outTradeNo, raw: event.raw, verified: 1, result: event.result, created_at: event.at })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  async setEventResult(db: Db, provider: string, eventId: string, result: string): Promise<void> {
    await db.updateTable('provider_events').set({ result }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
  },

  listAttempts(db: Db, orderId: number): Promise<PaymentAttemptRow[]> {
    return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  },

  listEventsOfOrder(db: Db, orderId: number): Promise<ProviderEventRow[]> {
    return db
      .selectFrom('provider_events')
      .selectAll()
      .where('out_trade_no', 'in', db.selectFrom('payment_attempts').select('out_trade_no').where('order_id', '=', orderId))
      .orderBy('id')
      .execute();
  },

  listRefunds(db: Db, orderId: number): Promise<RefundRow[]> {
    return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  },

  /** The attempt whose payment paid the order; before migration 005 set the flag, the first paid one. */
  async findSettlingAttempt(db: Db, orderId: number): Promise<PaymentAttemptRow | undefined> {
    const flagged = await db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).where('settles_order', '=', 1).executeTakeFirst();
    if (flagged) return flagged;
    return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).where('status', '=', 'PAID').orderBy('paid_at').orderBy('id').executeTakeFirst();
  },

  async markSettling(db: Db, attemptId: number): Promise<void> {
    await db.updateTable('payment_attempts').set({ settles_order: 1 }).where('id', '=', attemptId).execute();
  },

  /** After the order got paid, its other pending attempts are superseded; the sweep closes them at the provider. */
  async supersedeOtherPending(db: Db, orderId: number, keepId: number, at: string): Promise<number> {
    const result = await db
      .updateTable('payment_attempts')
      .set({ status: 'SUPERSEDED', next_query_at: at })
      .where('order_id', '=', orderId)
      .where('id', '!=', keepId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Attempts the sweep should look at now: pending ones due for a query or past expiry, and superseded ones not yet closed. */
  listDueAttempts(db: Db, now: string, limit: number): Promise<PaymentAttemptRow[]> {
    return db
      .selectFrom('payment_attempts')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'PENDING'), eb.or([eb('next_query_at', 'is', null), eb('next_query_at', '<=', now), eb('expires_at', '<=', now)])]),
          eb.and([eb('status', '=', 'SUPERSEDED'), eb('closed_at', 'is', null), eb.or([eb('next_query_at', 'is', null), eb('next_query_at', '<=', now)])]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  async scheduleAttempt(db: Db, id: number, fromStatus: PaymentAttemptRow['status'], nextQueryAt: string | null): Promise<void> {
    await db
      .updateTable('payment_attempts')
      .set((eb) => ({ next_query_at: nextQueryAt, query_count: eb('query_count', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .execute();
  },

  /** Records a confirmed close; conditional, so a payment applied meanwhile is never overwritten. */
  async markAttemptClosed(db: Db, id: number, fromStatus: PaymentAttemptRow['status'], toStatus: PaymentAttemptRow['status'], at: string): Promise<boolean> {
    const result = await db
      .updateTable('payment_attempts')
      .set({ status: toStatus, closed_at: at, next_query_at: null })
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  findRefundByNumber(db: Db, outRefundNo: string): Promise<RefundRow | undefined> {
    return db.selectFrom('refunds').selectAll().where('out_refund_no', '=', outRefundNo).executeTakeFirst();
  },

  findRefundById(db: Db, id: number): Promise<RefundRow | undefined> {
    return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Inserts a refund unless its (deterministic) number exists; returns the row either way. */
  async ensureRefund(db: Db, refund: NewRefund): Promise<RefundRow> {
    await db.insertInto('refunds').values(refund).onConflict((oc) => oc.column('out_refund_no').doNothing()).execute();
    return (await paymentRepository.findRefundByNumber(db, refund.out_refund_no))!;
  },

  /** Moves a refund on, only from the status the caller saw. */
  async moveRefund(
    db: Db,
    input: { id: number; from: RefundStatus; to: RefundStatus; providerRefundId: string | null; succeededAt: string | null; nextQueryAt: string | null; at: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('refunds')
      .set((eb) => ({
        status: input.to,
        provider_refund_id: input.providerRefundId === null ? eb.ref('provider_refund_id') : eb.val(input.providerRefundId),
        succeeded_at: input.succeededAt,
        next_query_at: input.nextQueryAt,
        last_error: null,
        updated_at: input.at,
      }))
      .where('id', '=', input.id)
      .where('status', '=', input.from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async noteRefundTry(db: Db, id: number, input: { lastError: string | null; nextQueryAt: string | null; at: string }): Promise<void> {
    await db
      .updateTable('refunds')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: input.lastError, next_query_at: input.nextQueryAt, updated_at: input.at }))
      .where('id', '=', id)
      .execute();
  },

  listDueRefunds(db: Db, now: string, limit: number): Promise<RefundRow[]> {
    return db
      .selectFrom('refunds')
      .selectAll()
      .where('status', 'in', ['REQUESTED', 'PROCESSING'])
      .where('next_query_at', 'is not', null)
      .where('next_query_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  listPendingOutbox(db: Db, kind: string, limit: number): Promise<OutboxRow[]> {
    return db.selectFrom('outbox').selectAll().where('kind', '=', kind).where('processed_at', 'is', null).orderBy('id').limit(limit).execute();
  },

  async markOutboxProcessed(db: Db, id: number, at: string, lastError: string | null): Promise<boolean> {
    const result = await db
      .updateTable('outbox')
      .set((eb) => ({ processed_at: at, last_error: lastError, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('processed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  insertOutbox(db: Db, kind: string, payload: unknown, at: string): Promise<void> {
    return enqueueOutbox(db, kind, payload, at);
  },
};
