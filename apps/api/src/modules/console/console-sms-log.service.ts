import type { Kysely } from 'kysely';
import type { ConsolePage, ConsoleSmsLogEntry } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import { createSmsLog, type SmsLogListQuery } from '../sms/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';

export interface SmsLogReader {
  listForOrder(orderId: number): Promise<ConsoleSmsLogEntry[]>;
  listForCustomer(input: { phone?: string | undefined; orderIds: readonly number[]; limit: number }): Promise<ConsoleSmsLogEntry[]>;
}

export interface SmsLogService extends SmsLogReader {
  list(actor: Actor, query: SmsLogListQuery): Promise<ConsolePage<ConsoleSmsLogEntry>>;
}

/** The SMS log for staff who may read it. */
export function createSmsLogService(deps: { db: Kysely<Database> }): SmsLogService {
  const smsLog = createSmsLog(deps);
  return {
    listForOrder: (orderId) => smsLog.listForOrder(orderId),
    listForCustomer: (input) => smsLog.listForCustomer(input),
    list(actor, query) {
      assertCan(actor, 'sms.view');
      return smsLog.list(query);
    },
  };
}
