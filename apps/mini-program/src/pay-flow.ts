/**
 * The pay page's logic (pages/pay): the web-view hands off `/pages/pay/index?data=<base64 of UTF-8
 * JSON {order: {orderId, payFee, payParam}, form}>` (packages/domain/src/wechat-login.ts). The
 * JSAPI parameters are the ones our API made for this order (`payParam` of POST /api/h5/order,
 * signed under the mini-program's appid); the host asks our API the order's status before paying
 * (a paid order is not paid twice) and after (WeChat's ok is not proof of payment), then sends the
 * web-view to the success page, or back to /pay with a message.
 */
import { errorMessage, isPaidStatus, JSAPI_CONFIRM_TRIES, type MiniProgramPayHandoff, NOTICES, PAY_POLL_MS, PAYMENT_CONFIRMING } from '@kuaibao/domain';
import { base64ToBytes, utf8Decode } from './bytes.ts';
import { HostApiError, type HostApi } from './host-api.ts';
import { call, type HostWx, type RequestPaymentParams, type WxError } from './host-wx.ts';
import { RETURN_PATH_KEY } from './login-flow.ts';

/** The web app's page that shows a paid order (start-up sends a paid stored order there). */
export const SUCCESS_PATH = '/success';
/** The web app's pay page, where the visitor was before the hand-off. */
export const PAY_PATH = '/pay';

/** A hand-off that cannot be read: the visitor goes back and taps 立即办理 again. */
export const HANDOFF_INVALID = '支付信息有误，请返回重试';

export type PayOutcome =
  | { kind: 'paid'; orderId: string }
  /** WeChat said ok but our order is not paid yet: say so, promise nothing. */
  | { kind: 'unconfirmed'; orderId: string; message: string }
  | { kind: 'canceled'; orderId: string; message: string }
  | { kind: 'failed'; orderId: string | null; message: string };

/** The six fields of `payParam`, every one a non-empty string. */
export interface JsapiParams extends RequestPaymentParams {
  appId: string;
}

const SIGN_TYPES: readonly string[] = ['RSA', 'MD5', 'HMAC-SHA256'];

/** The hand-off in `data`; null unless it has an order id and a payParam. */
export function readHandoff(data: string | undefined): MiniProgramPayHandoff | null {
  if (!data) return null;
  let value: unknown;
  try {
    // The page's query arrives decoded once; a still-encoded one is decoded here.
    value = JSON.parse(utf8Decode(base64ToBytes(data.includes('%') ? decodeURIComponent(data) : data)));
  } catch {
    return null;
  }
  const order = (value as { order?: { orderId?: unknown; payFee?: unknown; payParam?: unknown } } | null)?.order;
  if (!order || typeof order.orderId !== 'string' || !order.orderId || typeof order.payParam !== 'string') return null;
  return value as MiniProgramPayHandoff;
}

/** `payParam` as the API wrote it; null unless every field is there. */
export function parseJsapiParams(payParam: string): JsapiParams | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payParam) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const keys = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;
  if (!keys.every((key) => typeof value[key] === 'string' && value[key] !== '')) return null;
  if (!SIGN_TYPES.includes(value.signType as string)) return null;
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as unknown as JsapiParams;
}

/** wx.requestPayment's errMsg: `requestPayment:ok`, `requestPayment:fail cancel`, or another failure. */
export function requestPaymentOutcome(errMsg: unknown): 'ok' | 'cancel' | 'fail' {
  if (typeof errMsg !== 'string') return 'fail';
  const text = errMsg.trim().toLowerCase();
  if (text === 'requestpayment:ok') return 'ok';
  if (/^requestpayment:fail[: ]\s*cancel\b/.test(text) || text === 'requestpayment:cancel') return 'cancel';
  return 'fail';
}

