import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_VERSION, ERROR_CATALOG, creditCodeCheckChar, type CompanySearchItem, type CreateOrderResult, type ErrorCode, type OrderRecord } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/*
 * The status × service rule on the server (docs/product/registration-status.md): POST /api/h5/order
 * refuses what a company's 登记状态 rules out, reading the status from the directory itself; and a
 * 信用修复 order names the record it repairs, which is stored and shown.
 */
describeDialects('orders refused by the registration status (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect });
  });
  afterAll(async () => {
    await test.close();
  });

  // Fixed companies of the seeded directory (apps/api/src/seed/synthetic-companies.ts), given a status here.
  const cancelled = { entity_name: '上海浦江之星软件开发有限公司', entity_id: '91310115MA1H8W3T15', entity_legal: '李明远' };
  const revoked = { entity_name: '深圳市ABAB文化传媒有限公司', entity_id: '91440300MA5FK2DL93', entity_legal: '欧阳建华' };
  const active = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };

  beforeAll(async () => {
    await test.database.db.updateTable('companies').set({ status: '注销' }).where('credit_code', '=', cancelled.entity_id).execute();
    await test.database.db.updateTable('companies').set({ status: '吊销，未注销' }).where('credit_code', '=', revoked.entity_id).execute();
  });

  const annualReport = { goods_id: '1' };
  const cancellation = (legal: string) => ({ goods_id: '2', authorization: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: legal, confirmed: true } });
  const creditRepair = { goods_id: '3' };

  async function order(overrides: Record<string, unknown>) {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides) });
    return { status: response.statusCode, envelope: envelopeOf<CreateOrderResult | string>(test, response) };
  }

  async function ordersOf(entityId: string) {
    return test.database.db.selectFrom('orders').select(['goods_type', 'credit_record', 'public_id']).where('entity_id', '=', entityId).execute();
  }

  function expectRefused(answer: { status: number; envelope: { code: number; msg: string } }, code: ErrorCode) {
    expect(answer.status).toBe(ERROR_CATALOG[code].status);
    expect(answer.envelope.code).toBe(ERROR_CATALOG[code].code);
    expect(answer.envelope.msg.split(',')[0]).toBe(ERROR_CATALOG[code].message);
  }

  it('shows each suggestion with its registration status', async () => {
    const response = await signedInject(test, { url: '/api/h5/company', query: { keyword: '浦江之星' } });
    const items = envelopeOf<CompanySearchItem[]>(test, response).data;
    expect(items.find((item) => item.credit_code === cancelled.entity_id)).toMatchObject({ status: 'cancelled', status_text: '注销' });
    const abab = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword: 'ABAB文化' } })).data;
    expect(abab.find((item) => item.credit_code === revoked.entity_id)).toMatchObject({ status: 'revoked', status_text: '吊销' });
    const huawei = envelopeOf<CompanySearchItem[]>(test, await signedInject(test, { url: '/api/h5/company', query: { keyword: '华为技术' } })).data;
    expect(huawei.find((item) => item.credit_code === active.entity_id)).toMatchObject({ status: 'active', status_text: '' });
  });

  it('refuses every service for a 注销 company, whatever the client says its status is, and writes nothing', async () => {
    for (const service of [annualReport, cancellation(cancelled.entity_legal), creditRepair]) {
      // A forged status in the body changes nothing: the server reads the directory.
      const answer = await order({ ...cancelled, ...service, status: 'active', entity_extra: { status: '存续' } });
      expectRefused(answer, 'COMPANY_DEREGISTERED');
    }
    expect(await ordersOf(cancelled.entity_id)).toEqual([]);
  });

  it('refuses the annual report of a 吊销 company and takes its 注销', async () => {
    expectRefused(await order({ ...revoked, ...annualReport }), 'COMPANY_REVOKED_ANNUAL_REPORT');
    expect(await ordersOf(revoked.entity_id)).toEqual([]);

    const taken = await order({ ...revoked, ...cancellation(revoked.entity_legal) });
    expect(taken.status).toBe(200);
    expect(taken.envelope.code).toBe(0);
    expect((taken.envelope.data as CreateOrderResult).orderId).toBeTruthy();
    expect((await ordersOf(revoked.entity_id)).map((row) => row.goods_type)).toEqual(['license_destory']);
  });

  it('takes an order for a company the directory does not hold (nothing known against it)', async () => {
    const first17 = '91110000MA0000001';
    const unknown = { entity_name: '某某未收录有限公司', entity_id: `${first17}${creditCodeCheckChar(first17)}`, entity_legal: '王某' };
    const answer = await order({ ...unknown, ...annualReport });
    expect(answer.envelope.code, answer.envelope.msg).toBe(0);
  });

  it('asks a 信用修复 order for the record to repair, refuses none or an unknown one, and stores and shows the one chosen', async () => {
    expectRefused(await order({ ...active, ...creditRepair, credit_record: undefined }), 'CREDIT_RECORD_REQUIRED');
    expectRefused(await order({ ...active, ...creditRepair, credit_record: '经营异常名录' }), 'CREDIT_RECORD_REQUIRED');
    expectRefused(await order({ ...active, ...creditRepair, credit_record: 'toString' }), 'CREDIT_RECORD_REQUIRED');
    expect(await ordersOf(active.entity_id)).toEqual([]);

    const created = await order({ ...active, ...creditRepair, credit_record: 'serious_violation' });
    expect(created.envelope.code, created.envelope.msg).toBe(0);
    const [row] = await ordersOf(active.entity_id);
    expect(row).toMatchObject({ goods_type: 'credit_repair', credit_record: 'serious_violation' });

    // The visitor's order detail names it (to the ordering device, which holds the order's key).
    const { editKey } = created.envelope.data as CreateOrderResult;
    const detail = envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: row!.public_id, key: editKey! } })).data;
    expect(detail.credit_record).toBe('serious_violation');
  });

  it('stores no record for the other services, even when one is sent', async () => {
    const someone = { entity_name: '贵州茅台酒股份有限公司', entity_id: '91520000214434146R', entity_legal: '张德芹' };
    const created = await order({ ...someone, ...annualReport, credit_record: 'administrative_penalty' });
    expect(created.envelope.code, created.envelope.msg).toBe(0);
    expect(await ordersOf(someone.entity_id)).toEqual([expect.objectContaining({ goods_type: 'license_year', credit_record: null })]);
  });
});
