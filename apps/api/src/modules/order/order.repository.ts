import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUS, ORDER_STATUSES_AFTER_PAYMENT, PARTIALLY_REFUNDED_PROCESS_STATUS_NAME, PROCESS_STATUS, PROCESS_STATUS_NAMES, REFUNDED_PROCESS_STATUS_NAME, RETENTION_CLOSED, RETENTION_UNPAID_STATUS, type ProcessStatus } from '@kuaibao/domain';
import type { Database, NewOrder, NewOrderAuthorization, OrderAuthorizationRow, OrderRow, OrderUpdate } from '../../db/schema.ts';
import { orderHandlingRepository } from './order-handling.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The domain's "closed for retention" (retention.ts isClosedForRetention) in SQL. */
function closedForRetention(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.or([eb('status', 'in', [...RETENTION_CLOSED.statuses]), eb.and([eb('status', '=', ORDER_STATUS.paid), eb('process_status', 'in', [...RETENTION_CLOSED.paidProcessStatuses])])]);
}

/** The domain's "closed for a deletion request" (deletion-request.ts isClosedForDeletion) in SQL: unpaid, or closed for retention. */
function closedForDeletion(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.or([eb('status', '=', ORDER_STATUS.unpaid), closedForRetention(eb)]);
}

/**
 * The one writer of the `orders` table: every insert and update of an order is here. Each status
 * write is conditional on the status it moves from (the domain's tables in lifecycle/order.ts say
 * which moves exist), so two paths racing cannot both win. No rules here; the services own them.
 */
