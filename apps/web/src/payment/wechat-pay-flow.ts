import type { CreateOrderResult, JsapiPayOutcome } from '@kuaibao/domain';
import { track } from '../api/index.ts';
import { parseJsapiParams, requestJsapiPayment, type JsapiPayParams } from './jsapi-pay.ts';

/**
 * The official-account variant's in-app payment (docs/product/orders-and-statuses.md#order-creation, jsapi): WeChat's pay
 * sheet for the order. Its answer is not proof: 'ok' may come before the notification (or one that
 * fails verification), and a 'cancel' can race a payment that went through, so usePayment's
 * `confirm` lets the order itself decide. 'invalid': no usable bridge parameters, no sheet opened.
 */
export async function openWechatPay(
  result: CreateOrderResult,
  pay: (params: JsapiPayParams) => Promise<JsapiPayOutcome> = requestJsapiPayment,
): Promise<JsapiPayOutcome | 'invalid'> {
  const params = parseJsapiParams(result.payParam);
  if (!params) return 'invalid';
  const answer = await pay(params);
  track('pay.jsapi', answer, answer === 'ok' ? 'event' : 'error', { orderId: result.orderId });
  return answer;
}
