import type { Kysely } from 'kysely';
import { SMS_TEMPLATES, isSmsTemplateId, maskPhone, type ConsolePage, type ConsoleSmsLogEntry, type ConsoleTimeWindow } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { ExportWindow } from '../../db/query-helpers.ts';
import { smsLogRepository, type SmsLogListRow } from './sms-log.repository.ts';

export type SmsLogListQuery = { page: number; page_size: number; q?: string | undefined; order_id?: number | undefined; status?: 'SENT' | 'FAILED' | undefined } & ConsoleTimeWindow & ExportWindow;

/** What was sent to whom (docs/product/overview.md#promises SMS notices): every attempt, with the text as sent, the phone masked. */
export interface SmsLog {
  listForOrder(orderId: number): Promise<ConsoleSmsLogEntry[]>;
  listForCustomer(input: { phone?: string | undefined; orderIds: readonly number[]; limit: number }): Promise<ConsoleSmsLogEntry[]>;
  list(query: SmsLogListQuery): Promise<ConsolePage<ConsoleSmsLogEntry>>;
}

const toEntry = (row: SmsLogListRow): ConsoleSmsLogEntry => ({
  ...row,
  out_trade_no: row.out_trade_no ?? '',
  phone: maskPhone(row.phone),
  template_title: isSmsTemplateId(row.template) ? SMS_TEMPLATES[row.template].title : row.template,
  status: row.status === 'SENT' ? 'SENT' : 'FAILED',
});

/** A deletion request's part in the SMS log (decision 045): see smsLogRepository.forget. */
export function forgetSmsLogPhone(db: Kysely<Database>, input: { phone?: string | undefined; orderIds?: readonly number[] | undefined }): Promise<number> {
  return smsLogRepository.forget(db, input);
}

export function createSmsLog(deps: { db: Kysely<Database> }): SmsLog {
  const { db } = deps;
  return {
    async listForOrder(orderId) {
      return (await smsLogRepository.listForOrder(db, orderId)).map(toEntry);
    },

    async listForCustomer(input) {
      return (await smsLogRepository.listForCustomer(db, input)).map(toEntry);
    },

    async list(query) {
      // The search box holds a phone number (11 digits) or an order number.
      const q = query.q?.replace(/\s+/g, '') ?? '';
      const phone = /^1\d{10}$/.test(q) ? q : undefined;
      const outTradeNo = !phone && q !== '' ? q.toUpperCase() : undefined;
      const { rows, total } = await smsLogRepository.list(db, { page: query.page, page_size: query.page_size, phone, outTradeNo, orderId: query.order_id, status: query.status, from: query.from, to: query.to, sort: query.sort, afterId: query.afterId, uncounted: query.uncounted });
      return { items: rows.map(toEntry), total, page: query.page, page_size: query.page_size };
    },
  };
}

/** The outbox worker's record of one sending attempt (SENT or FAILED). */
export function recordSmsAttempt(db: Kysely<Database>, row: Parameters<typeof smsLogRepository.insert>[1]): Promise<void> {
  return smsLogRepository.insert(db, row);
}

/** Whether a notice under this key (e.g. 'order_completed:42') was already sent: each is sent once. */
export function wasSmsSent(db: Kysely<Database>, dedupeKey: string): Promise<boolean> {
  return smsLogRepository.hasSent(db, dedupeKey);
}
