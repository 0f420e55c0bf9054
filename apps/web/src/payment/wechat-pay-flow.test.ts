import { describe, expect, it, vi } from 'vitest';
import type { CreateOrderResult, JsapiPayOutcome } from '@kuaibao/domain';
import { installFakeServer } from '../test/harness.tsx';
import type { JsapiPayParams } from './jsapi-pay.ts';
import { openWechatPay } from './wechat-pay-flow.ts';

const PARAMS = { appId: 'wxsandbox000000000', timeStamp: '1700000000', nonceStr: 'n1', package: 'prepay_id=SBX_KB1P01', signType: 'RSA', paySign: 'c2ln' };
const CREATED: CreateOrderResult = { isPaied: false, orderId: 'o-1', payFee: 19900, payParam: JSON.stringify(PARAMS), editKey: 'k'.repeat(32) };

describe('the WeChat pay sheet in the official-account variant', () => {
  // Analytics only: the sheet is the injected fake.
  installFakeServer(() => undefined);

  it('hands the bridge exactly the server’s parameters and reports its answer', async () => {
    const pay = vi.fn<(params: JsapiPayParams) => Promise<JsapiPayOutcome>>(async () => 'cancel');
    await expect(openWechatPay(CREATED, pay)).resolves.toBe('cancel');
    expect(pay.mock.calls).toEqual([[PARAMS]]);
  });

  it('refuses answers without usable bridge parameters without opening the pay sheet', async () => {
    const pay = vi.fn<(params: JsapiPayParams) => Promise<JsapiPayOutcome>>(async () => 'ok');
    await expect(openWechatPay({ ...CREATED, payParam: '{"appId":"wx"}' }, pay)).resolves.toBe('invalid');
    await expect(openWechatPay({ ...CREATED, payParam: undefined }, pay)).resolves.toBe('invalid');
    expect(pay).not.toHaveBeenCalled();
  });
});
