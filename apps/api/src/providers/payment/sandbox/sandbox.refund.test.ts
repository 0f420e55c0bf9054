import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreateOrderResult } from '@kuaibao/domain';
import { ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { buildTestApp, envelopeOf, signedInject, validOrderForm, type TestApp } from '../../../test/helper.ts';
import { describeDialects } from '../../../test/dialects.ts';
import { FIRST_AGREEMENT_VERSION } from '../../../seed/defaults.ts';
import { SANDBOX_APP_ID } from './sandbox.provider.ts';

/** The embedded default keeps working with the payment port's refunds and in-app payment. */
describeDialects('sandbox refunds and in-app payment (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ dialect, companies: 200 });
  });
  afterAll(async () => {
    await test.close();
  });

  async function create(overrides: Record<string, unknown>, device: string) {
    const response = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: validOrderForm(overrides), headers: { 'x-device-id': device } });
    expect(response.statusCode, response.body).toBe(200);
    return envelopeOf<CreateOrderResult>(test, response).data;
  }

  it('refunds a sandbox payment in full: order 4, process 5 已退款, the cashier shows it refunded', async () => {
    const created = await create({}, 'device-sandbox-refund');
    const cashier = new URL(created.qrcodeUrl!).pathname;
    await test.app.inject({ method: 'POST', url: `${cashier}/pay` });
    const order = await test.database.db.selectFrom('orders').selectAll().where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('2');

    const result = await test.app.services.payments.refundOrder({ orderId: order.id, reason: '办理失败', requestedBy: 'admin:1' });
    const outTradeNo = cashier.split('/').pop()!;
    expect(result).toEqual({ ok: true, state: 'SUCCESS', outRefundNo: `R${outTradeNo}` });
    expect(await test.database.db.selectFrom('orders').select(['status', 'process_status', 'process_status_name']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      status: '4',
      process_status: '5',
      process_status_name: '已退款',
    });
    expect((await test.app.services.sandbox!.findTrade(outTradeNo))?.status).toBe('REFUND');
    expect((await test.app.inject({ method: 'GET', url: cashier })).body).toContain('该订单已退款');
    expect(await test.app.services.payments.refundOrder({ orderId: order.id, reason: '办理失败', requestedBy: 'admin:1' })).toMatchObject({ ok: false, reason: 'ALREADY_REFUNDED' });
    const sms = await test.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'sms.refund_succeeded').execute();
    expect(sms.map((row) => JSON.parse(row.payload).orderId)).toEqual([order.id]);
  });

  it('refunds part of a sandbox payment: the order shows the amount, the gateway refuses more than is left (decision 057)', async () => {
    const created = await create({ entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路' }, 'device-sandbox-partial');
    const cashier = new URL(created.qrcodeUrl!).pathname;
    await test.app.inject({ method: 'POST', url: `${cashier}/pay` });
    const order = await test.database.db.selectFrom('orders').selectAll().where('public_id', '=', created.orderId).executeTakeFirstOrThrow();
    const outTradeNo = cashier.split('/').pop()!;
    expect(await test.app.services.payments.refundOrder({ orderId: order.id, reason: '已代缴部分费用', requestedBy: 'admin:1', amountFen: 5000 })).toEqual({ ok: true, state: 'SUCCESS', outRefundNo: `R${outTradeNo}` });
    expect(await test.database.db.selectFrom('orders').select(['status', 'process_status_name', 'refunded_fen', 'refund_reason']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      status: '4',
      process_status_name: '已部分退款',
      refunded_fen: 5000,
      refund_reason: '已代缴部分费用',
    });
    // Refunded in part: the trade stays paid at the gateway, which takes no more than what is left.
    expect((await test.app.services.sandbox!.findTrade(outTradeNo))?.status).toBe('SUCCESS');
    expect(await test.app.services.sandbox!.refundTrade({ outTradeNo, outRefundNo: `R${outTradeNo}X`, amountFen: order.total_fee - 5000 + 1 })).toEqual({ ok: false, reason: 'AMOUNT_EXCEEDS_PAID' });
    expect(await test.app.services.sandbox!.refundTrade({ outTradeNo, outRefundNo: `R${outTradeNo}Y`, amountFen: order.total_fee - 5000 })).toMatchObject({ ok: true });
    expect((await test.app.services.sandbox!.findTrade(outTradeNo))?.status).toBe('REFUND');
  });

  it('requires a reason and a known order', async () => {
    await expect(test.app.services.payments.refundOrder({ orderId: 1, reason: '  ', requestedBy: 'admin:1' })).rejects.toMatchObject({ errorCode: 'REFUND_REASON_REQUIRED' });
    await expect(test.app.services.payments.refundOrder({ orderId: 999_999, reason: 'x', requestedBy: 'admin:1' })).rejects.toMatchObject({ errorCode: 'ORDER_NOT_FOUND' });
  });

  it('answers in-app payment inside WeChat with bridge parameters; the cashier completes it', async () => {
    const created = await create(
      { source: 'wx-oa', pay_source: 'jsapi', entity_name: '华为技术有限公司', entity_id: '914403001922038216', entity_legal: '赵明路', extra: { consent: true, agreement_version: FIRST_AGREEMENT_VERSION, idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION, openid: 'o-sandbox-1' } },
      'device-sandbox-jsapi',
    );
    const params = JSON.parse(created.payParam!) as Record<string, string>;
    expect(params).toMatchObject({ appId: SANDBOX_APP_ID, signType: 'RSA', package: expect.stringMatching(/^prepay_id=SBX_KB\d{20}P01$/) });
    const outTradeNo = params.package!.replace('prepay_id=SBX_', '');
    await test.app.inject({ method: 'POST', url: `/sandbox/cashier/${outTradeNo}/pay` });
    expect((await test.database.db.selectFrom('orders').select('status').where('public_id', '=', created.orderId).executeTakeFirstOrThrow()).status).toBe('2');
  });
});
