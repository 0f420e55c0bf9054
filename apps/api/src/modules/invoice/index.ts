/*
 * The invoice module's public list (docs/decisions/060-invoices.md): what the rest of the server uses of it.
 */
export { assertRefundInvoiceCleared, createInvoiceService, findInvoiceForEmail, invoiceFilePath, redOrderNo, type InvoiceService, type PlatformRound } from './invoice.service.ts';
export { registerInvoiceRoutes } from './invoice.routes.ts';
export { recordEmailAttempt, wasEmailSent } from './email-log.ts';
export type { InvoiceListQuery, InvoiceListRow } from './invoice.repository.ts';
export { invoiceRepository } from './invoice.repository.ts';
export { proveOrder, type OrderProof } from './order-proof.ts';
