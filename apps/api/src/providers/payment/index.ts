import type { PayType } from '@kuaibao/domain';
import { ConfigError } from '../../config.ts';
import { PAYMENT_PROVIDER_IDS, type PaymentProvider, type PaymentProviderId } from './port.ts';

export interface PaymentProviders {
  /** The provider that serves a pay type; undefined when none is configured for it. */
  forPayType(payType: PayType): PaymentProvider | undefined;
  byId(id: string): PaymentProvider | undefined;
  ids(): PaymentProviderId[];
}

/**
 * Checks the configured provider names at boot. Unknown names fail here, not at the first payment.
 */
export function assertKnownPaymentProviders(names: readonly string[]): PaymentProviderId[] {
  const unknown = names.filter((name) => !(PAYMENT_PROVIDER_IDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new ConfigError(`Invalid configuration:\n  PAYMENT_PROVIDERS: unknown provider(s) ${unknown.join(', ')}; known: ${PAYMENT_PROVIDER_IDS.join(', ')}`);
  if (names.length === 0) throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDERS: names no provider');
  return [...new Set(names)] as PaymentProviderId[];
}

export function createPaymentProviders(providers: readonly PaymentProvider[]): PaymentProviders {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  return {
    // Real providers come first in the list, so a configured WeChat Pay wins over the sandbox,
    // and the sandbox serves only the pay types no real provider covers.
    forPayType: (payType) => providers.find((provider) => provider.payTypes.includes(payType)),
    byId: (id) => byId.get(id as PaymentProviderId),
    ids: () => [...byId.keys()],
  };
}

/** The notify paths of the issue and the spec (`/api/pay/notify/wechat`, `/alipay`, `/sandbox`), by provider id. */
export const NOTIFY_PATH_SEGMENTS: Record<PaymentProviderId, string> = { sandbox: 'sandbox', wechatpay: 'wechat', alipay: 'alipay' };

/** The provider a notify path segment belongs to; undefined for anything else. */
export function providerIdForNotifyPath(segment: string): PaymentProviderId | undefined {
  return (Object.keys(NOTIFY_PATH_SEGMENTS) as PaymentProviderId[]).find((id) => NOTIFY_PATH_SEGMENTS[id] === segment);
}
