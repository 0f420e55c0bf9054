import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseJsapiParams, requestJsapiPayment, type JsapiPayParams } from './jsapi-pay.ts';

const params: JsapiPayParams = {
  appId: 'wx8888888888888888',
  timeStamp: '1414561699',
  nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA',
  paySign: 'c2lnbmF0dXJl',
};

type Invoke = (name: string, params: unknown, callback: (result: { err_msg?: unknown }) => void) => void;
type Bridge = { invoke: ReturnType<typeof vi.fn<Invoke>> };
const bridgeWindow = () => window as unknown as Window & { WeixinJSBridge?: Bridge };

function installBridge(errMsg: unknown): Bridge {
  const bridge = { invoke: vi.fn<Invoke>((_name, _params, callback) => callback({ err_msg: errMsg })) };
  bridgeWindow().WeixinJSBridge = bridge;
  return bridge;
}

afterEach(() => {
  delete bridgeWindow().WeixinJSBridge;
  vi.useRealTimers();
});

describe('WeChat in-app payment', () => {
  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    [undefined, 'fail'],
  ])('invokes getBrandWCPayRequest with the server parameters and maps %j to %s', async (errMsg, outcome) => {
    const bridge = installBridge(errMsg);
    expect(await requestJsapiPayment(params)).toBe(outcome);
    expect(bridge.invoke).toHaveBeenCalledTimes(1);
    expect(bridge.invoke.mock.calls[0]![0]).toBe('getBrandWCPayRequest');
    expect(bridge.invoke.mock.calls[0]![1]).toEqual(params);
  });

  it('waits for WeixinJSBridgeReady when the bridge arrives late', async () => {
    const pending = requestJsapiPayment(params);
    installBridge('get_brand_wcpay_request:ok');
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await pending).toBe('ok');
  });

  it('fails outside WeChat once the bridge does not arrive in time', async () => {
    vi.useFakeTimers();
    const pending = requestJsapiPayment(params, { readyTimeoutMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(await pending).toBe('fail');
  });

  it('fails when the bridge throws', async () => {
    bridgeWindow().WeixinJSBridge = {
      invoke: vi.fn<Invoke>(() => {
        throw new Error('boom');
      }),
    };
    expect(await requestJsapiPayment(params)).toBe('fail');
  });

  it('reads payParam only when every bridge field is present', () => {
    expect(parseJsapiParams(JSON.stringify({ ...params, extra: 1 }))).toEqual(params);
    expect(parseJsapiParams(JSON.stringify({ ...params, paySign: '' }))).toBeUndefined();
    expect(parseJsapiParams('not json')).toBeUndefined();
    expect(parseJsapiParams(undefined)).toBeUndefined();
  });
});
