import type { Kysely, Transaction } from 'kysely';
import type { Database, NewOrder, NewPaymentAttempt, OrderRow, OrderUpdate, PaymentAttemptRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL for orders and their payment attempts; no rules here, the services own them. */
export const orderRepository = {
  findByPublicId(db: Db, publicId: string): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A paid order of this company for this goods since a moment (the "already filed" check). */
  findPaidSince(db: Db, input: { entityId: string; goodsId: number; since: string }): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('entity_id', '=', input.entityId)
      .where('goods_id', '=', input.goodsId)
      .where('status', '=', '2')
      .where('create_time', '>=', input.since)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The visitor's recent unpaid order for the same company, person and phone: switching method reuses it. */
  findReusableUnpaid(db: Db, input: { deviceId: string; goodsId: number; entityId: string; idnoHash: string; phone: string; since: string }): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('device_id', '=', input.deviceId)
      .where('goods_id', '=', input.goodsId)
      .where('entity_id', '=', input.entityId)
      .where('entity_idno_hash', '=', input.idnoHash)
      .where('entity_phone', '=', input.phone)
      .where('status', '=', '1')
      .where('create_time', '>=', input.since)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async insertOrder(db: Db, order: NewOrder): Promise<OrderRow> {
    return db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  },

  async updateOrder(db: Db, id: number, changes: OrderUpdate): Promise<void> {
    await db.updateTable('orders').set(changes).where('id', '=', id).execute();
  },

  /** Marks an unpaid order paid; false when another path got there first. */
  async markOrderPaid(db: Db, input: { id: number; payTime: string; payType: string; paySource: string; processStatusName: string; now: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: '2',
        pay_time: input.payTime,
        pay_type: input.payType,
        pay_source: input.paySource,
        process_status: '1',
        process_status_name: input.processStatusName,
        update_time: input.now,
      })
      .where('id', '=', input.id)
      .where('status', '=', '1')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Paid (or since refunded) orders for a phone, newest first: what the progress lookup shows. */
  listPaidByPhone(db: Db, phone: string, limit: number): Promise<OrderRow[]> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('entity_phone', '=', phone)
      .where('status', 'in', ['2', '4'])
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Stores the annual declaration while the order is paid and still waiting to be handled. */
  async updateEntityExtra(db: Db, input: { id: number; entityExtra: string; now: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ entity_extra: input.entityExtra, update_time: input.now })
      .where('id', '=', input.id)
      .where('status', '=', '2')
      .where('process_status', '=', '1')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  listFiles(db: Db, orderId: number): Promise<Array<{ url: string }>> {
    return db.selectFrom('order_files').select('url').where('order_id', '=', orderId).orderBy('id').execute();
  },

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
    const pending = await orderRepository.listPendingAttempts(db, orderId);
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
};
