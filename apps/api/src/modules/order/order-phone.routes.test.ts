import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG, type CreateOrderResult, type OrderCheckResult } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/*
 * The phone as the visitor wrote it (packages/domain/src/phone.ts `normalizePhone`): the server reads
 * "+86 138-1234-5678" as the form does, stores 13812345678, and never shortens a number that is too long.
 */
describeDialects('the order form\'s phone with a country code (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect });
  });
  afterAll(async () => {
    await test.close();
  });

  // A device of its own per order: the same device's unpaid order would be reused.
  const create = (phone: string, name: string) =>
    signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ entity_phone: phone, entity_name: name }), headers: { 'x-device-id': `device-${name}` } });

  it.each([
    ['+86 138-1234-5678', '甲一科技有限公司'],
    ['8613812345678', '甲二科技有限公司'],
    ['0086 138 1234 5678', '甲三科技有限公司'],
  ])('takes %j and stores 13812345678', async (phone, name) => {
    const response = await create(phone, name);
    const envelope = envelopeOf<CreateOrderResult>(test, response);
    expect(envelope.code, response.body).toBe(0);
    const row = await test.database.db.selectFrom('orders').select('entity_phone').where('public_id', '=', envelope.data.orderId).executeTakeFirstOrThrow();
    expect(row.entity_phone).toBe('13812345678');
  });

  it('answers the "already ordered" check for a number with its country code', async () => {
    const { pay_type: _payType, pay_source: _paySource, ...form } = validOrderForm({ entity_phone: '+86 138 1234 5678' });
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order/check', body: form });
    expect(envelopeOf<OrderCheckResult>(test, response).code, response.body).toBe(0);
  });

  it.each(['+86 138 1234 56789', '138123456789', '+1 138 1234 5678'])('refuses %j rather than cut it into another number', async (phone) => {
    const envelope = envelopeOf(test, await create(phone, '甲四科技有限公司'));
    expect(envelope.code).toBe(ERROR_CATALOG.PHONE_INVALID.code);
  });
});
