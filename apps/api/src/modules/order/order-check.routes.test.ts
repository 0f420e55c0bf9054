import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALREADY_ORDERED_MESSAGES, AUTHORIZATION_TEMPLATE_VERSION, ERROR_CATALOG, type CreateOrderResult, type OrderCheckResult } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ORDER_CHECKS_PER_TEN_MINUTES } from './order.routes.ts';

/*
 * POST /api/h5/order/check, asked when /pay opens (docs/decisions/032-texts-per-service.md): it says
 * what the order's creation would refuse with, "already ordered", in the service's words, and no
 * more: no order, no payment, nothing about who ordered, no answer for a form creation refuses.
 */
describeDialects('the "already ordered" check (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect });
  });
  afterAll(async () => {
    await test.close();
  });

  /** The check's body: the order form without its payment fields. */
  function checkForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const { pay_type: _payType, pay_source: _paySource, ...form } = validOrderForm(overrides);
    return form;
  }

  async function check(overrides: Record<string, unknown> = {}, ip = '203.0.113.1') {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order/check', body: checkForm(overrides), remoteAddress: ip });
    return { status: response.statusCode, envelope: envelopeOf<OrderCheckResult>(test, response) };
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides) });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult | string>(test, response).data;
  }

  async function countRows() {
    const orders = await test.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const attempts = await test.database.db.selectFrom('payment_attempts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { orders: Number(orders.n), attempts: Number(attempts.n) };
  }

  async function pay(created: CreateOrderResult) {
    const cashier = new URL(created.qrcodeUrl!).pathname;
    const paid = await test.app.inject({ method: 'POST', url: `${cashier}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
  }

  const cancellation = { goods_id: '2' };
  // Creating a 注销 needs the confirmed 授权委托书 (decision 035); the check does not ask for it.
  const authorized = { authorization: { template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: '张一鸣', confirmed: true } };

  it('answers "not ordered" and makes no order and no payment', async () => {
    const before = await countRows();
    const { status, envelope } = await check(cancellation);
    expect(status).toBe(200);
    expect(envelope.code).toBe(0);
    expect(envelope.data).toEqual({ alreadyOrdered: false, message: '' });
    expect(await countRows()).toEqual(before);
  });

  it('answers "already ordered" in the service\'s words once the company paid for it, exactly when creation refuses', async () => {
    const created = await create({ ...cancellation, ...authorized, pay_type: 'alipay' });
    // An unpaid order is not "already ordered": creation would go on (it reuses or makes one).
    expect((await check(cancellation)).envelope.data.alreadyOrdered).toBe(false);
    await pay(created as CreateOrderResult);

    const before = await countRows();
    const { envelope } = await check(cancellation);
    expect(envelope.data).toEqual({ alreadyOrdered: true, message: ALREADY_ORDERED_MESSAGES.license_destory });
    expect(envelope.data.message).toBe('当前公司已下单注销代办，无需重复下单');
    // The order's creation tells the same, for the same company and service.
    expect(await create({ ...cancellation, ...authorized })).toBe('paied');
    expect(await countRows()).toEqual(before);

    // Only that service: the annual report and credit repair are still open to order.
    expect((await check({ goods_id: '1' })).envelope.data).toEqual({ alreadyOrdered: false, message: '' });
    expect((await check({ goods_id: '3' })).envelope.data).toEqual({ alreadyOrdered: false, message: '' });
  });

  it('answers whoever asks the same, with nothing about the order or who placed it', async () => {
    const other = await check({ ...cancellation, entity_idno: '11010519491231002X', entity_phone: '13900001111', entity_legal: '别人' });
    const same = await check(cancellation);
    expect(other.envelope.data).toEqual(same.envelope.data);
    expect(Object.keys(same.envelope.data).sort()).toEqual(['alreadyOrdered', 'message']);
    expect(JSON.stringify(same.envelope)).not.toMatch(/KB\d|13812345678|002X|699/);
  });

  it('refuses what creation refuses, with the same codes, before saying anything', async () => {
    const cases: Array<[Record<string, unknown>, keyof typeof ERROR_CATALOG]> = [
      [{ entity_idno: '110105194912310021' }, 'ID_NUMBER_INVALID'],
      [{ entity_phone: '12345678901' }, 'PHONE_INVALID'],
      [{ entity_id: '91110108551385082A' }, 'CREDIT_CODE_INVALID'],
      [{ extra: { consent: false } }, 'CONSENT_REQUIRED'],
      [{ goods_id: '99' }, 'GOODS_NOT_FOUND'],
    ];
    for (const [overrides, code] of cases) {
      const asked = await check({ ...cancellation, ...overrides });
      expect(asked.envelope.code, code).toBe(ERROR_CATALOG[code].code);
      expect(asked.envelope.data ?? null).toBeNull();
      const created = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm({ ...cancellation, ...overrides }) });
      expect(envelopeOf(test, created).code, code).toBe(ERROR_CATALOG[code].code);
    }
  });

  it(`is limited to ${ORDER_CHECKS_PER_TEN_MINUTES} per address in ten minutes`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < ORDER_CHECKS_PER_TEN_MINUTES; i += 1) expect((await check(cancellation, ip)).envelope.code).toBe(0);
    const refused = await check(cancellation, ip);
    expect(refused.status).toBe(429);
    expect(refused.envelope.code).toBe(ERROR_CATALOG.RATE_LIMITED.code);
    // Another address is counted apart; the next window starts afresh.
    expect((await check(cancellation, '203.0.113.78')).envelope.code).toBe(0);
    test.clock.advance(10 * 60_000);
    expect((await check(cancellation, ip)).envelope.code).toBe(0);
  });
});
