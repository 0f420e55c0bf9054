import { jsapiPayOutcome, type JsapiPayOutcome } from '@kuaibao/domain';

/** The bridge parameters the server returns (as the JSON string `payParam`) for in-app payment. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiPayParams, callback: (result: { err_msg?: unknown } | undefined) => void): void;
}

type BridgeWindow = Window & { WeixinJSBridge?: WeixinJSBridge };

/** How long to wait for WeChat to inject its bridge before giving up as a failure. */
export const BRIDGE_READY_TIMEOUT_MS = 5000;

const KEYS = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;

/** Reads the order answer's `payParam`; undefined unless every bridge field is a non-empty string. */
export function parseJsapiParams(payParam: string | undefined): JsapiPayParams | undefined {
  if (!payParam) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payParam);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (!KEYS.every((key) => typeof record[key] === 'string' && record[key] !== '')) return undefined;
  return Object.fromEntries(KEYS.map((key) => [key, record[key]])) as unknown as JsapiPayParams;
}

/**
 * Opens WeChat's payment sheet (`WeixinJSBridge.invoke('getBrandWCPayRequest', …)`) and resolves
 * with 'ok', 'fail' or 'cancel'; it never rejects. Outside WeChat, or if the bridge does not arrive
 * in time, the answer is 'fail'. 'ok' only means the payer finished in WeChat — it is NOT proof of
 * payment: the caller confirms by polling the order until its status is '2'.
 */
export function requestJsapiPayment(params: JsapiPayParams, options: { win?: Window; readyTimeoutMs?: number } = {}): Promise<JsapiPayOutcome> {
  const win = (options.win ?? window) as BridgeWindow;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: JsapiPayOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const invoke = (bridge: WeixinJSBridge) => {
      try {
        bridge.invoke('getBrandWCPayRequest', params, (result) => finish(jsapiPayOutcome(result?.err_msg)));
      } catch {
        finish('fail');
      }
    };
    if (win.WeixinJSBridge) {
      invoke(win.WeixinJSBridge);
      return;
    }
    // WeChat injects the bridge after the page loads and announces it with this event.
    const onReady = () => {
      win.clearTimeout(timer);
      if (win.WeixinJSBridge) invoke(win.WeixinJSBridge);
      else finish('fail');
    };
    const timer = win.setTimeout(() => {
      win.document.removeEventListener('WeixinJSBridgeReady', onReady);
      finish('fail');
    }, options.readyTimeoutMs ?? BRIDGE_READY_TIMEOUT_MS);
    win.document.addEventListener('WeixinJSBridgeReady', onReady, { once: true });
  });
}
