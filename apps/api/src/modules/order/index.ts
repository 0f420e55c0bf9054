/*
 * The order module's public list: what the rest of the server uses of it (scripts/check-imports.ts
 * refuses an import past this file from outside the module). No other module gets the order's
 * repositories whole: each reader below is the few statements of them one caller needs, each taking
 * the caller's database or transaction, so the caller's rows and the order's move together.
 */
import { orderHandlingRepository } from './order-handling.repository.ts';
import { orderRepository } from './order.repository.ts';

export { registerOrderRoutes } from './order.routes.ts';
export { createOrderService, type OrderService, type OpenedAttempt, type PaymentSide, type StartAttemptInput } from './order.service.ts';
export { createOrderHandlingService, toListItem, type OrderExportRow, type OrderHandlingService } from './order-handling.service.ts';
export { createOrderAuthorizations, type OrderAuthorizations } from './order-authorization.ts';
export { orderTrends } from './order-trends.ts';
export { createMessageTemplatesService, type MessageTemplatesService } from './message-templates.service.ts';
export { createCustomerDocumentsService, type CustomerDocumentsService } from './customer-documents.service.ts';
export { registerCustomerDocumentRoutes } from './customer-documents.routes.ts';
export { createReorderService, type ReorderService } from './reorder.service.ts';
export { registerReorderRoutes } from './reorder.routes.ts';

/**
 * What the payment module may read and do to an order: find it, mark it paid when money arrives,
 * mark it refunded when its own refund succeeded. Nothing else of the order is the payment module's to touch.
 */
export const orderPayments = {
  findById: orderRepository.findById,
  markPaid: orderRepository.markOrderPaid,
  markRefunded: orderRepository.markOrderRefunded,
};

/**
 * What a visitor's deletion request (modules/deletion/, decision 037) may do to orders: find the
 * orders of a phone, and remove the personal data of those that are closed. The same markers as
 * the retention sweep record it, so the console reads 已按期删除 there too.
 */
export const orderDeletion = {
  ordersOfPhone: orderRepository.listForDeletion,
  purgeClosed: orderRepository.purgeForDeletion,
};

/**
 * What the retention sweep (jobs/retention-sweep.ts) may do to orders: remove personal data that is
 * due, one batch at a time. Which orders are due is the domain's rule (retention.ts); the cutoffs
 * come from the sweep.
 */
export const orderRetention = {
  purgeClosedIdNumbers: orderRepository.purgeClosedIdNumbers,
  purgeUnpaidContacts: orderRepository.purgeUnpaidContacts,
};

/** A logged-in WeChat visitor's own orders (orders.user_id), for the corp module's pages. Reads only. */
export const ordersOfUser = {
  list: orderRepository.listPaidOfUser,
  findOwner: orderRepository.findOwner,
  findLatestForCompany: orderRepository.findLatestOfUserForCompany,
};

/** Whether a phone has paid orders: the lookup's SMS code is sent only then (decision 049). Reads only. */
export const phoneHasPaidOrders = async (db: Parameters<typeof orderRepository.listPaidByPhone>[0], phone: string): Promise<boolean> =>
  (await orderRepository.listPaidByPhone(db, phone, 1)).length > 0;

/** What the SMS outbox worker (jobs/sms-outbox.ts) reads of an order: the fields its notices carry. */
export const findOrderForNotice = orderRepository.findForNotice;

/** One customer's orders for the console's customer view (decision 043), newest first. Reads only. */
export const listOrdersOfCustomer = orderHandlingRepository.listOfCustomer;

/**
 * What a visitor's complaint (modules/feedback/) reads of the order it names: the order by its public
 * id, for the feedback module to check the visitor's proof against (decision 049's rule). Reads only.
 */
export const findOrderForComplaint = orderRepository.findByPublicId;

/**
 * What a visitor's invoice request (modules/invoice/, decision 060) reads of the order it names: the
 * order by its public id, for the invoice module to check the visitor's proof against (decision 049). Reads only.
 */
export const findOrderForInvoice = orderRepository.findByPublicId;
