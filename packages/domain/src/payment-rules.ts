import type { PaySource, PayType, Platform } from './contracts/goods.ts';

export type FormFactor = 'phone' | 'desktop';
export type OperatingSystem = 'ios' | 'android' | 'other';

/**
 * Payment types a visitor may use (spec §4 "Platform decision for payment"):
 * inside WeChat (mini-program or official account) only weixin; on a phone's own
 * browser only alipay; on ordinary web both. The goods' own list (first = default)
 * is filtered, never reordered.
 */
export function allowedPayTypes(input: { platform: Platform; os: OperatingSystem; goodsPayTypes: string }): PayType[] {
  const offered = input.goodsPayTypes
    .split(',')
    .map((type) => type.trim())
    .filter((type): type is PayType => type === 'weixin' || type === 'alipay');
  const unique = [...new Set(offered)];
  if (input.platform === 'wx-mp' || input.platform === 'wx-oa') return unique.filter((type) => type === 'weixin');
  if (input.os === 'ios' || input.os === 'android') return unique.filter((type) => type === 'alipay');
  return unique;
}

/**
 * pay_source (spec §4): on a phone, inside a mini-program or the WeChat browser → jsapi,
 * otherwise h5; on a desktop, inside WeChat → jsapi, otherwise native (QR code).
 */
export function paySourceFor(input: { formFactor: FormFactor; inMessenger: boolean }): PaySource {
  if (input.inMessenger) return 'jsapi';
  return input.formFactor === 'phone' ? 'h5' : 'native';
}
