import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from './credit-code.ts';
import {
  invoiceAmountFen,
  invoiceCorrectionRefusal,
  invoiceIssuedText,
  invoicePrefill,
  invoiceRequestRefusal,
  INVOICE_STATUSES,
  isInvoiceIssuable,
  isRedLetterAllowed,
  isValidInvoiceEmail,
  refundNeedsRedLetter,
  sniffInvoiceFile,
  validateInvoiceRequest,
  type InvoiceStatus,
} from './invoice.ts';

const CODE = `91110108MA01${'ABCDE'}`.slice(0, 17);
const VALID_CODE = CODE + creditCodeCheckChar(CODE);
const normal = { type: 'normal', title: '北京示例科技有限公司', tax_number: VALID_CODE, email: 'finance@example.com' };
const special = { ...normal, type: 'special', buyer_address: '北京市海淀区示例路1号', buyer_phone: '010-12345678', buyer_bank: '中国工商银行北京分行', buyer_account: '0200001234567890123' };
const paid = { status: '2', total_fee: 19900 };

describe('validateInvoiceRequest', () => {
  it('accepts a 普通发票 and drops the buyer fields it does not carry', () => {
    const result = validateInvoiceRequest({ ...normal, buyer_bank: '某银行' });
    expect(result).toEqual({ ok: true, value: { ...normal, type: 'normal', buyer_address: '', buyer_phone: '', buyer_bank: '', buyer_account: '' } });
  });

  it('accepts a 专用发票 with the address, phone, bank and account', () => {
    const result = validateInvoiceRequest(special);
    expect(result.ok && result.value).toMatchObject({ type: 'special', buyer_bank: '中国工商银行北京分行' });
  });

  it('normalises the tax number (spaces, lower case) and checks it like a credit code', () => {
    const typed = ` ${VALID_CODE.slice(0, 9).toLowerCase()} ${VALID_CODE.slice(9)} `;
    const result = validateInvoiceRequest({ ...normal, tax_number: typed });
    expect(result.ok && result.value.tax_number).toBe(VALID_CODE);
    const wrongCheck = VALID_CODE.slice(0, 17) + (VALID_CODE.endsWith('0') ? '1' : '0');
    expect(validateInvoiceRequest({ ...normal, tax_number: wrongCheck })).toEqual({ ok: false, error: 'INVOICE_TAX_NUMBER_INVALID', field: 'tax_number' });
    expect(validateInvoiceRequest({ ...normal, tax_number: '' })).toMatchObject({ error: 'INVOICE_TAX_NUMBER_INVALID' });
  });

  it.each([
    [{ type: 'vat' }, 'INVOICE_TYPE_INVALID', 'type'],
    [{ title: '  ' }, 'INVOICE_TITLE_REQUIRED', 'title'],
    [{ title: '字'.repeat(101) }, 'INVOICE_TITLE_TOO_LONG', 'title'],
    [{ email: 'not-an-email' }, 'INVOICE_EMAIL_INVALID', 'email'],
    [{ email: 'a@b.com\r\nBcc: x@y.com' }, 'INVOICE_EMAIL_INVALID', 'email'],
  ])('refuses %o with %s', (change, error, field) => {
    expect(validateInvoiceRequest({ ...normal, ...change })).toEqual({ ok: false, error, field });
  });

  it('asks a 专用发票 for the buyer address and phone, then the bank and account', () => {
    expect(validateInvoiceRequest({ ...special, buyer_address: '' })).toEqual({ ok: false, error: 'INVOICE_BUYER_ADDRESS_REQUIRED', field: 'buyer_address' });
    expect(validateInvoiceRequest({ ...special, buyer_phone: ' ' })).toEqual({ ok: false, error: 'INVOICE_BUYER_ADDRESS_REQUIRED', field: 'buyer_phone' });
    expect(validateInvoiceRequest({ ...special, buyer_bank: '' })).toEqual({ ok: false, error: 'INVOICE_BUYER_BANK_REQUIRED', field: 'buyer_bank' });
    expect(validateInvoiceRequest({ ...special, buyer_account: '' })).toEqual({ ok: false, error: 'INVOICE_BUYER_BANK_REQUIRED', field: 'buyer_account' });
    expect(validateInvoiceRequest({ ...special, buyer_account: '1'.repeat(101) })).toEqual({ ok: false, error: 'INVOICE_FIELD_TOO_LONG', field: 'buyer_account' });
  });

  it('strips control characters from what is kept', () => {
    const result = validateInvoiceRequest({ ...normal, title: '北京\u0007示例' });
    expect(result.ok && result.value.title).toBe('北京示例');
  });
});

