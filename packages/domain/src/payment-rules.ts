import type { PaySource, PayType, Platform } from './contracts/goods.ts';

export type FormFactor = 'phone' | 'desktop';
export type OperatingSystem = 'ios' | 'android' | 'other';

/**
 * The pay types a goods row offers, from its comma-separated list ('weixin,alipay'), in its order
 * (the first is the default), unknown entries and repeats dropped.
 */
export function payTypesOfGoods(goodsPayTypes: string): PayType[] {
  const offered = goodsPayTypes
    .split(',')
    .map((type) => type.trim())
    .filter((type): type is PayType => type === 'weixin' || type === 'alipay');
  return [...new Set(offered)];
}

/** Does the goods offer this pay type? */
export function goodsOffersPayType(goodsPayTypes: string, payType: string): boolean {
  return (payTypesOfGoods(goodsPayTypes) as string[]).includes(payType);
}

/**
 * Payment types a visitor may use (docs/product/orders-and-statuses.md#platform-decision-for-payment):
 * inside WeChat (mini-program or official account) only weixin; on a phone's own
 * browser only alipay; on ordinary web both. The goods' own list (first = default)
 * is filtered, never reordered.
 */
export function allowedPayTypes(input: { platform: Platform; os: OperatingSystem; goodsPayTypes: string }): PayType[] {
  const unique = payTypesOfGoods(input.goodsPayTypes);
  if (input.platform === 'wx-mp' || input.platform === 'wx-oa') return unique.filter((type) => type === 'weixin');
  if (input.os === 'ios' || input.os === 'android') return unique.filter((type) => type === 'alipay');
  return unique;
}

/**
 * pay_source (docs/product/orders-and-statuses.md): on a phone, inside a mini-program or the WeChat browser → jsapi,
 * otherwise h5; on a desktop, inside WeChat → jsapi, otherwise native (QR code).
 */
export function paySourceFor(input: { formFactor: FormFactor; inMessenger: boolean }): PaySource {
  if (input.inMessenger) return 'jsapi';
  return input.formFactor === 'phone' ? 'h5' : 'native';
}

/**
 * pay_source a platform may ask for (docs/product/orders-and-statuses.md): inside a mini-program or the official-account
 * browser only in-app payment (jsapi); on ordinary web a QR code (native) or a redirect (h5).
 */
export function allowedPaySources(platform: Platform): PaySource[] {
  return platform === 'wx-mp' || platform === 'wx-oa' ? ['jsapi'] : ['native', 'h5'];
}

/** What each provider product can do: Alipay has no payment inside WeChat (WeChat blocks it). */
export const PAY_SOURCES_BY_PAY_TYPE: Readonly<Record<PayType, readonly PaySource[]>> = {
  weixin: ['native', 'h5', 'jsapi'],
  alipay: ['native', 'h5'],
};

export type PaymentChoiceCheck = { ok: true } | { ok: false; reason: 'PAY_TYPE_NOT_ALLOWED' | 'PAY_SOURCE_NOT_ALLOWED' | 'WECHAT_LOGIN_EXPIRED' };

/**
 * The server's check of a visitor's payment choice against docs/product/orders-and-statuses.md: the platform decides the pay
 * types (inside WeChat weixin only) and the pay sources; the pay type must support the source;
 * in-app payment (jsapi) needs the payer's openid: without one, inside WeChat, the login expired or
 * failed (a spent mini-program code), which the visitor can cure by logging in again. The phone-browser rule (alipay only on ios and
 * android) is the client's: the server cannot know the visitor's operating system for certain.
 */
export function checkPaymentChoice(input: { platform: Platform; payType: PayType; paySource: PaySource; hasOpenid: boolean }): PaymentChoiceCheck {
  if ((input.platform === 'wx-mp' || input.platform === 'wx-oa') && input.payType !== 'weixin') return { ok: false, reason: 'PAY_TYPE_NOT_ALLOWED' };
  if (!allowedPaySources(input.platform).includes(input.paySource)) return { ok: false, reason: 'PAY_SOURCE_NOT_ALLOWED' };
  if (!PAY_SOURCES_BY_PAY_TYPE[input.payType].includes(input.paySource)) return { ok: false, reason: 'PAY_SOURCE_NOT_ALLOWED' };
  if (input.paySource === 'jsapi' && !input.hasOpenid) return { ok: false, reason: 'WECHAT_LOGIN_EXPIRED' };
  return { ok: true };
}

/** What the WeChat bridge reports after `getBrandWCPayRequest`. */
export type JsapiPayOutcome = 'ok' | 'fail' | 'cancel';

/**
 * Maps the bridge's `err_msg` (`get_brand_wcpay_request:ok` / `:cancel` / `:fail`, sometimes with
 * a trailing detail) to an outcome. Anything unrecognised is a failure. `ok` only means the payer
 * finished in WeChat: it is NOT proof of payment — the caller confirms by polling the order.
 */
export function jsapiPayOutcome(errMsg: unknown): JsapiPayOutcome {
  if (typeof errMsg !== 'string') return 'fail';
  const status = errMsg.trim().toLowerCase().split(':')[1]?.trim().split(/\s/)[0] ?? '';
  if (status === 'ok') return 'ok';
  if (status === 'cancel') return 'cancel';
  return 'fail';
}

/** The process_status_name an order gets when its full refund succeeded (process_status '5'). */
export const REFUNDED_PROCESS_STATUS_NAME = '已退款';

/** The official account pays only inside WeChat: said at once when its page is opened in another browser. */
export const PAY_NEEDS_WECHAT = '请在微信中打开本页面完成支付';