export interface PayFlowDeps {
  wx: HostWx;
  api: HostApi;
  sleep?: (ms: number) => Promise<void>;
  /** Looks at the order after WeChat's ok (JSAPI_CONFIRM_TRIES, PAY_POLL_MS apart, as the web app does). */
  confirmTries?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function isPaid(api: HostApi, orderId: string): Promise<boolean> {
  return isPaidStatus((await api.orderStatus(orderId)).status);
}

/** Pays the handed-off order; never throws. */
export async function payHandedOffOrder(deps: PayFlowDeps, data: string | undefined): Promise<PayOutcome> {
  const handoff = readHandoff(data);
  const params = handoff ? parseJsapiParams(handoff.order.payParam) : null;
  if (!handoff) return { kind: 'failed', orderId: null, message: HANDOFF_INVALID };
  const { orderId } = handoff.order;
  if (!params) return { kind: 'failed', orderId, message: errorMessage('PAYMENT_PROVIDER_UNAVAILABLE') };
  const sleep = deps.sleep ?? defaultSleep;

  // Already paid (the page opened again, or a payment raced the hand-off): nothing to pay.
  try {
    if (await isPaid(deps.api, orderId)) return { kind: 'paid', orderId };
  } catch (error) {
    return { kind: 'failed', orderId, message: error instanceof HostApiError && error.code !== undefined ? error.message : errorMessage('NETWORK_ERROR') };
  }

  let answer: string;
  try {
    const result = await call<WxError>((callbacks) =>
      deps.wx.requestPayment({ timeStamp: params.timeStamp, nonceStr: params.nonceStr, package: params.package, signType: params.signType, paySign: params.paySign, ...callbacks }),
    );
    answer = result?.errMsg ?? 'requestPayment:ok';
  } catch (error) {
    answer = (error as WxError | undefined)?.errMsg ?? 'requestPayment:fail';
  }
  const outcome = requestPaymentOutcome(answer);

  // ok: the order, until our API has the notification (or its own query of WeChat Pay) saying so.
  // cancel and fail: one look, since a payment can race a cancel.
  const tries = outcome === 'ok' ? (deps.confirmTries ?? JSAPI_CONFIRM_TRIES) : 1;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await sleep(PAY_POLL_MS);
    try {
      if (await isPaid(deps.api, orderId)) return { kind: 'paid', orderId };
    } catch {
      // a look that failed is one look fewer, not the end
    }
  }
  if (outcome === 'ok') return { kind: 'unconfirmed', orderId, message: PAYMENT_CONFIRMING };
  if (outcome === 'cancel') return { kind: 'canceled', orderId, message: NOTICES.PAYMENT_CANCELED };
  return { kind: 'failed', orderId, message: NOTICES.PAYMENT_FAILED };
}

/** Where the web-view goes after the pay page, and what the visitor is told on the way. */
export function returnTarget(outcome: PayOutcome): { path: string; message: string | null } {
  if (outcome.kind === 'paid') return { path: SUCCESS_PATH, message: NOTICES.PAYMENT_SUCCEEDED };
  return { path: PAY_PATH, message: outcome.message };
}

/** The navigation part of `wx` the pay page leaves by. */
export interface LeavingWx extends HostWx {
  navigateBack(options: { delta?: number; fail?: (error: WxError) => void }): void;
  reLaunch(options: { url: string }): void;
  showToast(options: { title: string; icon?: 'none' | 'success'; duration?: number }): void;
}

/**
 * Back to the web-view. Paid: the entry page opens the success page when it shows again (the path
 * left in storage). Otherwise the web-view is still on /pay as the visitor left it; the message
 * says what happened. With no page to go back to (the pay page opened alone), the entry page is
 * opened afresh on that path.
 */
export function leavePayPage(wx: LeavingWx, entryPage: string, outcome: PayOutcome): void {
  const target = returnTarget(outcome);
  if (target.message) wx.showToast({ title: target.message, icon: outcome.kind === 'paid' ? 'success' : 'none', duration: 2000 });
  if (outcome.kind === 'paid') wx.setStorageSync(RETURN_PATH_KEY, target.path);
  wx.navigateBack({ delta: 1, fail: () => wx.reLaunch({ url: `${entryPage}?path=${encodeURIComponent(target.path)}` }) });
}
