import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleInvoice } from '@kuaibao/domain';
import { startFakeNuonuo, type FakeNuonuo } from '@kuaibao/testing';
import { loadConfig } from '../../config.ts';
import { EnvSchema } from '../../config/env-schema.ts';
import { invoicingSettings } from '../../config/invoicing.ts';
import { createNuonuoInvoicingProvider, nuonuoSignature } from '../../providers/invoicing/nuonuo.ts';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { describeDialects } from '../../test/dialects.ts';
import { signedInject } from '../../test/helper.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';
import { ADMIN_PASSWORD, auditRows, buildConsoleTestApp, caller, dataOf, expectError, insertOrder, login, placeAndPay, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';

/**
 * Issuing through the 诺诺开放平台 (docs/decisions/064-nuonuo-invoicing.md), against the fake platform
 * of @kuaibao/testing that checks X-Nuonuo-Sign as the real one does: the clerk's 开具 sends a signed
 * request, the results job polls it, stores the PDF and tells the customer by SMS and email exactly
 * as the manual upload does; a refusal is shown to staff; the 红冲 goes through the port.
 */
describeDialects('invoicing through 诺诺 (%s)', (dialect) => {
  const PHONE = '13700000931';
  const CODE = '91110108551385082Q';
  const normal = { type: 'normal', title: '北京字节跳动科技有限公司', tax_number: CODE, email: 'finance@example.com' };
  const special = { ...normal, type: 'special', buyer_address: '北京市海淀区知春路甲48号', buyer_phone: '010-12345678', buyer_bank: '招商银行北京分行', buyer_account: '110906543210888' };
  let fake: FakeNuonuo;
  let test: ConsoleTestApp;
  let asAdmin: Call;
  let vault: ReturnType<typeof createPersonalDataVault>;

  /** A paid order with the visitor's invoice request; answers the invoice's id. */
  const requested = async (invoice: Record<string, string> = normal, overrides: Record<string, string> = {}) => {
    const orderId = await insertOrder(test, { entity_phone: PHONE, ...overrides });
    const row = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const key = vault.capability('order.declaration', row.public_id);
    const answer = await signedInject(test, { method: 'POST', url: '/api/h5/invoice', body: { id: row.public_id, key, invoice } });
    expect(answer.statusCode, answer.body).toBe(200);
    const stored = await test.database.db.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    return { id: stored.id, orderId, publicId: row.public_id, key };
  };
  const invoice = async (id: number) => test.database.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const issue = async (id: number) => dataOf<ConsoleInvoice>(await asAdmin('POST', `/api/console/invoices/${id}/issue`));
  const poll = () => test.app.services.invoiceResults.runOnce();
  const outboxOf = (orderId: number) =>
    test.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('kind', 'in', ['sms.invoice_issued', 'email.invoice_issued'])
      .execute()
      .then((rows) => rows.filter((row) => (JSON.parse(row.payload) as { orderId: number }).orderId === orderId));

  beforeAll(async () => {
    fake = await startFakeNuonuo({ pendingPolls: 1 });
    test = await buildConsoleTestApp(dialect, { ...fake.env(), NUONUO_POLL_INTERVAL_MS: '0', EMAIL_OUTBOX_INTERVAL_MS: '0', PUBLIC_BASE_URL: 'https://kuaibao.example' });
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    vault = createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  describe('the signature', () => {
    it('the clerk’s 开具 reaches the platform signed, with the buyer, the paid amount in yuan and the tax line', async () => {
      const mine = await requested(special);
      const before = fake.requests.length;
      expect(await issue(mine.id)).toMatchObject({ status: 'issuing', status_name: '开票中', platform_issuable: false });
      const sent = fake.requests.slice(before);
      expect(sent.map((r) => [r.method, r.verified])).toEqual([['nuonuo.OpeMplatform.requestBillingNew', true]]);
      expect(sent[0]!.userTax).toBe(fake.taxNumber);
      const order = (JSON.parse(sent[0]!.body) as { order: Record<string, unknown> }).order;
      expect(order).toMatchObject({ buyerName: special.title, buyerTaxNum: CODE, buyerAddress: special.buyer_address, buyerTel: special.buyer_phone, buyerAccount: '招商银行北京分行 110906543210888', salerTaxNum: fake.taxNumber, invoiceType: '1', invoiceLine: 'bs', pushMode: '-1' });
      expect(order['invoiceDetail']).toEqual([expect.objectContaining({ goodsCode: '3049900000000000000', taxRate: '0.06', withTaxFlag: '1', taxIncludedAmount: '199.00', price: '199.00', num: '1' })]);
      expect((await invoice(mine.id)).provider_order_no).toBe(order['orderNo']);
      expect(await auditRows(test, 'invoice.platform_issue', mine.id)).toHaveLength(1);
    });

    it('the fake refuses a wrong signature, a changed body and another secret, as the platform does', async () => {
      const query = { senid: 'a'.repeat(32), nonce: '12345678', timestamp: String(Math.floor(Date.now() / 1000)), appkey: fake.appKey };
      const body = JSON.stringify({ serialNos: ['1'] });
      const post = (sign: string, sentBody: string) =>
        fetch(`${fake.servicesUrl}?${new URLSearchParams(query)}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Nuonuo-Sign': sign, accessToken: fake.accessToken, method: 'nuonuo.OpeMplatform.queryInvoiceResult' }, body: sentBody }).then((r) => r.json() as Promise<{ code: string }>);
      const good = nuonuoSignature({ appKey: fake.appKey, appSecret: fake.appSecret, senid: query.senid, nonce: query.nonce, timestamp: query.timestamp, body });
      expect((await post(good, body)).code).toBe('E0000');
      expect((await post(good, body.replace('"1"', '"2"'))).code).toBe('070301');
      expect((await post(nuonuoSignature({ ...query, appKey: fake.appKey, appSecret: 'another-secret', body }), body)).code).toBe('070301');
      // The adapter with a wrong secret is told so, and says it is not worth retrying.
      const forged = createNuonuoInvoicingProvider({ appKey: fake.appKey, appSecret: 'wrong-secret', accessToken: fake.accessToken, taxNumber: fake.taxNumber, baseUrl: fake.servicesUrl, timeoutMs: 5000 }, { taxCode: '3049900000000000000', taxRate: '0.06' });
      expect(await forged.result({ requestNo: 'KB1TABCDEF' })).toMatchObject({ kind: 'failed', retryable: false, code: '070301', message: '签名错误' });
      expect(fake.requests.at(-1)).toMatchObject({ verified: false, code: '070301' });
    });
  });

  describe('polled to issued', () => {
    it('in progress first, then issued: the PDF stored, the SMS and the email queued as for an upload', async () => {
      const mine = await requested();
      await issue(mine.id);
      expect(await outboxOf(mine.orderId)).toEqual([]);
      await poll();
      expect((await invoice(mine.id)).status).toBe('issuing');
      expect(await outboxOf(mine.orderId)).toEqual([]);
      const round = await poll();
      expect(round.issued).toBeGreaterThanOrEqual(1);
      const row = await invoice(mine.id);
      expect(row).toMatchObject({ status: 'issued', file_kind: 'pdf', fail_reason: '' });
      expect(row.invoice_number).toMatch(/^\d{20}$/);
      const outbox = await outboxOf(mine.orderId);
      expect(outbox.map((r) => r.kind).sort()).toEqual(['email.invoice_issued', 'sms.invoice_issued']);
      const link = (JSON.parse(outbox[0]!.payload) as { link: string }).link;
      const file = await test.app.inject({ method: 'GET', url: new URL(link).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.toString('latin1')).toContain(row.invoice_number);
      // The platform's result is recorded once, by the system (no clerk in the audit).
      expect(await auditRows(test, 'invoice.issue', mine.id)).toHaveLength(1);
      await poll();
      expect(await outboxOf(mine.orderId)).toHaveLength(2);
    });

    it('the SMS and email workers send the link', async () => {
      const mine = await requested({ ...normal, email: 'caiwu-nuonuo@example.com' });
      await issue(mine.id);
      await poll();
      await poll();
      await test.app.services.smsOutbox.runOnce();
      await test.app.services.emailOutbox.runOnce();
      const mails = await test.database.db.selectFrom('email_log').select(['to_address', 'status']).where('order_id', '=', mine.orderId).execute();
      expect(mails).toEqual([{ to_address: 'caiwu-nuonuo@example.com', status: 'SENT' }]);
      const sms = await test.database.db.selectFrom('sms_log').select(['content', 'status']).where('template', '=', 'invoice_issued').where('order_id', '=', mine.orderId).execute();
      expect(sms).toEqual([{ content: expect.stringMatching(/https:\/\/kuaibao\.example\/invoice-file\//), status: 'SENT' }]);
    });
  });

  describe('the export', () => {
    it('exports the 发票 list as filtered, with the invoice number and the amount in yuan', async () => {
      const issuedRow = await test.database.db.selectFrom('invoices').select(['invoice_number']).where('status', '=', 'issued').executeTakeFirstOrThrow();
      const issuedCount = (await test.database.db.selectFrom('invoices').select('id').where('status', '=', 'issued').execute()).length;
      const csv = await asAdmin('GET', '/api/console/exports/invoices', undefined, { query: { format: 'csv', status: 'issued' } });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['x-export-rows']).toBe(String(issuedCount));
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      expect(lines[0]).toContain('发票号码');
      expect(lines).toHaveLength(issuedCount + 1);
      expect(csv.body).toContain(issuedRow.invoice_number);
      expect(csv.body).toContain('199.00');
      expect(csv.body).not.toContain('开票中');
    });
  });

  describe('refused by the platform', () => {
    it('failed with the platform’s words shown to staff; corrected by the visitor, issued again under a new number', async () => {
      const mine = await requested();
      fake.failNextIssue('购买方纳税人识别号校验不通过');
      await issue(mine.id);
      const firstNo = (await invoice(mine.id)).provider_order_no;
      await poll();
      await poll();
      const failed = dataOf<{ invoice: ConsoleInvoice }>(await asAdmin('GET', `/api/console/orders/${mine.orderId}/invoice`)).invoice;
      expect(failed).toMatchObject({ status: 'failed', status_name: '开票失败', fail_reason: '购买方纳税人识别号校验不通过', platform_issuable: true });
      expect(await outboxOf(mine.orderId)).toEqual([]);
      // The visitor corrects it (failed is open), and the clerk issues it again.
      const corrected = await signedInject(test, { method: 'PUT', url: '/api/h5/invoice', body: { id: mine.publicId, key: mine.key, invoice: { ...normal, title: '北京字节跳动科技有限公司（更正）' } } });
      expect(corrected.statusCode, corrected.body).toBe(200);
      await issue(mine.id);
      const again = await invoice(mine.id);
      expect(again.provider_order_no).not.toBe(firstNo);
      await poll();
      await poll();
      expect((await invoice(mine.id)).status).toBe('issued');
    });

    it('a request the platform refuses at once is failed at once, with its words', async () => {
      const mine = await requested();
      fake.refuseNextIssue('开票员不存在或无开票权限');
      expect(await issue(mine.id)).toMatchObject({ status: 'failed', fail_reason: '开票员不存在或无开票权限', platform_issuable: true });
    });

    it('a request whose submission was lost is sent again under the same number when the platform does not know it', async () => {
      const mine = await requested();
      await issue(mine.id);
      // As if the answer (and the request) were lost: the platform knows another number.
      await test.database.db.updateTable('invoices').set({ provider_order_no: `KB${mine.id}TLOST01` }).where('id', '=', mine.id).execute();
      const round = await poll();
      expect(round.resubmitted).toBeGreaterThanOrEqual(1);
      expect(fake.invoices.filter((i) => i.orderNo === `KB${mine.id}TLOST01`)).toHaveLength(1);
      await poll();
      await poll();
      expect((await invoice(mine.id)).status).toBe('issued');
    });
  });

  describe('bulk issue and refusals', () => {
    it('issues several at once, each on its own: one already issued is refused, the others go', async () => {
      const a = await requested();
      const b = await requested(special);
      const done = await requested();
      await issue(done.id);
      const answer = dataOf<{ results: Array<{ id: number; ok: boolean; status: string | null; error: string | null }> }>(await asAdmin('POST', '/api/console/invoices/issue', { ids: [a.id, done.id, b.id] }));
      expect(answer.results).toEqual([
        { id: a.id, ok: true, status: 'issuing', error: null, message: '' },
        { id: done.id, ok: false, status: null, error: 'CONSOLE_INVOICE_NOT_ISSUABLE', message: expect.any(String) },
        { id: b.id, ok: true, status: 'issuing', error: null, message: '' },
      ]);
      expectError(await asAdmin('POST', '/api/console/invoices/issue', { ids: [] }), 'CONSOLE_INVOICE_BULK_EMPTY');
      await poll();
      await poll();
      expect((await invoice(a.id)).status).toBe('issued');
      expect((await invoice(b.id)).status).toBe('issued');
    });

    it('refuses an invoice twice, an unknown one, and one whose order was refunded meanwhile', async () => {
      const mine = await requested();
      await issue(mine.id);
      expectError(await asAdmin('POST', `/api/console/invoices/${mine.id}/issue`), 'CONSOLE_INVOICE_NOT_ISSUABLE');
      expectError(await asAdmin('POST', '/api/console/invoices/999999/issue'), 'CONSOLE_INVOICE_NOT_FOUND');
      const refunded = await requested();
      await test.database.db.updateTable('orders').set({ status: '4' }).where('id', '=', refunded.orderId).execute();
      const before = fake.requests.length;
      expectError(await asAdmin('POST', `/api/console/invoices/${refunded.id}/issue`), 'CONSOLE_INVOICE_NOT_ISSUABLE');
      expect(fake.requests.length).toBe(before);
      expect((await invoice(refunded.id)).status).toBe('requested');
    });
  });

  describe('红冲 through the port before a refund', () => {
    it('asks the platform for the 红字确认单, polls the red invoice, then lets the refund through', async () => {
      const paid = await placeAndPay(test, { entity_phone: PHONE });
      const key = vault.capability('order.declaration', paid.publicId);
      const asked = await signedInject(test, { method: 'POST', url: '/api/h5/invoice', body: { id: paid.publicId, key, invoice: { ...normal, title: '华为技术有限公司', tax_number: '914403001922038216' } } });
      expect(asked.statusCode, asked.body).toBe(200);
      const { id } = await test.database.db.selectFrom('invoices').select('id').where('order_id', '=', paid.orderId).executeTakeFirstOrThrow();
      await issue(id);
      const request = dataOf<{ id: number }>(await asAdmin('POST', `/api/console/orders/${paid.orderId}/refund-requests`, { reason: '客户不再需要' }));
      // Being issued holds the refund too: the platform may issue it any moment.
      expectError(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }), 'CONSOLE_INVOICE_RED_LETTER_REQUIRED');
      await poll();
      await poll();
      const blue = await invoice(id);
      expect(blue.status).toBe('issued');

      // Refused by the platform: the invoice stays issued, with the platform's words.
      fake.refuseNextRedLetter('该发票已被购方用于抵扣，请由购方申请');
      expectError(await asAdmin('POST', `/api/console/invoices/${id}/red-letter`), 'CONSOLE_INVOICE_RED_LETTER_REFUSED');
      expect(await invoice(id)).toMatchObject({ status: 'issued', fail_reason: '该发票已被购方用于抵扣，请由购方申请' });

      const before = fake.requests.length;
      expect(dataOf<ConsoleInvoice>(await asAdmin('POST', `/api/console/invoices/${id}/red-letter`)).status).toBe('red_requested');
      const red = fake.requests.slice(before);
      expect(red.map((r) => [r.method, r.verified])).toEqual([['nuonuo.OpeMplatform.saveInvoiceRedConfirm', true]]);
      expect(JSON.parse(red[0]!.body)).toMatchObject({ blueElecInvoiceNumber: blue.invoice_number, blueInvoiceLine: 'pc', applySource: '0', sellerTaxNo: fake.taxNumber, redReason: '3', orderNo: `${blue.provider_order_no}R` });
      expect((await invoice(id)).red_serial).not.toBe('');
      expectError(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }), 'CONSOLE_INVOICE_RED_LETTER_REQUIRED');

      await poll();
      expect((await invoice(id)).status).toBe('red_requested');
      const round = await poll();
      expect(round.redIssued).toBe(1);
      const done = await invoice(id);
      expect(done.status).toBe('red_issued');
      expect(done.red_file_key).toMatch(/\.pdf$/);
      expect(await auditRows(test, 'invoice.red_issue', id)).toHaveLength(1);
      const approved = dataOf<{ status: string }>(await asAdmin('POST', `/api/console/refund-requests/${request.id}/approve`, { note: '' }));
      expect(approved.status).not.toBe('PENDING');
    });
  });
});

describe('诺诺 adapter without the platform', () => {
  it('an unreachable platform is a retryable failure (the invoice stays issuing and is asked for again), never a throw', async () => {
    const provider = createNuonuoInvoicingProvider({ appKey: 'k', appSecret: 's', accessToken: 't', taxNumber: '339901999999199', baseUrl: 'http://127.0.0.1:9/open/v1/services', timeoutMs: 2000 }, { taxCode: '3049900000000000000', taxRate: '0.06' });
    const buyer = { type: 'normal' as const, title: '北京字节跳动科技有限公司', tax_number: '91110108551385082Q', email: 'a@example.com', buyer_address: '', buyer_phone: '', buyer_bank: '', buyer_account: '' };
    expect(await provider.issue({ requestNo: 'KB1TABCDEF', buyer, amountFen: 1, itemName: '年报', clerk: '张三' })).toMatchObject({ kind: 'failed', retryable: true, code: 'NETWORK' });
    expect(await provider.result({ requestNo: 'KB1TABCDEF' })).toMatchObject({ kind: 'failed', retryable: true });
    expect(await provider.download('file:///etc/passwd')).toMatchObject({ kind: 'failed', retryable: false, code: 'BAD_URL' });
  });
});

describe('诺诺 settings', () => {
  const NUONUO = { INVOICE_PROVIDER: 'nuonuo', NUONUO_APP_KEY: 'k', NUONUO_APP_SECRET: 's', NUONUO_ACCESS_TOKEN: 't', NUONUO_TAX_NUMBER: '339901999999199' };

  it('names every missing setting, and points at the sandbox outside production', () => {
    expect(() => loadConfig({ INVOICE_PROVIDER: 'nuonuo' })).toThrow(/NUONUO_APP_KEY: required when INVOICE_PROVIDER=nuonuo[\s\S]*NUONUO_APP_SECRET[\s\S]*NUONUO_ACCESS_TOKEN[\s\S]*NUONUO_TAX_NUMBER/);
    const config = loadConfig(NUONUO).invoicing;
    expect(config).toMatchObject({ provider: 'nuonuo', taxCode: '3049900000000000000', taxRate: '0.06', nuonuo: { baseUrl: 'https://sandbox.nuonuocs.cn/open/v1/services' } });
    expect(() => loadConfig({ INVOICE_PROVIDER: 'baiwang' })).toThrow(/INVOICE_PROVIDER/);
  });

  it('production refuses the platform while its keys, the tax code or the rate are missing, and uses the real gateway', () => {
    // The shared production settings choose no payment provider, so production refuses them for that whatever else.
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problems({ ...PRODUCTION_SETTINGS, ...NUONUO })).toMatch(/INVOICE_TAX_CODE, INVOICE_TAX_RATE: required in production when INVOICE_PROVIDER=nuonuo/);
    expect(problems({ ...PRODUCTION_SETTINGS, INVOICE_PROVIDER: 'nuonuo' })).toMatch(/NUONUO_APP_KEY, NUONUO_APP_SECRET, NUONUO_ACCESS_TOKEN, NUONUO_TAX_NUMBER, INVOICE_TAX_CODE, INVOICE_TAX_RATE: required in production/);
    expect(problems({ ...PRODUCTION_SETTINGS, ...NUONUO, INVOICE_TAX_CODE: '3040802010000000000', INVOICE_TAX_RATE: '0.01', NUONUO_BASE_URL: 'http://sdk.nuonuo.com/open/v1/services' })).toMatch(/NUONUO_BASE_URL: must be https in production/);
    const complete = problems({ ...PRODUCTION_SETTINGS, ...NUONUO, INVOICE_TAX_CODE: '3040802010000000000', INVOICE_TAX_RATE: '0.01' });
    expect(complete).not.toMatch(/NUONUO|INVOICE_TAX/);
    expect(complete).toMatch(/PAYMENT_PROVIDERS/);
    const settings = invoicingSettings(EnvSchema.parse({ ...PRODUCTION_SETTINGS, ...NUONUO, INVOICE_TAX_CODE: '3040802010000000000', INVOICE_TAX_RATE: '0.01' }), []);
    expect(settings).toMatchObject({ taxCode: '3040802010000000000', taxRate: '0.01', nuonuo: { baseUrl: 'https://sdk.nuonuo.com/open/v1/services' } });
  });
});
