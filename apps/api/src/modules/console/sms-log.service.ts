import type { Kysely } from 'kysely';
import { SMS_TEMPLATES, isSmsTemplateId, maskPhone, type ConsolePage, type ConsoleSmsLogEntry } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { assertCan, pageWindow, type Actor } from './actor.ts';

export interface SmsLogReader {
  listForOrder(orderId: number): Promise<ConsoleSmsLogEntry[]>;
}

export interface SmsLogService extends SmsLogReader {
  list(actor: Actor, query: { page: number; page_size: number; q?: string | undefined; order_id?: number | undefined }): Promise<ConsolePage<ConsoleSmsLogEntry>>;
}

/** What was sent to whom (spec §1 SMS notices): every attempt, with the text as sent. */
export function createSmsLogService(deps: { db: Kysely<Database> }): SmsLogService {
  const { db } = deps;
  const base = () =>
    db
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
  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
  const toEntry = (row: Row): ConsoleSmsLogEntry => ({
    ...row,
    out_trade_no: row.out_trade_no ?? '',
    phone: maskPhone(row.phone),
    template_title: isSmsTemplateId(row.template) ? SMS_TEMPLATES[row.template].title : row.template,
    status: row.status === 'SENT' ? 'SENT' : 'FAILED',
  });

  return {
    async listForOrder(orderId) {
      const rows = await base().where('sms_log.order_id', '=', orderId).orderBy('sms_log.id').execute();
      return rows.map(toEntry);
    },

    async list(actor, query) {
      assertCan(actor, 'sms.view');
      let filtered = base();
      let counted = db.selectFrom('sms_log').leftJoin('orders', 'orders.id', 'sms_log.order_id').select((eb) => eb.fn.countAll<number>().as('n'));
      const q = query.q?.replace(/\s+/g, '') ?? '';
      if (/^1\d{10}$/.test(q)) {
        filtered = filtered.where('sms_log.phone', '=', q);
        counted = counted.where('sms_log.phone', '=', q);
      } else if (q !== '') {
        filtered = filtered.where('orders.out_trade_no', '=', q.toUpperCase());
        counted = counted.where('orders.out_trade_no', '=', q.toUpperCase());
      }
      if (query.order_id) {
        filtered = filtered.where('sms_log.order_id', '=', query.order_id);
        counted = counted.where('sms_log.order_id', '=', query.order_id);
      }
      const { limit, offset } = pageWindow(query.page, query.page_size);
      const [rows, count] = await Promise.all([filtered.orderBy('sms_log.id', 'desc').limit(limit).offset(offset).execute(), counted.executeTakeFirstOrThrow()]);
      return { items: rows.map(toEntry), total: Number(count.n), page: query.page, page_size: query.page_size };
    },
  };
}
