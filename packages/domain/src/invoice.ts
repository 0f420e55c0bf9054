/**
 * Invoices (发票) for what a customer paid (docs/decisions/060-invoices.md): what a visitor's request
 * must hold, when an order may have one, when it may still be corrected, and when a refund must wait
 * for the red-letter invoice (红冲). Every invoice is a 数电票 (全面数字化的电子发票), either kind.
 */
import { isValidCreditCode } from './credit-code.ts';
import { ORDER_STATUS } from './lifecycle/order.ts';

/** 普通发票 or 增值税专用发票; both issued as 数电票. */
export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_NAMES: Record<InvoiceType, string> = { normal: '数电票（普通发票）', special: '数电票（增值税专用发票）' };

/**
 * requested: waiting for the agent; issuing: asked of the invoicing platform, its result not back yet
 * (docs/decisions/064-nuonuo-invoicing.md); issued: the file is there; red_requested: the red-letter invoice
 * (红冲) is asked for; red_issued: cancelled by it; failed: the platform refused to issue (correctable).
 */
export const INVOICE_STATUSES = ['requested', 'issuing', 'issued', 'red_requested', 'red_issued', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_NAMES: Record<InvoiceStatus, string> = {
  requested: '待开票',
  issuing: '开票中',
  issued: '已开票',
  red_requested: '红冲中',
  red_issued: '已红冲',
  failed: '开票失败',
};

/** Field limits: the tax platforms' own (buyer name 100 characters, address/phone and bank/account 100 each). */
export const INVOICE_TITLE_MAX_CHARS = 100;
export const INVOICE_BUYER_FIELD_MAX_CHARS = 100;
export const INVOICE_EMAIL_MAX_CHARS = 100;

export interface InvoiceRequestInput {
  type: string;
  title: string;
  tax_number: string;
  email: string;
  /** 专用发票 only: the buyer's address and phone, bank and account (the 数电票 rules ask for them) */
  buyer_address?: string | undefined;
  buyer_phone?: string | undefined;
  buyer_bank?: string | undefined;
  buyer_account?: string | undefined;
}

export interface InvoiceRequest {
  type: InvoiceType;
  title: string;
  tax_number: string;
  email: string;
  buyer_address: string;
  buyer_phone: string;
  buyer_bank: string;
  buyer_account: string;
}

export type InvoiceRequestError =
  | 'INVOICE_TYPE_INVALID'
  | 'INVOICE_TITLE_REQUIRED'
  | 'INVOICE_TITLE_TOO_LONG'
  | 'INVOICE_TAX_NUMBER_INVALID'
  | 'INVOICE_EMAIL_INVALID'
  | 'INVOICE_BUYER_ADDRESS_REQUIRED'
  | 'INVOICE_BUYER_BANK_REQUIRED'
  | 'INVOICE_FIELD_TOO_LONG';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** An address a mail server takes: one mailbox, no display name, no spaces (a header injection would need them). */
export function isValidInvoiceEmail(email: string): boolean {
  return email.length <= INVOICE_EMAIL_MAX_CHARS && EMAIL_PATTERN.test(email);
}

/** The tax number as typed, normalised: upper case, no spaces (a credit code is the company's 纳税人识别号). */
export function normalizeTaxNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

const chars = (text: string): number => Array.from(text).length;
/** Control characters would break the platform's fields and the email's headers. */
const clean = (text: string | undefined): string => (text ?? '').replace(/\p{Cc}/gu, '').trim();

/** Checks and normalises a visitor's request; the first problem, with its field, when there is one. */
export function validateInvoiceRequest(input: InvoiceRequestInput): { ok: true; value: InvoiceRequest } | { ok: false; error: InvoiceRequestError; field: string } {
  if (!(INVOICE_TYPES as readonly string[]).includes(input.type)) return { ok: false, error: 'INVOICE_TYPE_INVALID', field: 'type' };
  const type = input.type as InvoiceType;
  const title = clean(input.title);
  if (title === '') return { ok: false, error: 'INVOICE_TITLE_REQUIRED', field: 'title' };
  if (chars(title) > INVOICE_TITLE_MAX_CHARS) return { ok: false, error: 'INVOICE_TITLE_TOO_LONG', field: 'title' };
  const taxNumber = normalizeTaxNumber(input.tax_number ?? '');
  if (!isValidCreditCode(taxNumber)) return { ok: false, error: 'INVOICE_TAX_NUMBER_INVALID', field: 'tax_number' };
  const email = clean(input.email);
  if (!isValidInvoiceEmail(email)) return { ok: false, error: 'INVOICE_EMAIL_INVALID', field: 'email' };
  const buyer = { buyer_address: clean(input.buyer_address), buyer_phone: clean(input.buyer_phone), buyer_bank: clean(input.buyer_bank), buyer_account: clean(input.buyer_account) };
  for (const [field, value] of Object.entries(buyer)) {
    if (chars(value) > INVOICE_BUYER_FIELD_MAX_CHARS) return { ok: false, error: 'INVOICE_FIELD_TOO_LONG', field };
  }
  if (type === 'special') {
    if (buyer.buyer_address === '' || buyer.buyer_phone === '') return { ok: false, error: 'INVOICE_BUYER_ADDRESS_REQUIRED', field: buyer.buyer_address === '' ? 'buyer_address' : 'buyer_phone' };
    if (buyer.buyer_bank === '' || buyer.buyer_account === '') return { ok: false, error: 'INVOICE_BUYER_BANK_REQUIRED', field: buyer.buyer_bank === '' ? 'buyer_bank' : 'buyer_account' };
    return { ok: true, value: { type, title, tax_number: taxNumber, email, ...buyer } };
  }
  // A 普通发票 carries none of them: what was typed for a 专用发票 before switching is not kept.
  return { ok: true, value: { type, title, tax_number: taxNumber, email, buyer_address: '', buyer_phone: '', buyer_bank: '', buyer_account: '' } };
}

/** What the rules need of the order. */
export interface InvoiceOrderFacts {
  status: string;
  /** integer fen paid */
  total_fee: number;
}

/** Why an order cannot have an invoice requested now (no existing request), or undefined. */
export function invoiceRequestRefusal(order: InvoiceOrderFacts, existing: { status: InvoiceStatus } | null): 'INVOICE_ORDER_NOT_PAID' | 'INVOICE_ORDER_REFUNDED' | 'INVOICE_ALREADY_REQUESTED' | undefined {
  if (order.status === ORDER_STATUS.refunded) return 'INVOICE_ORDER_REFUNDED';
  if (order.status !== ORDER_STATUS.paid || order.total_fee <= 0) return 'INVOICE_ORDER_NOT_PAID';
  // One per order: a second request is a correction of the first, never another invoice.
  if (existing) return 'INVOICE_ALREADY_REQUESTED';
  return undefined;
}

/** Whether the visitor may still correct the request: until it is issued (a failed one is corrected and tried again). */
export function isInvoiceCorrectable(status: InvoiceStatus): boolean {
  return status === 'requested' || status === 'failed';
}

/** Why a correction is refused, or undefined. */
export function invoiceCorrectionRefusal(order: InvoiceOrderFacts, invoice: { status: InvoiceStatus }): 'INVOICE_ORDER_REFUNDED' | 'INVOICE_NOT_EDITABLE' | undefined {
  if (order.status === ORDER_STATUS.refunded) return 'INVOICE_ORDER_REFUNDED';
  if (!isInvoiceCorrectable(invoice.status)) return 'INVOICE_NOT_EDITABLE';
  return undefined;
}

/** The invoice's amount: what the customer paid, integer fen. */
export function invoiceAmountFen(order: InvoiceOrderFacts): number {
  return order.total_fee;
}

/** Whether staff may record the issued invoice (upload its file, or the platform's result). */
export function isInvoiceIssuable(status: InvoiceStatus): boolean {
  return status === 'requested' || status === 'failed';
}

/**
 * Whether a refund of the order must wait for the red-letter invoice: an issued invoice stands in the
 * buyer's books until a 红冲 cancels it, so the money goes back only after that is recorded.
 */
export function refundNeedsRedLetter(invoice: { status: InvoiceStatus } | null): boolean {
  // `issuing`: the platform may issue it any moment, so the refund waits for its result too.
  return invoice !== null && (invoice.status === 'issuing' || invoice.status === 'issued' || invoice.status === 'red_requested');
}

/** Whether a red-letter invoice may be asked for: only of an issued one. */
export function isRedLetterAllowed(status: InvoiceStatus): boolean {
  return status === 'issued';
}

/** The form's starting values: the company's name as the title and its credit code as the tax number (both editable). */
export function invoicePrefill(order: { entity_name: string; entity_id: string }): Pick<InvoiceRequest, 'title' | 'tax_number'> {
  return { title: order.entity_name, tax_number: order.entity_id };
}

/** Issued files: PDF or OFD (the 数电票's two formats), told apart by their first bytes, never by the name. */
export type InvoiceFileKind = 'pdf' | 'ofd';
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** PDF starts with `%PDF-`; OFD is a ZIP (`PK\x03\x04`) whose entries include OFD.xml. */
export function sniffInvoiceFile(bytes: Uint8Array): InvoiceFileKind | undefined {
  const starts = (sig: readonly number[]) => sig.every((byte, i) => bytes[i] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0x50, 0x4b, 0x03, 0x04]) && containsAscii(bytes, 'OFD.xml')) return 'ofd';
  return undefined;
}

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  const limit = Math.min(bytes.length, 1024 * 1024) - codes.length;
  outer: for (let i = 0; i <= limit; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return true;
  }
  return false;
}

/** The SMS and email text: the company, the amount and the download link. */
export function invoiceIssuedText(input: { company: string; amountFen: number; link: string }): string {
  const yuan = (input.amountFen / 100).toFixed(2);
  return `您为${input.company}申请的发票（金额${yuan}元）已开具，下载：${input.link}`;
}
