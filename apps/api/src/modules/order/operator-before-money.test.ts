import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CATALOG, OPERATOR_REQUIREMENTS, type ConsoleSetupChecklist, type CreateOrderResult } from '@kuaibao/domain';
import { buildAppWithFakeGateways, type FakeGatewaysApp } from '../../test/fake-gateways-app.ts';
import { envelopeOf, signedInject, validOrderForm } from '../../test/helper.ts';
import { describeDialects } from '../../test/dialects.ts';
import { ADMIN_PASSWORD, caller, dataOf, login, type Call } from '../console/console.test-support.ts';
import { PRODUCTION_SETTINGS } from '../../test/production-settings.ts';

/*
 * A named operator before money (docs/decisions/047-operator-before-money.md): in production
 * (APP_ENV=prod) an order is refused with the catalog's OPERATOR_NOT_READY while the operator's
 * legal name, 统一社会信用代码, ICP number or a working contact is missing or a placeholder, and
 * nothing is written; the console's first-run checklist names what is missing, in the same words.
 * Set on the console, the same order goes through. Outside production the order is taken as before.
 */

/** Settings production accepts (test/production-settings.ts; decision 019 and docs/security.md). */
const PROD_ENV = PRODUCTION_SETTINGS;

describeDialects('a named operator before money (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  let asAdmin: Call;

  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, providers: 'wechatpay', env: PROD_ENV });
    await g.test.app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
    asAdmin = caller(g.test, await login(g.test, 'admin', ADMIN_PASSWORD));
    // In production the first admin replaces CONSOLE_ADMIN_PASSWORD before anything else (first-admin-production.test.ts).
    dataOf(await asAdmin('POST', '/api/console/me/password', { current_password: ADMIN_PASSWORD, new_password: 'operator-admin-2026' }));
  });
  afterAll(async () => {
    await g?.close();
  });

  const placeOrder = () => signedInject(g.test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(), headers: { 'x-device-id': 'device-operator-1' } });
  const orderCount = async () => Number((await g.test.database.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const checklist = async () => dataOf<ConsoleSetupChecklist>(await asAdmin('GET', '/api/console/setup-checklist'));
  const openOperatorItems = async () => (await checklist()).items.filter((item) => item.blocksOrders && !item.done).map((item) => [item.key, item.label]);

  it('refuses the order while the operator is unset, writes nothing, and the checklist names what is missing', async () => {
    expect(g.test.config.env).toBe('prod');
    const refused = await placeOrder();
    expect(refused.statusCode, refused.body).toBe(ERROR_CATALOG.OPERATOR_NOT_READY.status);
    expect(refused.json()).toMatchObject({ code: ERROR_CATALOG.OPERATOR_NOT_READY.code, msg: '本站运营信息尚未完善，暂不能下单，请稍后再试' });
    expect(await orderCount()).toBe(0);
    expect(await openOperatorItems()).toEqual([
      ['operator_name', OPERATOR_REQUIREMENTS.operator_name],
      ['operator_credit_code', OPERATOR_REQUIREMENTS.operator_credit_code],
      ['icp_filing', OPERATOR_REQUIREMENTS.icp_filing],
      ['service_contact', OPERATOR_REQUIREMENTS.service_contact],
    ]);
  });

  it('still refuses with the demo operator, and with one field missing it names that one', async () => {
    for (const [key, value] of Object.entries({ operator_name: '示例代办服务有限公司（演示）', operator_credit_code: '91310115MA1K4ABCDD', icp_filing: '沪ICP备12345678号-1', service_phone: '021-6123-4567' })) {
      dataOf(await asAdmin('PUT', `/api/console/site-config/${key}`, { value }));
    }
    const refused = await placeOrder();
    expect(refused.json()).toMatchObject({ code: ERROR_CATALOG.OPERATOR_NOT_READY.code });
    expect(await orderCount()).toBe(0);
    expect(await openOperatorItems()).toEqual([['operator_name', OPERATOR_REQUIREMENTS.operator_name]]);
  });

  it('takes the same order once the console has named the operator', async () => {
    dataOf(await asAdmin('PUT', '/api/console/site-config/operator_name', { value: '上海某某企业服务有限公司' }));
    expect(await openOperatorItems()).toEqual([]);
    const placed = await placeOrder();
    expect(placed.statusCode, placed.body).toBe(200);
    const result = envelopeOf<CreateOrderResult>(g.test, placed).data;
    // A WeChat native order with its QR code from the (fake) gateway: money can now be taken.
    expect(result.orderId).toBeTruthy();
    expect(result.qrcode ?? result.qrcodeUrl ?? result.qrcodeBase64).toBeTruthy();
    expect(await orderCount()).toBe(1);
  });
});

describeDialects('outside production an unnamed operator does not stop an order (%s)', (dialect) => {
  let g: FakeGatewaysApp;
  beforeAll(async () => {
    g = await buildAppWithFakeGateways({ dialect, providers: 'wechatpay' });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('takes the order on the seed placeholders', async () => {
    expect(g.test.config.env).toBe('test');
    const placed = await signedInject(g.test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(), headers: { 'x-device-id': 'device-operator-2' } });
    expect(placed.statusCode, placed.body).toBe(200);
  });
});
