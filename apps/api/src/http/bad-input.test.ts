import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, signRequest, type ErrorCode } from '@kuaibao/domain';
import { buildTestApp, signedInject, validOrderForm, type SignedRequest, type TestApp } from '../test/helper.ts';

/** Every bad request gets a catalog error with its HTTP status and Chinese message; nothing is written. */
describe('bad input never reaches a 500', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ companies: 500 });
  });
  afterAll(async () => {
    await test.close();
  });

  async function expectError(request: SignedRequest, code: ErrorCode) {
    const response = await signedInject(test, request);
    const entry = ERROR_CATALOG[code];
    expect(response.statusCode, response.body).toBe(entry.status);
    const body = response.json() as { code: number; msg: string };
    expect(body.code).toBe(entry.code);
    expect(body.msg.split(',')[0]).toBe(entry.message);
  }

  const order = (overrides: Record<string, unknown>): SignedRequest => ({ method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides) });
  const countOrders = async () => (await test.database.db.selectFrom('orders').select('id').execute()).length;

  describe('malformed bodies', () => {
    it.each([
      ['truncated JSON', '{"goods_id": "1",'],
      ['not JSON', 'hello'],
      ['JSON with a trailing comma', '{"a":1,}'],
    ])('answers %s on the order route with MALFORMED_JSON', async (_name, body) => {
      await expectError({ method: 'POST', url: '/api/h5/order', body }, 'MALFORMED_JSON');
    });

    it('answers malformed JSON on the event route', async () => {
      await expectError({ method: 'POST', url: '/api/user/event', body: '[' }, 'MALFORMED_JSON');
    });

    it('answers an empty body and a JSON array with VALIDATION_FAILED', async () => {
      await expectError({ method: 'POST', url: '/api/h5/order', body: '' }, 'VALIDATION_FAILED');
      await expectError({ method: 'POST', url: '/api/h5/order', body: '[]' }, 'VALIDATION_FAILED');
    });

    it('refuses other content types and oversized bodies', async () => {
      const text = await test.app.inject({ method: 'POST', url: '/api/h5/order', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe(ERROR_CATALOG.UNSUPPORTED_MEDIA_TYPE.code);
      await expectError({ method: 'POST', url: '/api/h5/order', body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) }, 'BODY_TOO_LARGE');
    });
  });

  describe('missing, overlong and mistyped fields', () => {
    it.each<[string, Record<string, unknown>, ErrorCode]>([
      ['no pay_type', { pay_type: undefined }, 'VALIDATION_FAILED'],
      ['pay_type of the wrong type', { pay_type: 5 }, 'VALIDATION_FAILED'],
      ['an unknown pay_type', { pay_type: 'card' }, 'VALIDATION_FAILED'],
      ['goods_id as an object', { goods_id: { id: 1 } }, 'VALIDATION_FAILED'],
      ['entity_name as a number', { entity_name: 12 }, 'VALIDATION_FAILED'],
      ['an overlong company name', { entity_name: '公'.repeat(101) }, 'VALIDATION_FAILED'],
      // The field has room for a written country code ("+86 138-1234-5678"), no more; a number one digit too long is the phone rule's.
      ['an overlong phone', { entity_phone: '1'.repeat(21) }, 'VALIDATION_FAILED'],
      ['a phone one digit too long', { entity_phone: '138123456789' }, 'PHONE_INVALID'],
      ['an empty ID number', { entity_idno: '' }, 'FORM_INCOMPLETE'],
      ['an empty phone', { entity_phone: '  ' }, 'FORM_INCOMPLETE'],
      ['no company chosen', { entity_id: '' }, 'COMPANY_NOT_CHOSEN'],
      ['a credit code with a bad check character', { entity_id: '91110108551385082A' }, 'CREDIT_CODE_INVALID'],
      ['an ID number with a bad checksum', { entity_idno: '110105194912310021' }, 'ID_NUMBER_INVALID'],
      ['a phone with an unassigned prefix', { entity_phone: '15412345678' }, 'PHONE_INVALID'],
      ['no consent', { extra: { consent: false } }, 'CONSENT_REQUIRED'],
      ['an unknown goods', { goods_id: '999' }, 'GOODS_NOT_FOUND'],
    ])('rejects %s and writes nothing', async (_name, overrides, code) => {
      const before = await countOrders();
      await expectError(order(overrides), code);
      expect(await countOrders()).toBe(before);
    });

    it('rejects bad events', async () => {
      await expectError({ method: 'POST', url: '/api/user/event', body: { key: 'page.enter', value: 'x', type: 'event' } }, 'VALIDATION_FAILED');
      await expectError({ method: 'POST', url: '/api/user/event', body: { key: 'client.page', value: 'x', type: 'shout' } }, 'VALIDATION_FAILED');
      await expectError({ method: 'POST', url: '/api/user/event', body: { key: 'client.page', value: 'x'.repeat(2001), type: 'event' } }, 'VALIDATION_FAILED');
    });

    it('rejects empty and overlong search keywords', async () => {
      await expectError({ url: '/api/h5/company', query: { keyword: '   ' } }, 'KEYWORD_EMPTY');
      await expectError({ url: '/api/h5/company' }, 'KEYWORD_EMPTY');
      await expectError({ url: '/api/h5/company', query: { keyword: '字'.repeat(51) } }, 'KEYWORD_TOO_LONG');
      await expectError({ url: '/api/h5/company', query: { keyword: '字'.repeat(201) } }, 'VALIDATION_FAILED');
    });

    it('answers searches with query syntax characters normally', async () => {
      for (const keyword of ['"', '*', 'OR', 'NEAR(', "'; DROP TABLE companies; --", '%_', '\\']) {
        const response = await signedInject(test, { url: '/api/h5/company', query: { keyword } });
        expect(response.statusCode, keyword).toBe(200);
        expect(response.json().code).toBe(0);
      }
    });

    it('answers unknown orders with ORDER_NOT_FOUND', async () => {
      await expectError({ url: '/api/h5/order/detail', query: { id: 'no-such-order' } }, 'ORDER_NOT_FOUND');
      await expectError({ url: '/api/h5/order/detail' }, 'VALIDATION_FAILED');
    });
  });

  describe('signatures and replays', () => {
    it('rejects a missing signature', async () => {
      const response = await test.app.inject({ method: 'GET', url: '/api/user/config' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ERROR_CATALOG.SIGNATURE_MISSING.code);
    });

    it('rejects a wrong signature', async () => {
      await expectError({ url: '/api/user/config', signature: '0'.repeat(32) }, 'SIGNATURE_INVALID');
      await expectError({ url: '/api/user/config', signature: 'not-hex' }, 'SIGNATURE_INVALID');
    });

    it('rejects a body changed after signing', async () => {
      const query = { timestamp: String(Math.floor(test.clock.now.getTime() / 1000)), nonce: 'nonce-tampered-1' };
      const signed = JSON.stringify({ key: 'client.a', value: '1', type: 'event' });
      const signature = signRequest({ query, body: signed, secret: test.config.signature.secret });
      const send = (payload: string, nonce: string) =>
        test.app.inject({ method: 'POST', url: '/api/user/event', query: { ...query, nonce, signature: signRequest({ query: { ...query, nonce }, body: signed, secret: test.config.signature.secret }) }, headers: { 'content-type': 'application/json' }, payload });
      expect(signature).toMatch(/^[0-9a-f]{32}$/);
      expect((await send(JSON.stringify({ key: 'client.b', value: '1', type: 'event' }), 'nonce-tampered-1')).statusCode).toBe(401);
      expect((await send(signed, 'nonce-tampered-2')).statusCode).toBe(200);
    });

    it('rejects timestamps outside the window either way', async () => {
      const now = Math.floor(test.clock.now.getTime() / 1000);
      await expectError({ url: '/api/user/config', timestamp: now - 301 }, 'SIGNATURE_EXPIRED');
      await expectError({ url: '/api/user/config', timestamp: now + 301 }, 'SIGNATURE_EXPIRED');
      const edge = await signedInject(test, { url: '/api/user/config', timestamp: now - 299 });
      expect(edge.statusCode).toBe(200);
    });

    it('rejects a replayed nonce', async () => {
      const first = await signedInject(test, { url: '/api/user/config', nonce: 'nonce-replay-0001' });
      expect(first.statusCode).toBe(200);
      await expectError({ url: '/api/user/config', nonce: 'nonce-replay-0001' }, 'REQUEST_REPLAYED');
    });

    it('rejects a replayed order creation without writing twice', async () => {
      const request = order({ entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路', pay_source: 'native' });
      const before = await countOrders();
      const first = await signedInject(test, { ...request, nonce: 'nonce-order-replay-1' });
      expect(first.statusCode, first.body).toBe(200);
      await expectError({ ...request, nonce: 'nonce-order-replay-1' }, 'REQUEST_REPLAYED');
      expect(await countOrders()).toBe(before + 1);
    });
  });

  describe('routes', () => {
    it('answers unknown API paths and methods with the envelope', async () => {
      await expectError({ url: '/api/nope' }, 'NOT_FOUND');
      await expectError({ method: 'DELETE', url: '/api/h5/order' }, 'NOT_FOUND');
    });

    it('rejects forged notifications without touching orders', async () => {
      const response = await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{"id":"x"}' });
      expect(response.statusCode).toBe(400);
      const unknown = await test.app.inject({ method: 'POST', url: '/api/pay/notify/paypal', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
