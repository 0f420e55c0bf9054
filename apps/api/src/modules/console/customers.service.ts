import type { Kysely } from 'kysely';
import { CONSOLE_CUSTOMER_VIEW_LIMIT, type ConsoleCustomerQuery, type ConsoleCustomerView } from '@kuaibao/domain';
import type { Database } from '../../db/schema.ts';
import type { FeedbackInbox } from '../feedback/index.ts';
import { listOrdersOfCustomer } from '../order/index.ts';
import { toListItem } from '../order/index.ts';
import { assertCan, type Actor } from '../staff/index.ts';
import type { SmsLogReader } from './console-sms-log.service.ts';

/** The customer view (decision 043): read-only, for whoever may read the order list. */
export interface CustomersService {
  view(actor: Actor, query: ConsoleCustomerQuery): Promise<ConsoleCustomerView>;
}

export function createCustomersService(deps: { db: Kysely<Database>; now: () => Date; smsLog: SmsLogReader; feedback: Pick<FeedbackInbox, 'listForOrders'> }): CustomersService {
  const { db } = deps;
  return {
    async view(actor, query) {
      assertCan(actor, 'orders.view');
      const limit = CONSOLE_CUSTOMER_VIEW_LIMIT;
      // One more than shown tells whether the list was cut.
      const orders = await listOrdersOfCustomer(db, { phone: query.phone, creditCode: query.credit_code, limit: limit + 1 });
      const shown = orders.slice(0, limit);
      const orderIds = shown.map((order) => order.id);
      const [feedback, sms] = await Promise.all([deps.feedback.listForOrders(orderIds, limit + 1), deps.smsLog.listForCustomer({ phone: query.phone, orderIds, limit: limit + 1 })]);
      const at = deps.now();
      return {
        phone: query.phone ?? null,
        credit_code: query.credit_code ?? null,
        orders: shown.map((order) => toListItem(order, at)),
        feedback: feedback.slice(0, limit),
        sms: sms.slice(0, limit),
        truncated: orders.length > limit || feedback.length > limit || sms.length > limit,
      };
    },
  };
}
