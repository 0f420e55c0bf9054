import { sql } from 'kysely';
import { PURGED_TEXT, type ConsoleTimeWindow } from '@kuaibao/domain';
import type { Db } from '../../db/query-helpers.ts';
import { timeListPage, whereWithinDays, type ExportWindow } from '../../db/query-helpers.ts';

/** The SMS log with the order each row is about. */
function joined(db: Db) {
  return db.selectFrom('sms_log').leftJoin('orders', 'orders.id', 'sms_log.order_id');
}

/** A row's columns, the order number beside them. */
function withColumns(from: ReturnType<typeof joined>) {
  return from.select([
    'sms_log.id',
    'sms_log.order_id',
    'sms_log.phone',
    'sms_log.template',
    'sms_log.content',
    'sms_log.provider',
    'sms_log.status',
    'sms_log.provider_message_id',
    'sms_log.error',
    'sms_log.created_at',
    'orders.out_trade_no',
  ]);
}

/** The SMS log rows with the order number beside each. */
function base(db: Db) {
  return withColumns(joined(db));
}

export type SmsLogListRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

export interface SmsLogQuery extends ConsoleTimeWindow, ExportWindow {
  page: number;
  page_size: number;
  phone?: string | undefined;
  outTradeNo?: string | undefined;
  orderId?: number | undefined;
  status?: 'SENT' | 'FAILED' | undefined;
}

/** The SMS log list's filters, once for its rows and its total. */
function filteredSmsLog(db: Db, query: SmsLogQuery) {
  let filtered = joined(db);
  if (query.phone) filtered = filtered.where('sms_log.phone', '=', query.phone);
  else if (query.outTradeNo) filtered = filtered.where('orders.out_trade_no', '=', query.outTradeNo);
  if (query.orderId) filtered = filtered.where('sms_log.order_id', '=', query.orderId);
  if (query.status) filtered = filtered.where('sms_log.status', '=', query.status);
  return whereWithinDays(filtered, query, (q, op, at) => q.where('sms_log.created_at', op, at));
}

/** SQL for the SMS log: the outbox worker (jobs/sms-outbox.ts) records every attempt; staff read it. */
export const smsLogRepository = {
  /**
   * A deletion request (decision 045): the rows sent to this phone, or about these orders, keep the
   * phone masked (as the console always showed it) and lose their text, which may quote the
   * customer. Masking an already masked phone leaves it as it is. Returns how many rows changed.
   */
  async forget(db: Db, input: { phone?: string | undefined; orderIds?: readonly number[] | undefined }): Promise<number> {
    const orderIds = input.orderIds ?? [];
    if (!input.phone && orderIds.length === 0) return 0;
    const result = await db
      .updateTable('sms_log')
      .set({ phone: sql<string>`substr(phone, 1, 3) || '****' || substr(phone, 8)`, content: PURGED_TEXT })
      .where((eb) => eb.or([...(input.phone ? [eb('phone', '=', input.phone)] : []), ...(orderIds.length > 0 ? [eb('order_id', 'in', [...orderIds])] : [])]))
      .where('content', '<>', PURGED_TEXT)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async insert(db: Db, row: { outboxId: number; dedupeKey: string; orderId: number | null; phone: string; template: string; content: string; provider: string; status: 'SENT' | 'FAILED'; providerMessageId: string; error: string; at: string }): Promise<void> {
    await db
      .insertInto('sms_log')
      .values({
        outbox_id: row.outboxId,
        dedupe_key: row.dedupeKey,
        order_id: row.orderId,
        phone: row.phone,
        template: row.template,
        content: row.content,
        provider: row.provider,
        status: row.status,
        provider_message_id: row.providerMessageId,
        error: row.error,
        created_at: row.at,
      })
      .execute();
  },

  async hasSent(db: Db, dedupeKey: string): Promise<boolean> {
    return (await db.selectFrom('sms_log').select('id').where('dedupe_key', '=', dedupeKey).where('status', '=', 'SENT').executeTakeFirst()) !== undefined;
  },

  /** A customer's SMS: to the phone, or about any of the orders; newest first. */
  listForCustomer(db: Db, input: { phone?: string | undefined; orderIds: readonly number[]; limit: number }): Promise<SmsLogListRow[]> {
    const { phone, orderIds } = input;
    if (!phone && orderIds.length === 0) return Promise.resolve([]);
    return base(db)
      .where((eb) => eb.or([...(phone ? [eb('sms_log.phone', '=', phone)] : []), ...(orderIds.length > 0 ? [eb('sms_log.order_id', 'in', orderIds)] : [])]))
      .orderBy('sms_log.id', 'desc')
      .limit(input.limit)
      .execute();
  },

  listForOrder(db: Db, orderId: number): Promise<SmsLogListRow[]> {
    return base(db).where('sms_log.order_id', '=', orderId).orderBy('sms_log.id').execute();
  },

  /** A page, by exact phone number or exact order number, or by order id. */
  list(db: Db, query: SmsLogQuery): Promise<{ rows: SmsLogListRow[]; total: number }> {
    return timeListPage(filteredSmsLog(db, query), query, 'sms_log.id', withColumns);
  },
};