describe('isValidInvoiceEmail', () => {
  it('takes one plain mailbox only', () => {
    expect(isValidInvoiceEmail('a.b+c@mail.example.cn')).toBe(true);
    expect(isValidInvoiceEmail('A <a@b.com>')).toBe(false);
    expect(isValidInvoiceEmail('a@b')).toBe(false);
    expect(isValidInvoiceEmail(`${'a'.repeat(95)}@b.com`)).toBe(false);
  });
});

describe('invoiceRequestRefusal', () => {
  it('allows a paid order without a request', () => {
    expect(invoiceRequestRefusal(paid, null)).toBeUndefined();
  });
  it('refuses an unpaid order, a refunded one, and a second request', () => {
    expect(invoiceRequestRefusal({ status: '1', total_fee: 19900 }, null)).toBe('INVOICE_ORDER_NOT_PAID');
    expect(invoiceRequestRefusal({ status: '2', total_fee: 0 }, null)).toBe('INVOICE_ORDER_NOT_PAID');
    expect(invoiceRequestRefusal({ status: '4', total_fee: 19900 }, null)).toBe('INVOICE_ORDER_REFUNDED');
    expect(invoiceRequestRefusal(paid, { status: 'requested' })).toBe('INVOICE_ALREADY_REQUESTED');
    expect(invoiceRequestRefusal(paid, { status: 'red_issued' })).toBe('INVOICE_ALREADY_REQUESTED');
  });
});

describe('corrections, issuing and the red-letter invoice', () => {
  const all: InvoiceStatus[] = [...INVOICE_STATUSES];
  it('lets the visitor correct a request until it is issued', () => {
    expect(all.filter((status) => invoiceCorrectionRefusal(paid, { status }) === undefined)).toEqual(['requested', 'failed']);
    expect(invoiceCorrectionRefusal(paid, { status: 'issued' })).toBe('INVOICE_NOT_EDITABLE');
    expect(invoiceCorrectionRefusal({ status: '4', total_fee: 1 }, { status: 'requested' })).toBe('INVOICE_ORDER_REFUNDED');
  });
  it('issues only a waiting or failed request, and 红冲 only an issued one', () => {
    expect(all.filter(isInvoiceIssuable)).toEqual(['requested', 'failed']);
    expect(all.filter(isRedLetterAllowed)).toEqual(['issued']);
  });
  it('holds a refund while an issued invoice is not cancelled, or one the platform is issuing', () => {
    expect(refundNeedsRedLetter(null)).toBe(false);
    expect(all.filter((status) => refundNeedsRedLetter({ status }))).toEqual(['issuing', 'issued', 'red_requested']);
  });
  it('invoices the paid amount and prefills the company', () => {
    expect(invoiceAmountFen(paid)).toBe(19900);
    expect(invoicePrefill({ entity_name: '北京示例科技有限公司', entity_id: VALID_CODE })).toEqual({ title: '北京示例科技有限公司', tax_number: VALID_CODE });
  });
  it('writes the issued text with the amount in yuan and the link', () => {
    expect(invoiceIssuedText({ company: '北京示例', amountFen: 19900, link: 'https://x.cn/i/abc' })).toBe('您为北京示例申请的发票（金额199.00元）已开具，下载：https://x.cn/i/abc');
  });
});

describe('sniffInvoiceFile', () => {
  const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  it('knows a PDF and an OFD by their bytes', () => {
    expect(sniffInvoiceFile(bytes('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniffInvoiceFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('....OFD.xml....')]))).toBe('ofd');
  });
  it('refuses anything else, a plain ZIP included', () => {
    expect(sniffInvoiceFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes('word/styles.xml')]))).toBeUndefined();
    expect(sniffInvoiceFile(bytes('<html>%PDF-'))).toBeUndefined();
    expect(sniffInvoiceFile(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
