import { isPaidStatus, JSAPI_CONFIRM_TRIES, PAY_POLL_MS, type CreateOrderResult, type OrderRecord } from '@kuaibao/domain';
import { fetchOrderDetail } from '../api/endpoints.ts';
import { track } from '../api/index.ts';
import { parseJsapiParams, requestJsapiPayment, type JsapiPayParams } from './jsapi-pay.ts';

/**
 * The official-account variant's in-app payment (spec §4 "Order creation", jsapi): WeChat's pay
 * sheet, then the order itself decides. WeChat's 'ok' is not proof (the notification may lag, or
 * fail verification), and a 'cancel' can race a payment that went through: every outcome is
 * confirmed by polling the order.
 *
 * paid: the order is paid; unconfirmed: WeChat said ok, the order is not paid yet;
 * fail / cancel: WeChat said so and the order is not paid; invalid: no usable bridge parameters.
 */
export type JsapiFlowOutcome = 'paid' | 'unconfirmed' | 'fail' | 'cancel' | 'invalid';

export interface JsapiFlowDeps {
  pay: (params: JsapiPayParams) => Promise<'ok' | 'fail' | 'cancel'>;
  fetchOrder: (orderId: string) => Promise<OrderRecord>;
  sleep: (ms: number) => Promise<void>;
}

const defaultDeps: JsapiFlowDeps = {
  pay: (params) => requestJsapiPayment(params),
  fetchOrder: (orderId) => fetchOrderDetail(orderId, { quiet: true }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Polls until the order is paid; false after `tries` looks. A failed look counts as not yet paid. */
export async function confirmPaid(orderId: string, tries: number, deps: Pick<JsapiFlowDeps, 'fetchOrder' | 'sleep'> = defaultDeps): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    if (attempt > 0) await deps.sleep(PAY_POLL_MS);
    try {
      if (isPaidStatus((await deps.fetchOrder(orderId)).status)) return true;
    } catch {
      // polling failures are not shown (spec §8)
    }
  }
  return false;
}

export async function payInWechat(result: CreateOrderResult, deps: JsapiFlowDeps = defaultDeps): Promise<JsapiFlowOutcome> {
  const params = parseJsapiParams(result.payParam);
  if (!params) return 'invalid';
  const answer = await deps.pay(params);
  track('pay.jsapi', answer, answer === 'ok' ? 'event' : 'error', { orderId: result.orderId });
  // After 'ok' the notification may take a few seconds; after fail or cancel one look is enough.
  const paid = await confirmPaid(result.orderId, answer === 'ok' ? JSAPI_CONFIRM_TRIES : 1, deps);
  if (paid) {
    track('pay.success', result.orderId);
    return 'paid';
  }
  return answer === 'ok' ? 'unconfirmed' : answer;
}
