import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ID_NUMBER_CONSENT_VERSION, RETENTION_PLACEHOLDER, type Agreement, type CreateOrderResult, type ErrorCode, type InitResponse, type OrderRecord } from '@kuaibao/domain';
import { FIRST_AGREEMENT_VERSION } from '../../seed/defaults.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * Two consents, each recorded with its version and the server's time, and the declaration the
 * server says is still to come (docs/decisions/050-separate-id-number-consent.md).
 */
const DECLARATION = {
  sale_amount: '12.5', sale_amount_show: 'true', tax_amount: '0.8', tax_amount_show: 'false',
  total_amount: '30', total_amount_show: 'false', total_employee: '5', total_employee_show: 'true',
  female_employee: '2', female_employee_show: 'false', insure_employee: '0', insure_employee_show: 'false',
};
const BOTH = { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION };
const HUAWEI = { entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' };
const TENCENT = { entity_name: '深圳市腾讯计算机系统有限公司', entity_id: '9144030071526726XG', entity_legal: '马化腾' };

describeDialects('the two consents of an order and the pending declaration (%s)', (dialect) => {
  let test: TestApp;
  const start = new Date('2026-11-29T02:00:00.000Z');

  function expectError(response: { statusCode: number; json(): unknown; body: string }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((response.json() as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }
  const post = (url: string, overrides: Record<string, unknown>) => signedInject(test, { method: 'POST', url, body: validOrderForm(overrides) });
  const orderCount = async () => Number((await test.database.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const row = (publicId: string) =>
    test.database.db.selectFrom('orders').select(['consent_version', 'consent_time', 'idno_consent_version', 'idno_consent_time']).where('public_id', '=', publicId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    // Retention periods other than the defaults, so the agreement can only say them by reading them.
    test = await buildTestApp({ dialect, companies: 500, now: start, env: { RETENTION_ID_NUMBER_DAYS: '45', RETENTION_UNPAID_DAYS: '12', RETENTION_EVENTS_DAYS: '0' } });
  });
  afterAll(async () => {
    await test.close();
  });

  it('records each consent with its own version and the server’s time', async () => {
    const response = await post('/api/h5/order', { extra: BOTH });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    expect(await row(created.orderId)).toEqual({
      consent_version: FIRST_AGREEMENT_VERSION,
      consent_time: start.toISOString(),
      idno_consent_version: ID_NUMBER_CONSENT_VERSION,
      idno_consent_time: start.toISOString(),
    });

    // Another payment method reuses the unpaid order: both consents are the latest ones.
    test.clock.advance(60_000);
    const again = envelopeOf<CreateOrderResult>(test, await post('/api/h5/order', { extra: BOTH, pay_type: 'alipay' })).data;
    expect(again.orderId).toBe(created.orderId);
    const later = new Date(start.getTime() + 60_000).toISOString();
    expect(await row(created.orderId)).toMatchObject({ consent_time: later, idno_consent_time: later, idno_consent_version: ID_NUMBER_CONSENT_VERSION });
  });

  it('refuses an order without the ID-number consent, or the agreement’s, with the catalog error and writes nothing', async () => {
    const before = await orderCount();
    const { idno_consent: _idno, ...agreementOnly } = BOTH;
    expectError(await post('/api/h5/order', { ...HUAWEI, extra: agreementOnly }), 'ID_NUMBER_CONSENT_REQUIRED');
    expectError(await post('/api/h5/order', { ...HUAWEI, extra: { ...BOTH, idno_consent: false } }), 'ID_NUMBER_CONSENT_REQUIRED');
    // A string is not a consent: the request's shape is refused.
    expect((await post('/api/h5/order', { ...HUAWEI, extra: { ...BOTH, idno_consent: 'true' } })).statusCode).toBe(400);
    // The ID-number consent does not stand in for the agreement's.
    expectError(await post('/api/h5/order', { ...HUAWEI, extra: { ...BOTH, consent: false } }), 'CONSENT_REQUIRED');
    // "Already ordered?" reads the same form: it is refused the same way.
    expectError(await post('/api/h5/order/check', { ...HUAWEI, extra: agreementOnly }), 'ID_NUMBER_CONSENT_REQUIRED');
    expect(await orderCount()).toBe(before);
  });

  it('accepts only the current ID-number consent text', async () => {
    const before = await orderCount();
    expectError(await post('/api/h5/order', { ...HUAWEI, extra: { ...BOTH, idno_consent_version: 'sfz-2020-01' } }), 'ID_NUMBER_CONSENT_OUTDATED');
    const { idno_consent_version: _version, ...unversioned } = BOTH;
    expectError(await post('/api/h5/order', { ...HUAWEI, extra: unversioned }), 'ID_NUMBER_CONSENT_OUTDATED');
    expect(await orderCount()).toBe(before);
  });

  it('says whether a paid annual report still waits for its figures; filing ends it', async () => {
    const created = envelopeOf<CreateOrderResult>(test, await post('/api/h5/order', { ...TENCENT, extra: BOTH })).data;
    const detail = async () => envelopeOf<OrderRecord>(test, await signedInject(test, { url: '/api/h5/order/detail', query: { id: created.orderId, key: created.editKey! } })).data;
    // Unpaid: nothing to fill in yet.
    expect((await detail()).declaration_pending).toBe(false);
    const outTradeNo = new URL(created.qrcodeUrl!).pathname.split('/').pop()!;
    const paid = await test.app.inject({ method: 'POST', url: `/sandbox/cashier/${outTradeNo}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
    expect((await detail()).declaration_pending).toBe(true);

    const filed = await signedInject(test, { method: 'PUT', url: '/api/h5/order', body: { id: created.orderId, corp_id: 0, entity_extra: DECLARATION, edit_key: created.editKey } });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(envelopeOf<OrderRecord>(test, filed).data.declaration_pending).toBe(false);
    expect((await detail()).declaration_pending).toBe(false);
  });

  it('renders the agreement’s retention clauses from the retention settings, for start-up and for the agreement route', async () => {
    const { config } = envelopeOf<InitResponse>(test, await signedInject(test, { url: '/api/h5/corp' })).data;
    const current = envelopeOf<Agreement>(test, await signedInject(test, { url: '/api/h5/agreement' })).data;
    for (const text of [config.privacy ?? '', current.text]) {
      expect(text).not.toContain(RETENTION_PLACEHOLDER);
      expect(text).toContain('保留45天');
      expect(text).toContain('12天后');
      // 0 keeps analytics rows: the text says so rather than "0天".
      expect(text).toContain('访问统计记录（设备标识、访问来源、操作日志）：不自动删除');
      // The typed period the settings never applied is gone.
      expect(text).not.toContain('再保留30天');
    }
    // The version is the stored one: rendering changes no version.
    expect(current.version).toBe(FIRST_AGREEMENT_VERSION);
  });
});

describe('the order record’s declaration_pending', () => {
  it('is part of the visitor contract (a required boolean)', async () => {
    const { OrderRecordSchema } = await import('@kuaibao/domain');
    expect(OrderRecordSchema.shape.declaration_pending.safeParse(undefined).success).toBe(false);
  });
});
