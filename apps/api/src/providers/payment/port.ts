import type { PaySource, PayType } from '@kuaibao/domain';

/**
 * The payment port. Every provider (sandbox, WeChat Pay, Alipay) implements it; amounts
 * are integer fen. Expected failures are returned as results; adapters throw only for
 * bugs and infrastructure faults, which the payment service turns into AppErrors.
 */
export type PaymentProviderId = 'sandbox' | 'wechatpay' | 'alipay';
export const PAYMENT_PROVIDER_IDS: readonly PaymentProviderId[] = ['sandbox', 'wechatpay', 'alipay'];

export interface CreatePaymentInput {
  /** One per attempt, `[A-Za-z0-9_]{6,32}`. */
  outTradeNo: string;
  payType: PayType;
  paySource: PaySource;
  amountFen: number;
  /** Shown to the payer; at most 127 characters. */
  description: string;
  expiresAt: Date;
  /** Our public base URL: real providers build notify_url from it, the sandbox its cashier link. */
  notifyBaseUrl: string;
  /** Where an h5 payment returns to. */
  returnUrl?: string | undefined;
  clientIp?: string | undefined;
  openid?: string | undefined;
}

export type CreatePaymentResult =
  | { ok: true; kind: 'qr'; content: string }
  | { ok: true; kind: 'redirect'; url: string }
  | { ok: true; kind: 'jsapi'; params: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string } }
  | { ok: false; reason: 'INVALID_REQUEST' | 'NOT_PERMITTED' | 'PROVIDER_UNAVAILABLE'; message: string };

export type QueryPaymentResult =
  | { state: 'PENDING' | 'CLOSED' | 'NOT_FOUND' }
  | { state: 'PAID' | 'REFUNDED'; amountFen: number; providerTxnId: string; paidAt: Date };

export type ClosePaymentResult = 'CLOSED' | 'ALREADY_PAID' | 'NOT_FOUND';

/** A notification after its signature was verified, normalised to our terms. */
export type VerifiedEvent =
  | { kind: 'payment'; eventId: string; outTradeNo: string; providerTxnId: string; amountFen: number; currency: 'CNY'; paidAt: Date }
  | { kind: 'ignored'; eventId: string; outTradeNo?: string | undefined; reason: string };

export type ParseNotificationResult = { ok: true; event: VerifiedEvent } | { ok: false; reason: string };

export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** What the provider expects back: the status code decides whether it retries. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  readonly payTypes: readonly PayType[];
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  queryPayment(input: { outTradeNo: string; payType: PayType }): Promise<QueryPaymentResult>;
  closePayment(input: { outTradeNo: string; payType: PayType }): Promise<ClosePaymentResult>;
  /** Verifies the signature over the raw body and normalises the event. */
  parseNotification(input: RawNotification): Promise<ParseNotificationResult>;
  acknowledge(accepted: boolean): NotificationAck;
}
