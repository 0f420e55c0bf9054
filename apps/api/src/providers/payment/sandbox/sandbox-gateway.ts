import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PayType } from '@kuaibao/domain';
import type { SandboxRefundsTable, SandboxStore, SandboxTradesTable } from './sandbox.repository.ts';

/**
 * The sandbox gateway stands in for WeChat Pay and Alipay on the embedded default. It
 * behaves like an outside system: it keeps its own trades (table `sandbox_trades`),
 * serves a cashier page, and reports payments only through signed notifications that
 * travel through the same notify route and handler as the real providers'.
 */
export type { SandboxRefundsTable, SandboxStore, SandboxTables, SandboxTradesTable } from './sandbox.repository.ts';

export type SandboxTrade = SandboxTradesTable;
export type SandboxRefund = SandboxRefundsTable;

export type SandboxRefundResult = { ok: true; refund: SandboxRefund } | { ok: false; reason: 'NOT_FOUND' | 'NOT_PAID' | 'AMOUNT_EXCEEDS_PAID' };

export interface SandboxNotification {
  headers: Record<string, string>;
  body: string;
}

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

export function signSandboxMessage(key: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
}

/** The headers of a signed sandbox notification: a fresh nonce, the timestamp, the HMAC over both and the body. */
export function signedSandboxHeaders(key: string, timestampSeconds: number, body: string): Record<string, string> {
  const timestamp = String(timestampSeconds);
  const nonce = randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    [SANDBOX_HEADERS.timestamp]: timestamp,
    [SANDBOX_HEADERS.nonce]: nonce,
    [SANDBOX_HEADERS.signature]: signSandboxMessage(key, timestamp, nonce, body),
  };
}

export type PayTradeResult = { ok: true; trade: SandboxTrade; delivered: boolean } | { ok: false; reason: 'NOT_FOUND' | 'CLOSED' | 'EXPIRED' };

export interface SandboxGateway {
  createTrade(input: { outTradeNo: string; payType: PayType; amountFen: number; description: string; returnUrl?: string | undefined; expiresAt: Date }): Promise<SandboxTrade>;
  findTrade(outTradeNo: string): Promise<SandboxTrade | undefined>;
  /** The payer confirms in the cashier: the trade succeeds and a notification goes out. */
  payTrade(outTradeNo: string): Promise<PayTradeResult>;
  closeTrade(outTradeNo: string): Promise<'CLOSED' | 'ALREADY_PAID' | 'NOT_FOUND'>;
  /** Refunds a paid trade; the same refund number returns the same refund (providers dedupe on it). */
  refundTrade(input: { outTradeNo: string; outRefundNo: string; amountFen: number }): Promise<SandboxRefundResult>;
  findRefund(outRefundNo: string): Promise<SandboxRefund | undefined>;
  /** Builds the signed notification for a paid trade (also used by tests to replay or forge). */
  notificationFor(trade: SandboxTrade, options?: { eventId?: string; timestamp?: number }): SandboxNotification;
}

export function createSandboxGateway(deps: {
  /** the gateway's trade book (sandbox.repository.ts) */
  store: SandboxStore;
  notifyKey: string;
  now: () => Date;
  /** Posts a notification to our notify route; returns the HTTP status it answered. */
  deliver: (notification: SandboxNotification) => Promise<number>;
}): SandboxGateway {
  const { notifyKey, now } = deps;
  const { store } = deps;
  const findTrade = store.findTrade;

  function notificationFor(trade: SandboxTrade, options: { eventId?: string; timestamp?: number } = {}): SandboxNotification {
    const body = JSON.stringify({
      id: options.eventId ?? `EV_${trade.transaction_id}`,
      event_type: 'TRANSACTION.SUCCESS',
      resource: {
        out_trade_no: trade.out_trade_no,
        transaction_id: trade.transaction_id,
        trade_state: 'SUCCESS',
        amount: { total: trade.amount_fen, currency: 'CNY' },
        success_time: trade.paid_at,
      },
    });
    return { body, headers: signedSandboxHeaders(notifyKey, options.timestamp ?? Math.floor(now().getTime() / 1000), body) };
  }

  return {
    findTrade,
    notificationFor,

    async createTrade(input) {
      const existing = await findTrade(input.outTradeNo);
      if (existing) return existing;
      const trade: SandboxTrade = {
        out_trade_no: input.outTradeNo,
        pay_type: input.payType,
        amount_fen: input.amountFen,
        description: input.description,
        status: 'NOTPAY',
        return_url: input.returnUrl ?? null,
        transaction_id: null,
        expires_at: input.expiresAt.toISOString(),
        created_at: now().toISOString(),
        paid_at: null,
      };
      await store.insertTrade(trade);
      return trade;
    },

    async payTrade(outTradeNo) {
      const trade = await findTrade(outTradeNo);
      if (!trade) return { ok: false, reason: 'NOT_FOUND' };
      if (trade.status === 'CLOSED') return { ok: false, reason: 'CLOSED' };
      if (trade.status === 'REFUND') return { ok: true, trade, delivered: false };
      let paid = trade;
      if (trade.status === 'NOTPAY') {
        if (new Date(trade.expires_at) <= now()) return { ok: false, reason: 'EXPIRED' };
        const transactionId = `SBX${now().getTime()}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
        const paidAt = now().toISOString();
        paid = (await store.markTradePaid(outTradeNo, transactionId, paidAt)) ? { ...trade, status: 'SUCCESS', transaction_id: transactionId, paid_at: paidAt } : ((await findTrade(outTradeNo)) ?? trade);
      }
      // A real gateway retries until acknowledged; the order page's polling query covers a lost one here.
      const status = await deps.deliver(notificationFor(paid)).catch(() => 0);
      return { ok: true, trade: paid, delivered: status >= 200 && status < 300 };
    },

    async closeTrade(outTradeNo) {
      const trade = await findTrade(outTradeNo);
      if (!trade) return 'NOT_FOUND';
      if (trade.status === 'SUCCESS' || trade.status === 'REFUND') return 'ALREADY_PAID';
      await store.closeUnpaidTrade(outTradeNo);
      const after = await findTrade(outTradeNo);
      return after?.status === 'SUCCESS' ? 'ALREADY_PAID' : 'CLOSED';
    },

    async refundTrade(input) {
      const existing = await store.findRefund(input.outRefundNo);
      if (existing) return { ok: true, refund: existing };
      const trade = await findTrade(input.outTradeNo);
      if (!trade) return { ok: false, reason: 'NOT_FOUND' };
      if (trade.status !== 'SUCCESS') return { ok: false, reason: 'NOT_PAID' };
      // Like both real gateways: refunds of a trade together never exceed what was paid.
      const refundedBefore = await store.refundedFen(input.outTradeNo);
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0 || input.amountFen > trade.amount_fen - refundedBefore) return { ok: false, reason: 'AMOUNT_EXCEEDS_PAID' };
      const at = now().toISOString();
      const refund: SandboxRefund = {
        out_refund_no: input.outRefundNo,
        out_trade_no: input.outTradeNo,
        refund_id: `SBXR${now().getTime()}${randomUUID().replace(/-/g, '').slice(0, 10)}`,
        amount_fen: input.amountFen,
        status: 'SUCCESS',
        created_at: at,
        succeeded_at: at,
      };
      await store.recordRefund(refund, { fullRefund: refundedBefore + input.amountFen === trade.amount_fen });
      return { ok: true, refund };
    },

    findRefund: store.findRefund,
  };
}
