import type { PaySource, PayType, ProviderBillLine } from '@kuaibao/domain';

/**
 * The payment port. Every provider (sandbox, WeChat Pay, Alipay) implements it; amounts are
 * integer fen. Expected outcomes are returned as results. Adapters throw only for infrastructure
 * faults, as an AppError with PAYMENT_PROVIDER_UNAVAILABLE, PAYMENT_PROVIDER_TIMEOUT or
 * PAYMENT_PROVIDER_BAD_RESPONSE (a response whose signature did not verify); whatever was being
 * done may or may not have happened at the provider, so callers retry with the same numbers.
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
  /** The last moment the payer can pay; sent to the provider. */
  expiresAt: Date;
  /** Our origin for this request: the sandbox builds its cashier link from it (real providers use NOTIFY_BASE_URL). */
  notifyBaseUrl: string;
  /** Where an h5 payment returns to. */
  returnUrl?: string | undefined;
  /** The payer's real IP (WeChat h5 checks it). */
  clientIp?: string | undefined;
  /** The payer's openid (WeChat jsapi). */
  openid?: string | undefined;
  /**
   * The WeChat app that issued `openid`: the official account (wx-oa) or the mini-program (wx-mp).
   * WeChat Pay creates a jsapi trade under that app's appid, which must be bound to our merchant
   * (docs/decisions/055-mini-program-payment-appid.md). Unset: the official account.
   */
  openidApp?: 'wx-oa' | 'wx-mp' | undefined;
}

export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export type CreatePaymentResult =
  | { ok: true; kind: 'qr'; content: string }
  | { ok: true; kind: 'redirect'; url: string }
  | { ok: true; kind: 'jsapi'; params: JsapiParams }
  /** INVALID_REQUEST: the provider refused the request; NOT_PERMITTED: the product is not enabled for this merchant. */
  | { ok: false; reason: 'INVALID_REQUEST' | 'NOT_PERMITTED'; message: string };

/** The provider's view of a trade. REFUNDED means it was paid and has since been refunded. */
export type QueryPaymentResult =
  | { state: 'PENDING' | 'CLOSED' | 'NOT_FOUND' }
  | { state: 'PAID' | 'REFUNDED'; amountFen: number; currency: string; providerTxnId: string; paidAt: Date };

/** ALREADY_PAID: the trade was paid before the close landed; query it and apply the payment. */
export type ClosePaymentResult = 'CLOSED' | 'ALREADY_PAID' | 'NOT_FOUND';

export type RefundState = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

export interface RefundInput {
  payType: PayType;
  outTradeNo: string;
  /** Deterministic; the same number on every retry, so the provider refunds at most once. */
  outRefundNo: string;
  providerTxnId: string | null;
  /** This refund; equal to totalFen for a full refund. */
  amountFen: number;
  /** What was paid on the trade. */
  totalFen: number;
  reason: string;
}

export interface RefundProgress {
  state: RefundState;
  providerRefundId: string | null;
  succeededAt: Date | null;
}

export type RefundResult = ({ ok: true } & RefundProgress) | { ok: false; reason: 'REJECTED'; code: string; message: string };

export type RefundQueryResult = RefundProgress | { state: 'NOT_FOUND' };

/** A notification after its signature was verified, normalised to our terms. */
export type VerifiedEvent =
  | { kind: 'payment'; eventId: string; outTradeNo: string; providerTxnId: string; amountFen: number; currency: string; paidAt: Date }
  | {
      kind: 'refund';
      eventId: string;
      outTradeNo: string;
      outRefundNo: string;
      providerRefundId: string | null;
      state: RefundState;
      /** The refunded amount the provider reports, when it reports one. */
      refundFen: number | null;
      succeededAt: Date | null;
    }
  /** An unpaid trade was closed at the provider (Alipay TRADE_CLOSED without a refund). */
  | { kind: 'closed'; eventId: string; outTradeNo: string }
  | { kind: 'ignored'; eventId: string; outTradeNo?: string | undefined; reason: string };

export type ParseNotificationResult = { ok: true; event: VerifiedEvent } | { ok: false; reason: string };

export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** What the provider expects back: the status code (WeChat) or the body (Alipay) decides whether it retries. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/** accepted: processed (or a harmless repeat); rejected: not authentic or not ours; failed: our fault, please retry. */
export type AckKind = 'accepted' | 'rejected' | 'failed';

/**
 * A day's trade bill (docs/decisions/039-daily-bill-reconciliation.md): every payment and refund
 * line in our terms, downloaded and checked (WeChat: SHA1 of the file) by the adapter.
 * NOT_READY: the provider has not drawn it up yet (ask again later); NO_BILL: nothing happened that day.
 */
export type DownloadBillResult = { ok: true; lines: ProviderBillLine[] } | { ok: false; reason: 'NOT_READY' | 'NO_BILL'; message: string };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  readonly payTypes: readonly PayType[];
  /** The pay sources this provider serves for each of its pay types. */
  readonly paySources: Readonly<Partial<Record<PayType, readonly PaySource[]>>>;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  queryPayment(input: { outTradeNo: string; payType: PayType }): Promise<QueryPaymentResult>;
  closePayment(input: { outTradeNo: string; payType: PayType }): Promise<ClosePaymentResult>;
  /** Asks for a refund; the answer may be final (SUCCESS) or not (PROCESSING: confirm by notification or refund query). */
  refund(input: RefundInput): Promise<RefundResult>;
  queryRefund(input: { payType: PayType; outTradeNo: string; outRefundNo: string }): Promise<RefundQueryResult>;
  /** Verifies the signature over the raw body and normalises the event. */
  parseNotification(input: RawNotification): Promise<ParseNotificationResult>;
  acknowledge(kind: AckKind, message?: string): NotificationAck;
  /** The trade bill of one Beijing day (YYYY-MM-DD); absent for providers without bills (the sandbox). */
  downloadTradeBill?(input: { date: string }): Promise<DownloadBillResult>;
}
