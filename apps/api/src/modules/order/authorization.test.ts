import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_VERSION, type ConsoleOrderDetail, type CreateOrderResult } from '@kuaibao/domain';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, dataOf, expectError, login, type Call, type ConsoleTestApp } from '../console/console.test-support.ts';

/** A cancellation (goods 2) for the seeded company whose legal representative is 张一鸣. */
const cancellation = (authorization: unknown, overrides: Record<string, unknown> = {}) =>
  validOrderForm({ goods_id: '2', ...(authorization === undefined ? {} : { authorization }), ...overrides });
const confirmed = (signer = '张一鸣') => ({ template_version: AUTHORIZATION_TEMPLATE_VERSION, signer_name: signer, confirmed: true });

/** The 授权委托书 before paying for a cancellation (docs/decisions/035-cancellation-authorisation.md), on each database. */
describeDialects('cancellation authorisation (%s)', (dialect) => {
  let test: ConsoleTestApp;
  let asAdmin: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp(dialect);
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    dataOf(await asAdmin('PUT', '/api/console/site-config/operator_name', { value: '杭州快报企业服务有限公司' }));
  });
  afterAll(async () => {
    await test.close();
  });

  const place = (body: Record<string, unknown>, headers: Record<string, string> = {}) => signedInject(test, { method: 'POST', url: '/api/h5/order', body, headers });

  it('refuses a cancellation without a confirmed authorisation, with a name other than the legal representative’s, or on an older template', async () => {
    expectError(await place(cancellation(undefined)), 'AUTHORIZATION_REQUIRED');
    expectError(await place(cancellation({ ...confirmed(), confirmed: false })), 'AUTHORIZATION_REQUIRED');
    expectError(await place(cancellation(confirmed('张一'))), 'AUTHORIZATION_NAME_MISMATCH');
    expectError(await place(cancellation({ ...confirmed(), template_version: 'zx-2025-01' })), 'AUTHORIZATION_OUTDATED');
    // Nothing was created: no order, no authorisation.
    expect(await test.database.db.selectFrom('orders').select('id').where('goods_id', '=', 2).execute()).toEqual([]);
    expect(await test.database.db.selectFrom('order_authorizations').select('id').execute()).toEqual([]);
  });

  it('records the confirmed text, name, server time, template version and the socket address, not a forged X-Forwarded-For', async () => {
    const response = await place(cancellation(confirmed(' 张 一鸣 ')), { 'x-forwarded-for': '203.0.113.66' });
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const order = await test.database.db.selectFrom('orders').select(['id', 'status']).where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    const row = await test.database.db.selectFrom('order_authorizations').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      template_version: AUTHORIZATION_TEMPLATE_VERSION,
      signer_name: '张 一鸣',
      agent_name: '杭州快报企业服务有限公司',
      confirmed_at: test.clock.now.toISOString(),
      client_ip: '127.0.0.1',
    });
    expect(row.text).toContain('委托人（市场主体）：北京字节跳动科技有限公司');
    expect(row.text).toContain('法定代表人（负责人）：张一鸣');
    expect(row.text).toContain('受托人（代理机构）：杭州快报企业服务有限公司');
    expect(row.text).toContain('委托事项：');
    expect(row.text).toContain('委托期限：');

    // The console shows it on the order and prints it as a PDF.
    const detail = dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${order.id}`));
    expect(detail.authorization).toEqual({
      template_version: AUTHORIZATION_TEMPLATE_VERSION,
      text: row.text,
      signer_name: '张 一鸣',
      agent_name: '杭州快报企业服务有限公司',
      confirmed_at: test.clock.now.toISOString(),
      client_ip: '127.0.0.1',
    });
    const pdf = await asAdmin('GET', `/api/console/orders/${order.id}/authorization.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The Chinese font is embedded (a subset of it), so the print is readable anywhere.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);

    // Paying again (another method) replaces the confirmation with the latest one, on the same order.
    test.clock.advance(30_000);
    const again = await place(cancellation(confirmed(), { pay_type: 'alipay' }));
    expect(envelopeOf<CreateOrderResult>(test, again).data.orderId).toBe(created.orderId);
    const rows = await test.database.db.selectFrom('order_authorizations').selectAll().where('order_id', '=', order.id).execute();
    expect(rows.map((r) => [r.signer_name, r.confirmed_at])).toEqual([['张一鸣', test.clock.now.toISOString()]]);
  });

  it('asks nothing of the other services, and the console says when an order has no authorisation', async () => {
    const response = await place(validOrderForm({ goods_id: '3', entity_phone: '13900001111' }));
    expect(response.statusCode, response.body).toBe(200);
    const created = envelopeOf<CreateOrderResult>(test, response).data;
    const order = await test.database.db.selectFrom('orders').select('id').where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    expect(dataOf<ConsoleOrderDetail>(await asAdmin('GET', `/api/console/orders/${order.id}`)).authorization).toBeNull();
    expectError(await asAdmin('GET', `/api/console/orders/${order.id}/authorization.pdf`), 'CONSOLE_AUTHORIZATION_NOT_FOUND');
  });
});

describe('cancellation authorisation behind a trusted proxy', () => {
  let test: ConsoleTestApp;
  beforeAll(async () => {
    test = await buildConsoleTestApp('sqlite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('records the address the trusted proxy saw, not the entries the client wrote before it', async () => {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: cancellation(confirmed()), headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' } });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await test.database.db.selectFrom('order_authorizations').select('client_ip').execute();
    expect(rows).toEqual([{ client_ip: '203.0.113.7' }]);
  });
});
