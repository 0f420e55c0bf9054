import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS, signRequest, type ConsoleMessageTemplate, type ConsoleOrderDetail, type CustomerDocument } from '@kuaibao/domain';
import { createPersonalDataVault } from '../../security/personal-data.ts';
import { issuePhoneToken } from '../../security/phone-token.ts';
import { describeDialects } from '../../test/dialects.ts';
import { envelopeOf } from '../../test/helper.ts';
import { ADMIN_PASSWORD, PNG_BYTES, auditRows, buildConsoleTestApp, caller, createStaff, dataOf, expectError, insertOrder, login, multipartBody, type Call, type ConsoleTestApp, type Session } from './console.test-support.ts';

const PHONE = '13812345678';
const OTHER_PHONE = '13900001111';

/** Templates, the customer's uploads and the phone-given figures (docs/decisions/062-templates-and-customer-uploads.md). */
describeDialects('templates, customer uploads and phone-given figures (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let admin: Session;
  let clerk: Session;
  let other: Session;
  let asAdmin: Call;
  let asClerk: Call;
  let asOther: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    admin = await login(test, 'admin', ADMIN_PASSWORD);
    clerk = await createStaff(test, admin, { username: 'clerk.sun', role: 'clerk', display_name: '孙专员' });
    other = await createStaff(test, admin, { username: 'clerk.li', role: 'clerk', display_name: '李专员' });
    asAdmin = caller(test, admin);
    asClerk = caller(test, clerk);
    asOther = caller(test, other);
  });
  afterAll(async () => {
    await test.close();
  });

  const tokenFor = (phone: string) => issuePhoneToken(createPersonalDataVault({ encryptionKey: test.config.idEncryptionKey, hashKey: test.config.idHashKey }), phone, test.clock.now).token;

  /** The visitor's upload as the web app sends it: the signed query (id, token) and one file part. */
  function upload(query: Record<string, string>, file: { payload: Buffer; headers: Record<string, string> }) {
    const signed: Record<string, string> = { ...query, timestamp: String(Math.floor(test.clock.now.getTime() / 1000)), nonce: randomUUID() };
    signed.signature = signRequest({ query: signed, secret: test.config.signature.secret });
    return test.app.inject({ method: 'POST', url: '/api/h5/order/documents', query: signed, headers: { 'x-device-id': 'device-upload-1', 'x-platform': 'h5', 'x-channel': 'h5', 'x-version': '3.0.0', ...file.headers }, payload: file.payload });
  }
  const png = (name = '营业执照.png') => multipartBody(PNG_BYTES, name, 'image/png');

  const waitingOrder = async (overrides: Record<string, unknown> = {}) => {
    const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '孙专员', process_status: PROCESS_STATUS.waitingCustomer, customer_request: '请上传营业执照', entity_phone: PHONE, ...overrides });
    const row = await test.database.db.selectFrom('orders').select('public_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, publicId: row.public_id };
  };

  describe('templates', () => {
    it('an admin saves them, audited; every clerk reads them; a clerk cannot write them', async () => {
      const created = dataOf<ConsoleMessageTemplate>(await asAdmin('POST', '/api/console/templates', { kind: 'customer_request', name: '营业执照', body: '请{法定代表人}上传{企业名称}的营业执照照片' }));
      expect(created).toMatchObject({ kind: 'customer_request', name: '营业执照', body: '请{法定代表人}上传{企业名称}的营业执照照片' });
      const listed = dataOf<ConsoleMessageTemplate[]>(await asClerk('GET', '/api/console/templates'));
      expect(listed.map((t) => t.body)).toContain('请{法定代表人}上传{企业名称}的营业执照照片');
      expectError(await asClerk('POST', '/api/console/templates', { kind: 'call_note', name: '未接通', body: '未接通' }), 'CONSOLE_FORBIDDEN');
      expectError(await asClerk('DELETE', `/api/console/templates/${created.id}`), 'CONSOLE_FORBIDDEN');

      const changed = dataOf<ConsoleMessageTemplate>(await asAdmin('PUT', `/api/console/templates/${created.id}`, { kind: 'customer_request', name: '营业执照正副本', body: '请上传{企业名称}的营业执照正本照片（{订单号}）' }));
      expect(changed.name).toBe('营业执照正副本');
      expect((await auditRows(test, 'template.create', created.id)).length).toBe(1);
      const update = await auditRows(test, 'template.update', created.id);
      expect(JSON.parse(String(update[0]!.before))).toMatchObject({ name: '营业执照' });
      dataOf(await asAdmin('DELETE', `/api/console/templates/${created.id}`));
      expect((await auditRows(test, 'template.delete', created.id)).length).toBe(1);
      expectError(await asAdmin('PUT', `/api/console/templates/${created.id}`, { kind: 'call_note', name: 'x', body: 'x' }), 'CONSOLE_TEMPLATE_NOT_FOUND');
    });

    it('refuses at save a placeholder the order has no field for, and a text that filled could pass the limit', async () => {
      expectError(await asAdmin('POST', '/api/console/templates', { kind: 'customer_request', name: '错字', body: '请上传{公司名}的营业执照' }), 'CONSOLE_TEMPLATE_PLACEHOLDER_UNKNOWN');
      expectError(await asAdmin('POST', '/api/console/templates', { kind: 'customer_request', name: '太长', body: `{企业名称}${'补'.repeat(151)}` }), 'CONSOLE_TEMPLATE_TOO_LONG');
      // The same length is a fine call note (500).
      dataOf(await asAdmin('POST', '/api/console/templates', { kind: 'call_note', name: '长备注', body: `{企业名称}${'补'.repeat(151)}` }));
      const bodies = dataOf<ConsoleMessageTemplate[]>(await asAdmin('GET', '/api/console/templates')).map((t) => t.body);
      expect(bodies.some((body) => body.includes('{公司名}'))).toBe(false);
    });
  });

  describe("the customer's upload", () => {
    it('is stored on the order proven by the verified phone, shown to staff with a timeline event, and served', async () => {
      const { id, publicId } = await waitingOrder();
      const response = await upload({ id: publicId, phone_token: tokenFor(PHONE) }, png());
      expect(response.statusCode, response.body).toBe(200);
      expect(envelopeOf<CustomerDocument>(test, response).data).toMatchObject({ filename: '营业执照.png', content_type: 'image/png' });

      const detail = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${id}`));
      expect(detail.customer_files).toHaveLength(1);
      expect(detail.customer_files[0]).toMatchObject({ filename: '营业执照.png', content_type: 'image/png', bytes: PNG_BYTES.length });
      // Not a completion screenshot: the receipt's files are the clerk's.
      expect(detail.files).toEqual([]);
      const served = await test.app.inject({ method: 'GET', url: detail.customer_files[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

      // The clerk continues: back to 办理中, and the customer cannot add to an order no longer waiting.
      dataOf(await asClerk('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.processing, note: '' }));
      expectError(await upload({ id: publicId, phone_token: tokenFor(PHONE) }, png()), 'CUSTOMER_UPLOAD_NOT_REQUESTED');
    });

    it("refuses anyone who has only the order's id, another phone's token or a forged one, alike for an unknown id", async () => {
      const { id, publicId } = await waitingOrder();
      expectError(await upload({ id: publicId }, png()), 'CUSTOMER_UPLOAD_NOT_VERIFIED');
      expectError(await upload({ id: publicId, phone_token: tokenFor(OTHER_PHONE) }, png()), 'CUSTOMER_UPLOAD_NOT_VERIFIED');
      const [expires, mac] = tokenFor(PHONE).split('.');
      expectError(await upload({ id: publicId, phone_token: `${Number(expires) + 60}.${mac}` }, png()), 'CUSTOMER_UPLOAD_NOT_VERIFIED');
      expectError(await upload({ id: 'no-such-order-id', phone_token: tokenFor(PHONE) }, png()), 'CUSTOMER_UPLOAD_NOT_VERIFIED');
      const stored = await test.database.db.selectFrom('order_customer_files').select('id').where('order_id', '=', id).execute();
      expect(stored).toEqual([]);
    });

    it("applies the staff upload's content checks: type by the bytes, markup, size and count", async () => {
      const { id, publicId } = await waitingOrder();
      const token = tokenFor(PHONE);
      expectError(await upload({ id: publicId, phone_token: token }, multipartBody(Buffer.from('GIF89a-not-allowed'), 'a.png', 'image/png')), 'CUSTOMER_UPLOAD_TYPE_INVALID');
      const polyglot = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]);
      expectError(await upload({ id: publicId, phone_token: token }, multipartBody(polyglot, 'a.png', 'image/png')), 'CUSTOMER_UPLOAD_TYPE_INVALID');
      expectError(await upload({ id: publicId, phone_token: token }, multipartBody(Buffer.from('%PDF-1.4\n<< /S /JavaScript /JS (app.alert(1)) >>'), 'a.pdf', 'application/pdf')), 'CUSTOMER_UPLOAD_TYPE_INVALID');
      const big = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      expectError(await upload({ id: publicId, phone_token: token }, multipartBody(big, 'big.png', 'image/png')), 'CUSTOMER_UPLOAD_TOO_LARGE');
      const pdf = await upload({ id: publicId, phone_token: token }, multipartBody(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'), '身份证.pdf', 'application/pdf'));
      expect(pdf.statusCode, pdf.body).toBe(200);
      const pdfUrl = dataOf<ConsoleOrderDetail>(await asClerk('GET', `/api/console/orders/${id}`)).customer_files[0]!.url;
      const servedPdf = await test.app.inject({ method: 'GET', url: pdfUrl });
      expect(servedPdf.headers['content-type']).toBe('application/pdf');
      expect(String(servedPdf.headers['content-disposition'])).toMatch(/^attachment/);
      for (let i = 0; i < 8; i += 1) expect((await upload({ id: publicId, phone_token: token }, png(`p${i}.png`))).statusCode).toBe(200);
      expectError(await upload({ id: publicId, phone_token: token }, png()), 'CUSTOMER_UPLOAD_LIMIT');
      const stored = await test.database.db.selectFrom('order_customer_files').select('content_type').where('order_id', '=', id).execute();
      expect(stored).toHaveLength(9);
    });

    it('is refused while the order does not wait on the customer', async () => {
      const { publicId } = await waitingOrder({ process_status: PROCESS_STATUS.processing, customer_request: null });
      expectError(await upload({ id: publicId, phone_token: tokenFor(PHONE) }, png()), 'CUSTOMER_UPLOAD_NOT_REQUESTED');
    });
  });

  describe('annual-report figures given by phone', () => {
    const figures = { sale_amount: '120.5', tax_amount: '3', total_amount: '80', total_employee: '6', female_employee: '2', insure_employee: '5' };

    it("the handler records them: checked as the customer's form, stored, audited and noted; completing needs no confirmation then", async () => {
      const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '孙专员', process_status: PROCESS_STATUS.processing, first_call_time: test.clock.now.toISOString() });
      expectError(await asClerk('PUT', `/api/console/orders/${id}/declaration`, { entity_extra: { ...figures, total_employee: '' } }), 'DECLARATION_INCOMPLETE');
      expectError(await asClerk('PUT', `/api/console/orders/${id}/declaration`, { entity_extra: { ...figures, female_employee: '9' } }), 'DECLARATION_FEMALE_OVER_TOTAL');
      expectError(await asOther('PUT', `/api/console/orders/${id}/declaration`, { entity_extra: figures }), 'CONSOLE_ORDER_TAKEN_BY_OTHER');

      const detail = dataOf<ConsoleOrderDetail>(await asClerk('PUT', `/api/console/orders/${id}/declaration`, { entity_extra: figures }));
      expect(detail.entity_extra).toMatchObject({ ...figures, sale_amount_show: 'false' });
      expect(detail.notes.map((n) => n.content)).toContain('年报数据由客户电话告知，已代为录入');
      const audit = await auditRows(test, 'order.declaration_by_phone', id);
      expect(JSON.parse(String(audit[0]!.after))).toMatchObject({ entity_extra: { total_employee: '6' } });

      const shot = multipartBody(PNG_BYTES, 'done.png', 'image/png');
      dataOf(await test.app.inject({ method: 'POST', url: `/api/console/orders/${id}/files`, payload: shot.payload, headers: { ...shot.headers, cookie: `kb_console=${clerk.cookie}`, 'x-kb-console': '1' } }));
      const completed = dataOf<ConsoleOrderDetail>(await asClerk('POST', `/api/console/orders/${id}/process-status`, { process_status: PROCESS_STATUS.completed, note: '' }));
      expect(completed.process_status).toBe(PROCESS_STATUS.completed);
    });

    it('are only for annual reports', async () => {
      const id = await insertOrder(test, { admin_id: clerk.staffId, admin_name: '孙专员', goods_type: 'credit_repair', goods_name: '信用修复' });
      expectError(await asClerk('PUT', `/api/console/orders/${id}/declaration`, { entity_extra: figures }), 'CONSOLE_FIGURES_NOT_ANNUAL_REPORT');
    });
  });
});