export const orderRepository = {
  findByPublicId(db: Db, publicId: string): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  },

  findById(db: Db, id: number): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** What an SMS notice says about an order. */
  findForNotice(db: Db, id: number): Promise<Pick<OrderRow, 'id' | 'goods_name' | 'total_fee' | 'out_trade_no' | 'entity_name' | 'entity_phone'> | undefined> {
    return db.selectFrom('orders').select(['id', 'goods_name', 'total_fee', 'out_trade_no', 'entity_name', 'entity_phone']).where('id', '=', id).executeTakeFirst();
  },

  /** A paid order of this company for this goods since a moment (the "already filed" check). */
  findPaidSince(db: Db, input: { entityId: string; goodsId: number; since: string }): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('entity_id', '=', input.entityId)
      .where('goods_id', '=', input.goodsId)
      .where('status', '=', ORDER_STATUS.paid)
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
      .where('status', '=', ORDER_STATUS.unpaid)
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

  /** The order's confirmed authorisation (decision 035); a recreation replaces it with the latest confirmation. */
  async saveAuthorization(db: Db, row: NewOrderAuthorization): Promise<void> {
    const { order_id: _orderId, ...changes } = row;
    await db
      .insertInto('order_authorizations')
      .values(row)
      .onConflict((oc) => oc.column('order_id').doUpdateSet(changes))
      .execute();
  },

  findAuthorization(db: Db, orderId: number): Promise<OrderAuthorizationRow | undefined> {
    return db.selectFrom('order_authorizations').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  },

  /** Marks an unpaid order paid, its handling pending; false when another path got there first. */
  async markOrderPaid(db: Db, input: { id: number; payTime: string; payType: string; paySource: string; now: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.paid,
        pay_time: input.payTime,
        pay_type: input.payType,
        pay_source: input.paySource,
        process_status: PROCESS_STATUS.pending,
        process_status_name: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending],
        update_time: input.now,
      })
      .where('id', '=', input.id)
      .where('status', '=', ORDER_STATUS.unpaid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Paid (or since refunded) orders for a phone, newest first: what the progress lookup shows. */
  listPaidByPhone(db: Db, phone: string, limit: number): Promise<OrderRow[]> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('entity_phone', '=', phone)
      .where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT)
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
      .where('status', '=', ORDER_STATUS.paid)
      .where('process_status', '=', PROCESS_STATUS.pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * The annual-report figures a clerk recorded from the customer's call (decision 062): on a paid
   * order whatever its handling status (the customer's own form closes once handling starts).
   */
  async setDeclarationFromStaff(db: Db, input: { id: number; entityExtra: string; now: string }): Promise<boolean> {
    const result = await db.updateTable('orders').set({ entity_extra: input.entityExtra, update_time: input.now }).where('id', '=', input.id).where('status', '=', ORDER_STATUS.paid).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Paid → refunded, with the handling ended, when the order's own refund succeeded; false when it was not paid. */
  /** The order's own refund succeeded: refunded (in part or in full, decision 057), with what went back and, when partial, why. */
  async markOrderRefunded(db: Db, input: { id: number; now: string; refundedFen: number; partial: boolean; refundReason: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.refunded,
        process_status: PROCESS_STATUS.ended,
        process_status_name: input.partial ? PARTIALLY_REFUNDED_PROCESS_STATUS_NAME : REFUNDED_PROCESS_STATUS_NAME,
        refunded_fen: input.refundedFen,
        refund_reason: input.refundReason,
        update_time: input.now,
      })
      .where('id', '=', input.id)
      .where('status', '=', ORDER_STATUS.paid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Sets the order's handler, conditional on the handler seen before: two staff taking at once cannot both win. */
  async setHandler(db: Db, input: { id: number; expectedAdminId: number | null; adminId: number; adminName: string; now: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ admin_id: input.adminId, admin_name: input.adminName, update_time: input.now })
      .where('id', '=', input.id)
      .where((eb) => (input.expectedAdminId === null ? eb('admin_id', 'is', null) : eb('admin_id', '=', input.expectedAdminId)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Marks the order's first call (decision 044); a later call leaves it as it is. True when this call was the first. */
  async markFirstCall(db: Db, input: { id: number; at: string }): Promise<boolean> {
    const result = await db.updateTable('orders').set({ first_call_time: input.at }).where('id', '=', input.id).where('first_call_time', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Moves a paid order's handling status, conditional on the status seen before; false when it changed meanwhile. */
  /** The move, conditional on the status seen; customerRequest replaces the open request (decision 043) when given. */
  async moveProcessStatus(db: Db, input: { id: number; from: ProcessStatus; to: ProcessStatus; name: string; now: string; customerRequest?: string }): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ process_status: input.to, process_status_name: input.name, update_time: input.now, ...(input.customerRequest !== undefined ? { customer_request: input.customerRequest } : {}) })
      .where('id', '=', input.id)
      .where('process_status', '=', input.from)
      .where('status', '=', ORDER_STATUS.paid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Paid (and since refunded) orders of a logged-in visitor, newest first. */
  listPaidOfUser(db: Db, input: { userId: number; goodsType: string | undefined; limit: number }): Promise<OrderRow[]> {
    let query = db.selectFrom('orders').selectAll().where('user_id', '=', input.userId).where('status', 'in', ORDER_STATUSES_AFTER_PAYMENT);
    if (input.goodsType) query = query.where('goods_type', '=', input.goodsType);
    return query.orderBy('id', 'desc').limit(input.limit).execute();
  },

  /** Who owns an order; undefined when there is no such order. */
  findOwner(db: Db, publicId: string): Promise<{ user_id: number | null } | undefined> {
    return db.selectFrom('orders').select('user_id').where('public_id', '=', publicId).executeTakeFirst();
  },

  /** A visitor's latest order for this goods and company, paid or not. */
  findLatestOfUserForCompany(db: Db, input: { userId: number; goodsId: number; entityId: string }): Promise<OrderRow | undefined> {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', input.userId)
      .where('goods_id', '=', input.goodsId)
      .where('entity_id', '=', input.entityId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  listFiles(db: Db, orderId: number): Promise<Array<{ url: string }>> {
    return db.selectFrom('order_files').select('url').where('order_id', '=', orderId).orderBy('id').execute();
  },

  /** Every order placed with this phone whose contact was not removed yet (a deletion request covers them all). */
  listForDeletion(db: Db, phone: string): Promise<Array<Pick<OrderRow, 'id' | 'out_trade_no'>>> {
    return db.selectFrom('orders').select(['id', 'out_trade_no']).where('entity_phone', '=', phone).where('contact_purged_at', 'is', null).orderBy('id').execute();
  },

  /**
   * A deletion request (decision 037): removes the phone, the legal representative's name and the ID
   * number (ciphertext and hash) of those of `ids` that are closed for deletion, stamps both
   * markers, and returns the ids it changed. Orders still being handled are left for a later round.
   */
  async purgeForDeletion(db: Db, input: { ids: readonly number[]; at: string }): Promise<number[]> {
    if (input.ids.length === 0) return [];
    const closed = await db.selectFrom('orders').select('id').where('id', 'in', [...input.ids]).where(closedForDeletion).execute();
    if (closed.length === 0) return [];
    const ids = closed.map((row) => row.id);
    await db
      .updateTable('orders')
      .set({
        entity_phone: '',
        entity_legal: '',
        entity_idno_enc: null,
        entity_idno_hash: null,
        // What the clerk asked the customer for (decision 043) may quote their details.
        customer_request: null,
        contact_purged_at: sql<string>`COALESCE(contact_purged_at, ${input.at})`,
        idno_purged_at: sql<string>`COALESCE(idno_purged_at, ${input.at})`,
      })
      .where('id', 'in', ids)
      .where(closedForDeletion)
      .execute();
    await deleteUnpaidAuthorizations(db, ids);
    await orderHandlingRepository.blankCustomerRequestNotes(db, ids);
    return ids;
  },

  /**
   * Retention (decision 031): removes the ID number of up to `limit` closed orders (refunded, or
   * paid and completed or ended) last changed before `before`, and stamps `idno_purged_at`. The
   * update repeats every condition, so an order that moved back into handling between the pick and
   * the write is left alone, and a second instance running the same batch changes nothing.
   */
  async purgeClosedIdNumbers(db: Db, input: { before: string; at: string; limit: number }): Promise<number> {
    const picked = await db.selectFrom('orders').select('id').where('idno_purged_at', 'is', null).where('update_time', '<', input.before).where(closedForRetention).orderBy('update_time').limit(input.limit).execute();
    if (picked.length === 0) return 0;
    const purged = await db
      .updateTable('orders')
      .set({ entity_idno_enc: null, entity_idno_hash: null, customer_request: null, idno_purged_at: input.at })
      .where('id', 'in', picked.map((row) => row.id))
      .where('idno_purged_at', 'is', null)
      .where('update_time', '<', input.before)
      .where(closedForRetention)
      .returning('id')
      .execute();
    await orderHandlingRepository.blankCustomerRequestNotes(
      db,
      purged.map((row) => row.id),
    );
    return purged.length;
  },

  /**
   * Retention (decision 031): removes the phone, the legal representative's name and the ID number
   * of up to `limit` unpaid orders last changed before `before`, and stamps both markers. An order
   * paid between the pick and the write is left alone (the update repeats `status = unpaid`).
   */
  async purgeUnpaidContacts(db: Db, input: { before: string; at: string; limit: number }): Promise<number> {
    const picked = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', RETENTION_UNPAID_STATUS)
      .where('contact_purged_at', 'is', null)
      .where('update_time', '<', input.before)
      .orderBy('update_time')
      .limit(input.limit)
      .execute();
    if (picked.length === 0) return 0;
    const result = await db
      .updateTable('orders')
      .set({
        entity_phone: '',
        entity_legal: '',
        entity_idno_enc: null,
        entity_idno_hash: null,
        contact_purged_at: input.at,
        idno_purged_at: sql<string>`COALESCE(idno_purged_at, ${input.at})`,
      })
      .where('id', 'in', picked.map((row) => row.id))
      .where('status', '=', RETENTION_UNPAID_STATUS)
      .where('contact_purged_at', 'is', null)
      .where('update_time', '<', input.before)
      .executeTakeFirst();
    await deleteUnpaidAuthorizations(db, picked.map((row) => row.id));
    return Number(result.numUpdatedRows);
  },
};

/**
 * The 授权委托书 (decision 035) of unpaid orders among `ids` whose contact is purged: it holds the
 * legal representative's name and the visitor's address, and never became a mandate, so it goes with
 * them. A paid order's authorisation stays: it is the agent's record of the mandate it acted on
 * (docs/decisions/037-visitor-deletion-request.md).
 */
async function deleteUnpaidAuthorizations(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('order_authorizations')
    .where('order_id', 'in', (qb) => qb.selectFrom('orders').select('id').where('id', 'in', [...ids]).where('status', '=', RETENTION_UNPAID_STATUS).where('contact_purged_at', 'is not', null))
    .execute();
}
