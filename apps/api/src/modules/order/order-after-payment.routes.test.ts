import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG, type CreateOrderResult, type ErrorCode, type OrderRecord, type PhoneLookupResponse } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

describeDialects('after payment: lookup by phone, declaration, report (%s)', (dialect) => {
  let test: TestApp;
  let paidAnnual: CreateOrderResult;
  let unpaid: CreateOrderResult;
  const phone = '13912345678';

  async function pay(created: CreateOrderResult) {
    const path = new URL(created.qrcodeUrl!).pathname;
    const response = await test.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(response.statusCode).toBe(200);
  }

  async function create(overrides: Record<string, unknown>) {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: phone, ...overrides }) });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(test, response).data;
  }

  async function expectError(response: { statusCode: number; json(): unknown; body: string }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }

  beforeAll(async () => {
    test = await buildTestApp({ dialect });
    paidAnnual = await create({});
    await pay(paidAnnual);
    unpaid = await create({ goods_id: '3', entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists paid orders for a phone, spaces removed, newest first, encrypted and masked', async () => {
    // As the ordering device asks (its orders' keys, decision 049): whole.
    const keys = [paidAnnual, unpaid].map((order) => `${order.orderId}.${order.editKey}`).join(',');
    const response = await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '139 1234 5678', keys } });
    const envelope = envelopeOf<PhoneLookupResponse>(test, response);
    expect(envelope.encrypt).toBe(true);
    const orders = envelope.data.orders as OrderRecord[];
    expect(orders.map((o) => o.id)).toEqual([paidAnnual.orderId]);
    expect(orders[0]!.entity_idno).toBe('110***********002X');
  });

  it('answers an unknown phone with an empty list and bad phones with the spec messages', async () => {
    expect(envelopeOf<PhoneLookupResponse>(test, await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '13800000000' } })).data).toEqual({ verified: false, orders: [] });
    await expectError(await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '  ' } }), 'PHONE_EMPTY');
    await expectError(await signedInject(test, { url: '/api/h5/order/phone' }), 'PHONE_EMPTY');
    await expectError(await signedInject(test, { url: '/api/h5/order/phone', query: { phone: '12345' } }), 'PHONE_INVALID');
  });

  it('validates the annual declaration with the spec messages and stores nothing on failure', async () => {
    // The visitor who created the order files it with its edit key (decision 012; refusals in order-declaration-rights.test.ts).
    const put = (entity_extra: Record<string, string>, order: Pick<CreateOrderResult, 'orderId' | 'editKey'> = paidAnnual) =>
      signedInject(test, { method: 'PUT', url: '/api/h5/order', body: { id: order.orderId, corp_id: 0, entity_extra, edit_key: order.editKey } });
    const complete = {
      sale_amount: '12.5', sale_amount_show: 'true', tax_amount: '0.8', tax_amount_show: 'false',
      total_amount: '30', total_amount_show: 'false', total_employee: '5', total_employee_show: 'true',
      female_employee: '2', female_employee_show: 'false', insure_employee: '0', insure_employee_show: 'false',
    };
    await expectError(await put({ ...complete, tax_amount: ' ' }), 'DECLARATION_INCOMPLETE');
    await expectError(await put({ ...complete, sale_amount: '十万' }), 'DECLARATION_NOT_NUMBER');
    await expectError(await put({ ...complete, total_employee: '0' }), 'DECLARATION_EMPLOYEES_MIN');
    // Impossible staff figures: more insured, or more women, than staff.
    await expectError(await put({ ...complete, total_employee: '5', insure_employee: '12' }), 'DECLARATION_INSURED_OVER_TOTAL');
    await expectError(await put({ ...complete, total_employee: '5', female_employee: '6' }), 'DECLARATION_FEMALE_OVER_TOTAL');
    await expectError(await put(complete, { orderId: 'no-such-order', editKey: paidAnnual.editKey }), 'ORDER_NOT_FOUND');
    await expectError(await put(complete, unpaid), 'ORDER_NOT_EDITABLE');
    const before = await test.database.db.selectFrom('orders').select('entity_extra').where('public_id', '=', paidAnnual.orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(before.entity_extra)).toBeNull();

    const saved = envelopeOf<OrderRecord>(test, await put({ ...complete, sale_amount: ' 12.5 ' }));
    expect(saved.code).toBe(0);
    expect(saved.data.entity_extra).toMatchObject({ sale_amount: '12.5', total_employee: '5', sale_amount_show: 'true' });

    // A later correction with impossible staff figures is refused and leaves the filed figures as they were.
    await expectError(await put({ ...complete, insure_employee: '12' }), 'DECLARATION_INSURED_OVER_TOTAL');
    const after = await test.database.db.selectFrom('orders').select('entity_extra').where('public_id', '=', paidAnnual.orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(after.entity_extra)).toMatchObject({ total_employee: '5', insure_employee: '0', female_employee: '2' });
  });

  it('stores a platform report and rejects an empty reason', async () => {
    const ok = await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '交易欺诈', content: '有人冒充贵司客服', contact: '13800000000' } } });
    expect(ok.statusCode, ok.body).toBe(200);
    await expectError(await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '交易欺诈', content: '   ', contact: '' } } }), 'REPORT_REASON_EMPTY');
    await expectError(await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '交易欺诈', content: '长'.repeat(501), contact: '' } } }), 'REPORT_TOO_LONG');
    await expectError(await signedInject(test, { method: 'POST', url: '/api/user/feedback', body: { report: { type: '乱填', content: '内容', contact: '' } } }), 'REPORT_TYPE_INVALID');
    const rows = await test.database.db.selectFrom('feedback').select(['type', 'content']).execute();
    expect(rows).toEqual([{ type: '交易欺诈', content: '有人冒充贵司客服' }]);
  });
});
