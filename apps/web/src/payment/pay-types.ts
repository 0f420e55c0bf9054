import type { PayType } from '@kuaibao/domain';

/** Display names of the payment types (the domain has the rules, not these labels). */
export const PAY_TYPE_LABELS: Record<PayType, string> = {
  weixin: '微信支付',
  alipay: '支付宝',
};

/** The desktop dialog lists weixin first (docs/product/screens.md#payment). */
export function weixinFirst(types: readonly PayType[]): PayType[] {
  return [...types].sort((a, b) => (a === 'weixin' ? -1 : b === 'weixin' ? 1 : 0));
}
