import { sql, type Kysely, type Transaction } from 'kysely';
import { DELETION_CODE_MAX_ATTEMPTS, DELETION_STATUS } from '@kuaibao/domain';
import type { Database, DeletionRequestsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;
export type DeletionRequestRow = Selectable<DeletionRequestsTable>;

/** SQL for the visitor's deletion requests and the orders each covers (migration 020). */
export const deletionRepository = {
  /** Codes sent to a phone since `since`, and the last one's time. */
  async codesSentSince(db: Db, phoneHash: string, since: string): Promise<{ sent: number; last: string | null }> {
    const row = await db
      .selectFrom('deletion_requests')
      .select([sql<number>`COALESCE(SUM(codes_sent), 0)`.as('sent'), sql<string | null>`MAX(last_code_at)`.as('last')])
      .where('phone_hash', '=', phoneHash)
      .where('last_code_at', '>=', since)
      .executeTakeFirst();
    return { sent: Number(row?.sent ?? 0), last: row?.last ?? null };
  },

  /** The phone's latest request still waiting for its code, or locked by wrong codes. */
  findOpen(db: Db, phoneHash: string): Promise<DeletionRequestRow | undefined> {
    return db
      .selectFrom('deletion_requests')
      .selectAll()
      .where('phone_hash', '=', phoneHash)
      .where('status', 'in', [DELETION_STATUS.codeSent, DELETION_STATUS.locked])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async insertWithCode(db: Db, row: { phoneHash: string; phoneMasked: string; codeHash: string; expiresAt: string; at: string }): Promise<void> {
    await db
      .insertInto('deletion_requests')
      .values({ phone_hash: row.phoneHash, phone_masked: row.phoneMasked, status: DELETION_STATUS.codeSent, code_hash: row.codeHash, code_expires_at: row.expiresAt, codes_sent: 1, last_code_at: row.at, created_at: row.at })
      .execute();
  },

  /** A new code for an open request: attempts start again, the request is no longer locked. */
  async replaceCode(db: Db, id: number, row: { codeHash: string; expiresAt: string; at: string }): Promise<void> {
    await db
      .updateTable('deletion_requests')
      .set({ status: DELETION_STATUS.codeSent, code_hash: row.codeHash, code_expires_at: row.expiresAt, code_attempts: 0, codes_sent: sql<number>`codes_sent + 1`, last_code_at: row.at })
      .where('id', '=', id)
      .execute();
  },

  /** Counts one wrong code; the request locks at the limit. Conditional, so concurrent guesses cannot pass it. */
  async countWrongCode(db: Db, id: number): Promise<void> {
    await db
      .updateTable('deletion_requests')
      .set({
        code_attempts: sql<number>`code_attempts + 1`,
        status: sql<string>`CASE WHEN code_attempts + 1 >= ${DELETION_CODE_MAX_ATTEMPTS} THEN ${DELETION_STATUS.locked} ELSE status END`,
      })
      .where('id', '=', id)
      .where('status', '=', DELETION_STATUS.codeSent)
      .execute();
  },

  async lock(db: Db, id: number): Promise<void> {
    await db.updateTable('deletion_requests').set({ status: DELETION_STATUS.locked, code_hash: null }).where('id', '=', id).execute();
  },

  /** Marks the request confirmed, once: false when another confirmation got there first. */
  async confirm(db: Db, id: number, input: { at: string; status: string }): Promise<boolean> {
    const result = await db
      .updateTable('deletion_requests')
      .set({ status: input.status, code_hash: null, code_expires_at: null, phone_hash: null, confirmed_at: input.at, completed_at: input.status === DELETION_STATUS.completed ? input.at : null })
      .where('id', '=', id)
      .where('status', '=', DELETION_STATUS.codeSent)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async insertOrders(db: Db, requestId: number, orders: ReadonlyArray<{ id: number; out_trade_no: string; purgedAt: string | null }>): Promise<void> {
    if (orders.length === 0) return;
    await db
      .insertInto('deletion_request_orders')
      .values(orders.map((order) => ({ request_id: requestId, order_id: order.id, out_trade_no: order.out_trade_no, purged_at: order.purgedAt })))
      .execute();
  },

  /** Orders of confirmed requests still waiting to close, oldest first. */
  listWaitingOrders(db: Db, limit: number): Promise<Array<{ request_id: number; order_id: number }>> {
    return db.selectFrom('deletion_request_orders').select(['request_id', 'order_id']).where('purged_at', 'is', null).orderBy('order_id').limit(limit).execute();
  },

  async markOrdersPurged(db: Db, orderIds: readonly number[], at: string): Promise<void> {
    if (orderIds.length === 0) return;
    await db.updateTable('deletion_request_orders').set({ purged_at: at }).where('order_id', 'in', [...orderIds]).where('purged_at', 'is', null).execute();
  },

  /** Waiting requests none of whose orders is left: completed at `at`. */
  async completeFinished(db: Db, requestIds: readonly number[], at: string): Promise<number> {
    if (requestIds.length === 0) return 0;
    const result = await db
      .updateTable('deletion_requests')
      .set({ status: DELETION_STATUS.completed, completed_at: at })
      .where('id', 'in', [...requestIds])
      .where('status', '=', DELETION_STATUS.waiting)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('deletion_request_orders').select('order_id').whereRef('deletion_request_orders.request_id', '=', 'deletion_requests.id').where('purged_at', 'is', null))))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  list(db: Db, input: { limit: number; offset: number }): Promise<DeletionRequestRow[]> {
    return db.selectFrom('deletion_requests').selectAll().orderBy('id', 'desc').limit(input.limit).offset(input.offset).execute();
  },

  async count(db: Db): Promise<number> {
    const row = await db.selectFrom('deletion_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** The confirmed requests that cover one order, oldest first. */
  listForOrder(db: Db, orderId: number): Promise<Array<{ id: number; status: string; confirmed_at: string | null; purged_at: string | null }>> {
    return db
      .selectFrom('deletion_request_orders')
      .innerJoin('deletion_requests', 'deletion_requests.id', 'deletion_request_orders.request_id')
      .select(['deletion_requests.id as id', 'deletion_requests.status as status', 'deletion_requests.confirmed_at as confirmed_at', 'deletion_request_orders.purged_at as purged_at'])
      .where('deletion_request_orders.order_id', '=', orderId)
      .orderBy('deletion_requests.id')
      .execute();
  },

  listOrdersOf(db: Db, requestIds: readonly number[]): Promise<Array<{ request_id: number; out_trade_no: string; purged_at: string | null }>> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('deletion_request_orders').select(['request_id', 'out_trade_no', 'purged_at']).where('request_id', 'in', [...requestIds]).orderBy('order_id').execute();
  },
};
