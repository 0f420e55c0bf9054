import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DELETION_CODE_MAX_ATTEMPTS,
  ERROR_CATALOG,
  LOOKUP_PHONE_TOKEN_TTL_MS,
  maskCompanyName,
  type CreateOrderResult,
  type ErrorCode,
  type LookupOrder,
  type LookupVerifyResponse,
  type MaskedOrder,
  type OrderRecord,
  type PhoneLookupResponse,
} from '@kuaibao/domain';
import type { SendSmsInput } from '../../providers/sms/port.ts';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';

/**
 * The phone lookup masked until proven (docs/decisions/049-phone-lookup-masked-until-proven.md): a
 * phone alone shows service, status, the masked company and the date; the ordering device (the
 * order's key) or an SMS code to the phone (a signed 30-day token) shows the order whole. The code
 * request answers the same whether or not the phone has orders, and texts only a phone that has.
 */
describeDialects('phone lookup masked until proven (%s)', (dialect) => {
  let test: TestApp;
  const sent: SendSmsInput[] = [];
  const PHONE = '13700000711';
  const OTHER_PHONE = '13700000712';
  const NO_ORDERS = '13700000799';
  let mine: CreateOrderResult;
  let second: CreateOrderResult;
  let other: CreateOrderResult;

  const post = (url: string, body: object) => signedInject(test, { method: 'POST', url, body });
  const lookup = async (query: Record<string, string>) => {
    const response = await signedInject(test, { url: '/api/h5/order/phone', query });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<PhoneLookupResponse>(test, response).data;
  };
  const detail = async (query: Record<string, string>) => {
    const response = await signedInject(test, { url: '/api/h5/order/detail', query });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<OrderRecord | (LookupOrder & { id: string })>(test, response).data;
  };
  function expectError(response: { statusCode: number; body: string }, code: ErrorCode) {
    expect(response.statusCode, response.body).toBe(ERROR_CATALOG[code].status);
    expect((JSON.parse(response.body) as { code: number }).code).toBe(ERROR_CATALOG[code].code);
  }
  /** Everything a stranger must not read from a masked answer. */
  function expectNothingNaming(answer: unknown, order: CreateOrderResult, legal: string, company: string) {
    const text = JSON.stringify(answer);
    expect(text).not.toContain(legal);
    expect(text).not.toContain(company);
    expect(text).not.toContain(order.editKey);
    expect(text).not.toMatch(/KB\d{6,}/);
    expect(text).not.toContain('"total_fee"');
    expect(text).not.toContain('"entity_idno"');
    expect(text).not.toContain('"entity_phone"');
  }

  async function createAndPay(overrides: Record<string, unknown>): Promise<CreateOrderResult> {
    const response = await post('/api/h5/order', validOrderForm({ pay_source: 'native', ...overrides }));
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const paid = await test.app.inject({ method: 'POST', url: `${new URL(created.qrcodeUrl!).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(200);
    return created;
  }

  beforeAll(async () => {
    test = await buildTestApp({ dialect });
    const sms = test.app.services.sms as { send: (input: SendSmsInput) => Promise<unknown> };
    sms.send = async (input) => {
      sent.push(input);
      return { ok: true, providerMessageId: `test-${sent.length}` };
    };
    mine = await createAndPay({ entity_phone: PHONE });
    second = await createAndPay({ goods_id: '3', entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路', entity_phone: PHONE });
    other = await createAndPay({ goods_id: '3', entity_phone: OTHER_PHONE });
  });
  afterAll(async () => {
    await test.close();
  });

  it('shows a phone alone only service, status, the masked company and the date: no name, number, amount or id', async () => {
    const answer = await lookup({ phone: PHONE });
    expect(answer.verified).toBe(false);
    expect(answer.orders).toHaveLength(2);
    for (const order of answer.orders) {
      expect(order.access).toBe('masked');
      expect(Object.keys(order).sort()).toEqual(['access', 'create_date', 'entity_name', 'goods_name', 'goods_type', 'process_status', 'process_status_name', 'status']);
      expect((order as MaskedOrder).create_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(answer.orders.map((o) => o.entity_name).sort()).toEqual([maskCompanyName('北京字节跳动科技有限公司'), maskCompanyName('华为技术有限公司')].sort());
    expectNothingNaming(answer, mine, '张一鸣', '字节跳动');
    expectNothingNaming(answer, second, '赵明路', '华为技术');
    expect(JSON.stringify(answer)).not.toContain(mine.orderId);
    expect(JSON.stringify(answer)).not.toContain(second.orderId);
  });

  it("shows the ordering device its own orders whole (the order's key), and only those", async () => {
    const answer = await lookup({ phone: PHONE, keys: `${mine.orderId}.${mine.editKey}` });
    const whole = answer.orders.filter((o) => o.access === 'full') as OrderRecord[];
    expect(whole.map((o) => o.id)).toEqual([mine.orderId]);
    expect(whole[0]).toMatchObject({ entity_name: '北京字节跳动科技有限公司', entity_legal: '张一鸣', entity_phone: PHONE });
    expect(answer.orders.filter((o) => o.access === 'masked')).toHaveLength(1);
    expect(answer.verified).toBe(false);
  });

  it('gives the masked view to forged, swapped and foreign keys', async () => {
    for (const keys of [
      `${mine.orderId}.${'A'.repeat(32)}`,
      `${mine.orderId}.${second.editKey}`,
      `${mine.orderId}.${mine.editKey.slice(0, 31)}`,
      `${second.orderId}.${mine.editKey}`,
      `${other.orderId}.${other.editKey}`,
      `${mine.orderId}`,
      '.,..,',
    ]) {
      const answer = await lookup({ phone: PHONE, keys });
      expect(answer.orders.every((o) => o.access === 'masked'), keys).toBe(true);
    }
  });

  it('answers the code request the same whether or not the phone has orders, and texts only a phone that has', async () => {
    const withOrders = await post('/api/h5/order/phone/code', { phone: PHONE });
    const without = await post('/api/h5/order/phone/code', { phone: NO_ORDERS });
    expect(withOrders.statusCode, withOrders.body).toBe(200);
    expect(without.statusCode).toBe(withOrders.statusCode);
    expect(without.body).toBe(withOrders.body);
    expect(JSON.parse(withOrders.body)).toMatchObject({ code: 0, data: { expires_in: 600, resend_in: 60 } });
    // The SMS goes out after the answer (its time must not tell): wait for it, then for nothing more.
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: PHONE, template: 'lookup_code' });
    expect(sent[0]!.text).toContain(sent[0]!.params.code!);
    expect(sent.some((s) => s.phone === NO_ORDERS)).toBe(false);

    // The limits too: a second code within the minute is refused alike.
    const again = await post('/api/h5/order/phone/code', { phone: PHONE });
    const againWithout = await post('/api/h5/order/phone/code', { phone: NO_ORDERS });
    expectError(again, 'DELETION_CODE_TOO_SOON');
    expect(againWithout.statusCode).toBe(again.statusCode);
    expect(againWithout.body).toBe(again.body);

    // Stored as a salted hash, never as sent.
    const rows = await test.database.db.selectFrom('lookup_codes').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]+\$[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(sent[0]!.params.code!);
      expect(row.phone_hash).not.toContain(PHONE);
    }
  });

  it('a wrong code is refused alike for both phones; the right one gives a signed token that opens every order of the phone', async () => {
    const code = sent[0]!.params.code!;
    const wrong = code === '000000' ? '000001' : '000000';
    const wrongWith = await post('/api/h5/order/phone/verify', { phone: PHONE, code: wrong });
    const wrongWithout = await post('/api/h5/order/phone/verify', { phone: NO_ORDERS, code: wrong });
    expectError(wrongWith, 'DELETION_CODE_WRONG');
    expect(wrongWithout.body).toBe(wrongWith.body);

    const response = await post('/api/h5/order/phone/verify', { phone: PHONE, code });
    expect(response.statusCode, response.body).toBe(200);
    const { phone_token: token, expires_at: expiresAt } = envelopeOf<LookupVerifyResponse>(test, response).data;
    expect(Date.parse(expiresAt) - test.clock.now.getTime()).toBeGreaterThan(LOOKUP_PHONE_TOKEN_TTL_MS - 2000);
    // Used once: the same code proves nothing again.
    expectError(await post('/api/h5/order/phone/verify', { phone: PHONE, code }), 'DELETION_CODE_MISSING');

    const answer = await lookup({ phone: PHONE, phone_token: token });
    expect(answer.verified).toBe(true);
    expect(answer.orders.every((o) => o.access === 'full')).toBe(true);
    expect((answer.orders as OrderRecord[]).map((o) => o.entity_legal).sort()).toEqual(['张一鸣', '赵明路'].sort());

    // Attack: the token of one phone opens nothing of another.
    const foreign = await lookup({ phone: OTHER_PHONE, phone_token: token });
    expect(foreign.verified).toBe(false);
    expect(foreign.orders.every((o) => o.access === 'masked')).toBe(true);
    expect((await detail({ id: other.orderId, phone_token: token })) as { access?: string }).toMatchObject({ access: 'masked' });

    // Attack: forged, altered and stretched tokens.
    const [expiry, mac] = token.split('.') as [string, string];
    for (const forged of [`${Number(expiry) + 86400}.${mac}`, `${expiry}.${'A'.repeat(32)}`, `${expiry}.${mac.slice(0, 31)}x`, `9999999999.${mac}`, mac, `${expiry}.`, 'x'.repeat(200)]) {
      const tried = await lookup({ phone: PHONE, phone_token: forged });
      expect(tried.verified, forged).toBe(false);
      expect(tried.orders.every((o) => o.access === 'masked'), forged).toBe(true);
    }

    // Attack: an expired token (the device remembers the phone for 30 days, no longer).
    test.clock.advance(LOOKUP_PHONE_TOKEN_TTL_MS + 1000);
    const expired = await lookup({ phone: PHONE, phone_token: token });
    expect(expired.verified).toBe(false);
    expect(expired.orders.every((o) => o.access === 'masked')).toBe(true);
  });

  it(`dies after ${DELETION_CODE_MAX_ATTEMPTS} wrong tries, even for the right code, and expires after ten minutes`, async () => {
    test.clock.advance(24 * 3600 * 1000);
    expect((await post('/api/h5/order/phone/code', { phone: PHONE })).statusCode).toBe(200);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const code = sent[1]!.params.code!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < DELETION_CODE_MAX_ATTEMPTS; i++) expectError(await post('/api/h5/order/phone/verify', { phone: PHONE, code: wrong }), 'DELETION_CODE_WRONG');
    expectError(await post('/api/h5/order/phone/verify', { phone: PHONE, code }), 'DELETION_CODE_LOCKED');

    test.clock.advance(61_000);
    expect((await post('/api/h5/order/phone/code', { phone: PHONE })).statusCode).toBe(200);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    test.clock.advance(10 * 60_000 + 1);
    expectError(await post('/api/h5/order/phone/verify', { phone: PHONE, code: sent[2]!.params.code! }), 'DELETION_CODE_EXPIRED');
  });

  it('sends at most five codes a day to a phone, alike with or without orders', async () => {
    test.clock.advance(24 * 3600 * 1000);
    for (const phone of [PHONE, NO_ORDERS]) {
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/h5/order/phone/code', { phone })).statusCode).toBe(200);
        test.clock.advance(61_000);
      }
    }
    const refused = await post('/api/h5/order/phone/code', { phone: PHONE });
    const refusedWithout = await post('/api/h5/order/phone/code', { phone: NO_ORDERS });
    expectError(refused, 'RATE_LIMITED');
    expect(refusedWithout.body).toBe(refused.body);
  });

  describe('the detail by id', () => {
    it("gives an id without proof the masked view; the order's key, the owner's phone token, the whole order", async () => {
      const masked = (await detail({ id: mine.orderId })) as Record<string, unknown>;
      expect(masked).toMatchObject({ access: 'masked', id: mine.orderId, entity_name: maskCompanyName('北京字节跳动科技有限公司') });
      expectNothingNaming(masked, mine, '张一鸣', '字节跳动');
      expect((await detail({ id: mine.orderId, key: second.editKey })) as Record<string, unknown>).toMatchObject({ access: 'masked' });
      expect((await detail({ id: mine.orderId, key: 'A'.repeat(32) })) as Record<string, unknown>).toMatchObject({ access: 'masked' });

      const whole = (await detail({ id: mine.orderId, key: mine.editKey })) as OrderRecord;
      expect(whole).toMatchObject({ id: mine.orderId, entity_legal: '张一鸣', entity_phone: PHONE });
      expect(whole).not.toHaveProperty('access');
    });
  });
});
