import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_TYPES } from '../invoice.ts';

/**
 * The visitor's invoice calls (docs/decisions/060-invoices.md). Every call names the order and proves
 * it the visitor's as /checkDetail does (decision 049): the ordering device's key, or a token of the
 * order's phone verified by SMS (or the owner's login); an order id alone opens nothing.
 */
export const InvoiceProofSchema = z.object({
  id: z.string().trim().min(1).max(64),
  key: z.string().trim().max(64).optional(),
  phone_token: z.string().trim().max(200).optional(),
});

/** What the visitor types; the domain's validateInvoiceRequest checks it (the schema only bounds it). */
export const InvoiceFormSchema = z.object({
  type: z.string().max(20),
  title: z.string().max(300),
  tax_number: z.string().max(60),
  email: z.string().max(300),
  buyer_address: z.string().max(300).optional(),
  buyer_phone: z.string().max(100).optional(),
  buyer_bank: z.string().max(300).optional(),
  buyer_account: z.string().max(100).optional(),
});
export type InvoiceForm = z.infer<typeof InvoiceFormSchema>;

export const InvoiceSubmitRequestSchema = InvoiceProofSchema.extend({ invoice: InvoiceFormSchema });
export type InvoiceSubmitRequest = z.infer<typeof InvoiceSubmitRequestSchema>;

export const VisitorInvoiceSchema = z.object({
  type: z.enum(INVOICE_TYPES),
  type_name: z.string(),
  title: z.string(),
  tax_number: z.string(),
  email: z.string(),
  buyer_address: z.string(),
  buyer_phone: z.string(),
  buyer_bank: z.string(),
  buyer_account: z.string(),
  status: z.enum(INVOICE_STATUSES),
  status_name: z.string(),
  /** integer fen: the paid amount */
  amount_fen: z.number().int(),
  correctable: z.boolean(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  /** the issued file's link, while the invoice stands */
  download_url: z.string().nullable(),
});
export type VisitorInvoice = z.infer<typeof VisitorInvoiceSchema>;

/** GET /api/h5/invoice: the order's invoice, or what the form starts from. */
export const InvoiceViewSchema = z.object({
  /** the order's public id */
  id: z.string(),
  amount_fen: z.number().int(),
  /** why no request can be made now ('INVOICE_ORDER_NOT_PAID', …), null when one can (or exists) */
  refusal: z.string().nullable(),
  prefill: z.object({ title: z.string(), tax_number: z.string() }),
  invoice: VisitorInvoiceSchema.nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceViewSchema>;

/** The issued file by its signed link (the SMS's and email's). */
export const InvoiceFileQuerySchema = z.object({
  i: z.coerce.number().int().positive().max(2 ** 31),
  s: z.string().trim().max(64),
});

// ---- The console's 发票 list and actions (/api/console/invoices) ----

export const ConsoleInvoiceSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  out_trade_no: z.string(),
  entity_name: z.string(),
  goods_name: z.string(),
  type: z.string(),
  type_name: z.string(),
  title: z.string(),
  tax_number: z.string(),
  email: z.string(),
  buyer_address: z.string(),
  buyer_phone: z.string(),
  buyer_bank: z.string(),
  buyer_account: z.string(),
  status: z.enum(INVOICE_STATUSES),
  status_name: z.string(),
  amount_fen: z.number().int(),
  provider: z.string(),
  provider_serial: z.string(),
  file_kind: z.string().nullable(),
  has_file: z.boolean(),
  issued_by_name: z.string(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  red_requested_at: z.string().nullable(),
  red_issued_at: z.string().nullable(),
  /** the platform's refusal, for staff (docs/decisions/064-nuonuo-invoicing.md); '' when none */
  fail_reason: z.string(),
  /** the issued invoice's number (数电票号码) when a platform issued it */
  invoice_number: z.string(),
  /** whether the configured platform can issue it now (the console's 开具 and bulk issue) */
  platform_issuable: z.boolean(),
});
export type ConsoleInvoice = z.infer<typeof ConsoleInvoiceSchema>;

export const ConsoleInvoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(INVOICE_STATUSES).optional(),
  type: z.enum(INVOICE_TYPES).optional(),
  /** an order number, a title or a tax number, exactly */
  keyword: z.string().trim().max(100).optional(),
  /** calendar days in Asia/Shanghai, the request's creation */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
/** Bulk issue through the platform: each id's outcome, the refused ones with the catalog's code. */
export const ConsoleInvoiceBulkIssueSchema = z.object({ ids: z.array(z.number().int().positive()).max(100) });
export const ConsoleInvoiceBulkIssueResultSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), status: z.enum(INVOICE_STATUSES).nullable(), error: z.string().nullable(), message: z.string() })),
});
export type ConsoleInvoiceBulkIssueResult = z.infer<typeof ConsoleInvoiceBulkIssueResultSchema>;
export const ConsoleInvoiceOfOrderSchema = z.object({ invoice: ConsoleInvoiceSchema.nullable() });
/** The dashboard's days (Asia/Shanghai). */
export const ConsoleInvoiceRevenueQuerySchema = z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(), to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() });
/** The dashboard's split of paid revenue, integer fen. */
export const ConsoleInvoiceRevenueSchema = z.object({ invoiced_fen: z.number().int(), not_invoiced_fen: z.number().int() });
