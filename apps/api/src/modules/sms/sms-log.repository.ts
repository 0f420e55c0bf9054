import type { Db } from '../../db/query-helpers.ts';
import { pageWindow } from '../../db/query-helpers.ts';

/** Reads of the SMS log (the outbox worker in jobs/sms-outbox.ts writes it), with the order number beside each row. */
function base(db: Db) {
  return db
    .selectFrom('sms_log')
    .leftJoin('orders', 'orders.id', 'sms_log.order_id')
    .select([
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

export type SmsLogListRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

export const smsLogRepository = {
  listForOrder(db: Db, orderId: number): Promise<SmsLogListRow[]> {
    return base(db).where('sms_log.order_id', '=', orderId).orderBy('sms_log.id').execute();
  },

  /** A page, by exact phone number or exact order number, or by order id. */
  async list(db: Db, query: { page: number; page_size: number; phone?: string | undefined; outTradeNo?: string | undefined; orderId?: number | undefined }): Promise<{ rows: SmsLogListRow[]; total: number }> {
    let filtered = base(db);
    let counted = db.selectFrom('sms_log').leftJoin('orders', 'orders.id', 'sms_log.order_id').select((eb) => eb.fn.countAll<number>().as('n'));
    if (query.phone) {
      filtered = filtered.where('sms_log.phone', '=', query.phone);
      counted = counted.where('sms_log.phone', '=', query.phone);
    } else if (query.outTradeNo) {
      filtered = filtered.where('orders.out_trade_no', '=', query.outTradeNo);
      counted = counted.where('orders.out_trade_no', '=', query.outTradeNo);
    }
    if (query.orderId) {
      filtered = filtered.where('sms_log.order_id', '=', query.orderId);
      counted = counted.where('sms_log.order_id', '=', query.orderId);
    }
    const { limit, offset } = pageWindow(query.page, query.page_size);
    const [rows, count] = await Promise.all([filtered.orderBy('sms_log.id', 'desc').limit(limit).offset(offset).execute(), counted.executeTakeFirstOrThrow()]);
    return { rows, total: Number(count.n) };
  },
};
