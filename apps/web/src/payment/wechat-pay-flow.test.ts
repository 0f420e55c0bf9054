import { describe, expect, it } from 'vitest';
import type { CreateOrderResult, OrderRecord } from '@kuaibao/domain';
import { installFakeServer } from '../test/harness.tsx';
import { payInWechat, type JsapiFlowDeps } from './wechat-pay-flow.ts';

const PARAMS = { appId: 'wxsandbox000000000', timeStamp: '1700000000', nonceStr: 'n1', package: 'prepay_id=SBX_KB1P01', signType: 'RSA', paySign: 'c2ln' };
const CREATED: CreateOrderResult = { isPaied: false, orderId: 'o-1', payFee: 19900, payParam: JSON.stringify(PARAMS), editKey: 'k'.repeat(32) };

/** The order answers unpaid `unpaidLooks` times, then paid. */
function deps(answer: 'ok' | 'fail' | 'cancel', unpaidLooks: number) {
  const log = { paid: [] as unknown[], looks: 0, sleeps: [] as number[] };
  const d: JsapiFlowDeps = {
    pay: async (params) => {
      log.paid.push(params);
      return answer;
    },
    fetchOrder: async () => {
      log.looks += 1;
      return { status: log.looks > unpaidLooks ? '2' : '1' } as OrderRecord;
    },
    sleep: async (ms) => {
      log.sleeps.push(ms);
    },
  };
  return { d, log };
}

describe('in-app payment in the official-account variant', () => {
  // Analytics only: the flow's own calls are the injected fakes.
  installFakeServer(() => undefined);

  it('hands the bridge exactly the server’s parameters and confirms ok by polling once a second', async () => {
    const { d, log } = deps('ok', 3);
    await expect(payInWechat(CREATED, d)).resolves.toBe('paid');
    expect(log.paid).toEqual([PARAMS]);
    expect(log.looks).toBe(4);
    expect(log.sleeps).toEqual([1000, 1000, 1000]);
  });

  it('does not call an unconfirmed ok a success', async () => {
    const { d, log } = deps('ok', 99);
    await expect(payInWechat(CREATED, d)).resolves.toBe('unconfirmed');
    expect(log.looks).toBe(10);
  });

  it('reports fail and cancel after one look, unless the order was paid after all', async () => {
    await expect(payInWechat(CREATED, deps('fail', 1).d)).resolves.toBe('fail');
    await expect(payInWechat(CREATED, deps('cancel', 1).d)).resolves.toBe('cancel');
    await expect(payInWechat(CREATED, deps('cancel', 0).d)).resolves.toBe('paid');
  });

  it('refuses answers without usable bridge parameters without opening the pay sheet', async () => {
    const { d, log } = deps('ok', 0);
    await expect(payInWechat({ ...CREATED, payParam: '{"appId":"wx"}' }, d)).resolves.toBe('invalid');
    await expect(payInWechat({ ...CREATED, payParam: undefined }, d)).resolves.toBe('invalid');
    expect(log.paid).toEqual([]);
  });
});
