import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleInvoice, ConsolePage, InvoiceView } from '@kuaibao/domain';
import { createEmailOutboxWorker } from '../../jobs/email-outbox.ts';
import { createSmsOutboxWorker } from '../../jobs/sms-outbox.ts';
import { createConsoleEmailProvider } from '../../providers/email/console-email.provider.ts';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { issuePhoneToken } from '../../security/phone-token.ts';
import { describeDialects } from '../../test/dialects.ts';
import { envelopeOf, signedInject } from '../../test/helper.ts';
import {
  ADMIN_PASSWORD,
  PNG_BYTES,
  auditRows,
  buildConsoleTestApp,
  caller,
  dataOf,
  expectError,
  insertOrder,
  login,
  multipartBody,
  placeAndPay,
  type Call,
  type ConsoleTestApp,
  type Session,
} from '../console/console.test-support.ts';

/**
 * Invoices (docs/decisions/060-invoices.md): the visitor asks for one on a paid order they prove
 * theirs, once, correctable until issued; the clerk uploads the issued file (manual); the customer
 * gets the link by SMS and email, each once; a refund waits for the red-letter invoice.
 */
describeDialects('invoices (%s)', (dialect) => {
  const PHONE = '13700000921';
  const CODE = '91110108551385082Q';
  const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]);
  const normal = { type: 'normal', title: '北京字节跳动科技有限公司', tax_number: CODE, email: 'finance@example.com' };
  const special = { ...normal, type: 'special', buyer_address: '北京市海淀区知春路甲48号', buyer_phone: '010-12345678', buyer_bank: '招商银行北京分行', buyer_account: '110906543210888' };
  let test: ConsoleTestApp;
  let admin: Session;
  let asAdmin: Call;
  let vault: ReturnType<typeof createPersonalDataVault>;

  const order = async (overrides: Record<string, string> = {}) => {
    const id = await insertOrder(test, { entity_phone: PHONE, ...overrides });
    const row = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, publicId: row.public_id, key: vault.capability('order.declaration', row.public_id) };
  };
  const view = (query: Record<string, string>) => signedInject(test, { method: 'GET', url: '/api/h5/invoice', query });
  const send = (method: 'POST' | 'PUT', body: Record<string, unknown>) => signedInject(test, { method, url: '/api/h5/invoice', body });
  const viewOf = (response: Awaited<ReturnType<typeof view>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<InvoiceView>(test, response).data;
  };
  const stored = (orderId: number) => test.database.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).execute();
  const upload = (url: string, content: Buffer, filename: string, type: string) => {
    const { payload, headers } = multipartBody(content, filename, type);
    return test.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: `kb_console=${admin.cookie}`, 'x-kb-console': '1' } });
  };
  const invoiceOfOrder = async (orderId: number) => dataOf<{ invoice: ConsoleInvoice | null }>(await asAdmin('GET', `/api/console/orders/${orderId}/invoice`)).invoice;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect, { EMAIL_OUTBOX_INTERVAL_MS: '0', PUBLIC_BASE_URL: 'https://kuaibao.example' });
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    asAdmin = caller(test, admin);
    vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
  });
  afterAll(async () => {
    await test.close();
  });

  describe('who may ask', () => {
    it('an order id alone opens nothing, neither a read nor a write, and stores nothing', async () => {
      const mine = await order();
      const other = await order({ entity_phone: '13700000999' });
      const otherToken = issuePhoneToken(vault, '13700000999', test.clock.now).token;
      const bodies = new Set<string>();
      const proofs: Record<string, string>[] = [{ id: mine.publicId }, { id: mine.publicId, key: other.key }, { id: mine.publicId, phone_token: otherToken }, { id: 'no-such-order', key: mine.key }];
      for (const proof of proofs) {
        const read = await view(proof);
        expectError(read, 'REPORT_ORDER_FORBIDDEN');
        const write = await send('POST', { ...proof, invoice: normal });
        expectError(write, 'REPORT_ORDER_FORBIDDEN');
        bodies.add(write.body);
      }
      expect(bodies.size).toBe(1);
      expect(await stored(mine.id)).toEqual([]);
    });

    it('the ordering device (its key) sees the form prefilled with the company and its credit code', async () => {
      const mine = await order();
      const answer = viewOf(await view({ id: mine.publicId, key: mine.key }));
      expect(answer).toMatchObject({ id: mine.publicId, amount_fen: 19900, refusal: null, invoice: null, prefill: { title: '北京字节跳动科技有限公司', tax_number: CODE } });
    });

    it('refuses an unpaid order and a refunded one, on the form and on the request', async () => {
      const unpaid = await order({ status: '1' });
      expect(viewOf(await view({ id: unpaid.publicId, key: unpaid.key })).refusal).toBe('INVOICE_ORDER_NOT_PAID');
      expectError(await send('POST', { id: unpaid.publicId, key: unpaid.key, invoice: normal }), 'INVOICE_ORDER_NOT_PAID');
      const refunded = await order({ status: '4' });
      expectError(await send('POST', { id: refunded.publicId, key: refunded.key, invoice: normal }), 'INVOICE_ORDER_REFUNDED');
      expect([...(await stored(unpaid.id)), ...(await stored(refunded.id))]).toEqual([]);
    });

    it('refuses a bad tax number and a 专用发票 without the bank fields', async () => {
      const mine = await order();
      expectError(await send('POST', { id: mine.publicId, key: mine.key, invoice: { ...normal, tax_number: '91110108551385082A' } }), 'INVOICE_TAX_NUMBER_INVALID');
      expectError(await send('POST', { id: mine.publicId, key: mine.key, invoice: { ...special, buyer_bank: '' } }), 'INVOICE_BUYER_BANK_REQUIRED');
      expectError(await send('POST', { id: mine.publicId, key: mine.key, invoice: { ...normal, email: 'x' } }), 'INVOICE_EMAIL_INVALID');
      expect(await stored(mine.id)).toEqual([]);
    });
  });

  describe('one request, corrected until issued, then issued by the clerk', () => {
    let mine: Awaited<ReturnType<typeof order>>;
    let token: string;
    let invoiceId: number;
    let link: string;

    beforeAll(async () => {
      mine = await order();
      token = issuePhoneToken(vault, PHONE, test.clock.now).token;
    });

    it('the verified phone asks for a 专用发票; a second request is refused, a correction is taken', async () => {
      const created = viewOf(await send('POST', { id: mine.publicId, phone_token: token, invoice: { ...special, tax_number: ` ${CODE.toLowerCase()} ` } }));
      expect(created.invoice).toMatchObject({ type: 'special', status: 'requested', tax_number: CODE, amount_fen: 19900, correctable: true, download_url: null });
      expectError(await send('POST', { id: mine.publicId, key: mine.key, invoice: normal }), 'INVOICE_ALREADY_REQUESTED');
      const corrected = viewOf(await send('PUT', { id: mine.publicId, key: mine.key, invoice: { ...special, email: 'caiwu@example.com' } }));
      expect(corrected.invoice).toMatchObject({ email: 'caiwu@example.com', status: 'requested' });
      expect(await stored(mine.id)).toHaveLength(1);
      invoiceId = (await stored(mine.id))[0]!.id;
    });

    it('two requests at once leave one invoice', async () => {
      const racing = await order();
      const answers = await Promise.all([0, 1, 2].map(() => send('POST', { id: racing.publicId, key: racing.key, invoice: normal })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) expectError(refused, 'INVOICE_ALREADY_REQUESTED');
      expect(await stored(racing.id)).toHaveLength(1);
    });

    it('the 发票 list finds it by order number and status', async () => {
      const outTradeNo = (await test.database.db.selectFrom('orders').select('out_trade_no').where('id', '=', mine.id).executeTakeFirstOrThrow()).out_trade_no;
      const page = dataOf<ConsolePage<ConsoleInvoice>>(await asAdmin('GET', '/api/console/invoices', undefined, { query: { keyword: outTradeNo, status: 'requested' } }));
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ id: invoiceId, type_name: '数电票（增值税专用发票）', status_name: '待开票', buyer_bank: '招商银行北京分行' });
    });

    it('refuses a file that is not a PDF or OFD, whatever its name says', async () => {
      expectError(await upload(`/api/console/invoices/${invoiceId}/file`, PNG_BYTES, 'invoice.pdf', 'application/pdf'), 'CONSOLE_INVOICE_FILE_TYPE_INVALID');
      expect((await invoiceOfOrder(mine.id))!.status).toBe('requested');
    });

    it('the uploaded PDF issues it, and the SMS and email go out through the outbox in the same transaction', async () => {
      const issued = await upload(`/api/console/invoices/${invoiceId}/file`, PDF, '发票.pdf', 'application/pdf');
      expect(dataOf<ConsoleInvoice>(issued)).toMatchObject({ status: 'issued', has_file: true, file_kind: 'pdf', issued_by_name: expect.any(String) });
      const outbox = await test.database.db.selectFrom('outbox').select(['kind', 'payload']).where('kind', 'in', ['sms.invoice_issued', 'email.invoice_issued']).execute();
      expect(outbox.map((row) => row.kind).sort()).toEqual(['email.invoice_issued', 'sms.invoice_issued']);
      link = (JSON.parse(outbox[0]!.payload) as { link: string }).link;
      expect(link).toMatch(/^https:\/\/kuaibao\.example\/invoice-file\/\d+\/[\w-]{32}$/);
      expect(await auditRows(test, 'invoice.issue', invoiceId)).toHaveLength(1);
      // A second upload finds it issued.
      expectError(await upload(`/api/console/invoices/${invoiceId}/file`, PDF, '发票.pdf', 'application/pdf'), 'CONSOLE_INVOICE_NOT_ISSUABLE');
    });

    it('the customer can no longer correct it, and sees the link', async () => {
      expectError(await send('PUT', { id: mine.publicId, key: mine.key, invoice: normal }), 'INVOICE_NOT_EDITABLE');
      const seen = viewOf(await view({ id: mine.publicId, key: mine.key }));
      expect(seen.invoice).toMatchObject({ status: 'issued', correctable: false, download_url: link });
    });

    it('the link downloads the file; a forged one does not', async () => {
      const path = new URL(link).pathname;
      const file = await test.app.inject({ method: 'GET', url: path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      const forged = path.replace(/\/[\w-]{32}$/, `/${'A'.repeat(32)}`);
      expectError(await test.app.inject({ method: 'GET', url: forged }), 'INVOICE_FILE_UNAVAILABLE');
      expectError(await test.app.inject({ method: 'GET', url: path.replace(`/invoice-file/${invoiceId}/`, `/invoice-file/${invoiceId + 1}/`) }), 'INVOICE_FILE_UNAVAILABLE');
    });

    it('the SMS and the email carry the link, each sent once even when its row is there twice', async () => {
      const lines: string[] = [];
      const log = { info: (_o: unknown, m: string) => lines.push(m), warn: () => {}, error: () => {} };
      const smsOutbox = createSmsOutboxWorker({ db: test.database.db, sms: test.app.services.sms, now: () => test.clock.now, log, intervalMs: 0 });
      const emailOutbox = createEmailOutboxWorker({ db: test.database.db, email: createConsoleEmailProvider({ from: 'invoice@kuaibao.example', log }), now: () => test.clock.now, log, intervalMs: 0 });
      // The same notice queued again (a retried transaction, a second worker): it must not go out twice.
      const row = await test.database.db.selectFrom('outbox').select(['kind', 'payload']).where('kind', '=', 'email.invoice_issued').executeTakeFirstOrThrow();
      await test.database.db.insertInto('outbox').values({ kind: row.kind, payload: row.payload, created_at: test.clock.now.toISOString(), processed_at: null, last_error: null }).execute();
      await smsOutbox.runOnce();
      const emailRun = await emailOutbox.runOnce();
      expect(emailRun).toMatchObject({ sent: 1, skipped: 1 });
      const sms = await test.database.db.selectFrom('sms_log').select(['content', 'status']).where('template', '=', 'invoice_issued').execute();
      expect(sms).toEqual([{ content: expect.stringContaining(link), status: 'SENT' }]);
      const mails = await test.database.db.selectFrom('email_log').select(['to_address', 'status']).execute();
      expect(mails).toEqual([{ to_address: 'caiwu@example.com', status: 'SENT' }]);
      expect(lines.some((line) => line.startsWith('EMAIL') && line.includes(link))).toBe(true);
    });

    it('the dashboard splits paid revenue into invoiced and not yet invoiced', async () => {
      const split = dataOf<{ invoiced_fen: number; not_invoiced_fen: number }>(await asAdmin('GET', '/api/console/invoices/revenue'));
      const paid = await test.database.db.selectFrom('orders').select(['total_fee']).where('status', '=', '2').execute();
      const total = paid.reduce((sum, row) => sum + row.total_fee, 0);
      // One order's invoice is issued so far.
      expect(split).toEqual({ invoiced_fen: 19900, not_invoiced_fen: total - 19900 });
    });
  });

  describe('a refund of an invoiced order waits for the red-letter invoice', () => {
    it('refuses the approval until the 红冲 is recorded, then lets it through; the link then stops working', async () => {
      const paid = await placeAndPay(test, { entity_phone: PHONE });
      const key = vault.capability('order.declaration', paid.publicId);
      viewOf(await send('POST', { id: paid.publicId, key, invoice: { ...normal, title: '华为技术有限公司', tax_number: '914403001922038216' } }));
      const invoice = (await invoiceOfOrder(paid.orderId))!;
      // 红冲 of an invoice not issued yet is refused.
      expectError(await asAdmin('POST', `/api/console/invoices/${invoice.id}/red-letter`), 'CONSOLE_INVOICE_RED_LETTER_NOT_ALLOWED');
      dataOf(await upload(`/api/console/invoices/${invoice.id}/file`, PDF, 'fp.pdf', 'application/pdf'));
      const request = dataOf<{ id: number }>(await asAdmin('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '客户不再需要' }));
      expectError(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }), 'CONSOLE_INVOICE_RED_LETTER_REQUIRED');
      expectError(await upload(`/api/console/invoices/${invoice.id}/red-letter/file`, PDF, 'red.pdf', 'application/pdf'), 'CONSOLE_INVOICE_RED_LETTER_NOT_REQUESTED');
      expect(dataOf<ConsoleInvoice>(await asAdmin('POST', `/api/console/invoices/${invoice.id}/red-letter`)).status).toBe('red_requested');
      // Asked for, not recorded: still refused, and the request stays pending.
      expectError(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }), 'CONSOLE_INVOICE_RED_LETTER_REQUIRED');
      const link = viewOf(await view({ id: paid.publicId, key })).invoice!.download_url!;
      expect(dataOf<ConsoleInvoice>(await upload(`/api/console/invoices/${invoice.id}/red-letter/file`, PDF, 'red.pdf', 'application/pdf')).status).toBe('red_issued');
      const approved = dataOf<{ status: string }>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }));
      expect(approved.status).not.toBe('PENDING');
      expectError(await test.app.inject({ method: 'GET', url: new URL(link).pathname }), 'INVOICE_FILE_UNAVAILABLE');
    });
  });
});
