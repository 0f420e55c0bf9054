import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAY_SOURCES_BY_PAY_TYPE, SIGNATURE_WINDOW_SECONDS } from '@kuaibao/domain';
import type { PaymentProvider, ParseNotificationResult } from '../port.ts';
import { SANDBOX_HEADERS, signSandboxMessage, type SandboxGateway } from './sandbox-gateway.ts';

const NotificationBodySchema = z.object({
  id: z.string().min(1).max(64),
  event_type: z.string(),
  resource: z.object({
    out_trade_no: z.string(),
    transaction_id: z.string().nullable(),
    trade_state: z.string(),
    amount: z.object({ total: z.number().int(), currency: z.string() }),
    success_time: z.string().nullable(),
  }),
});

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The app id the sandbox puts in in-app (jsapi) payment parameters: recognisably not a real one. */
export const SANDBOX_APP_ID = 'wxsandbox000000000';

/** Our adapter to the sandbox gateway; the default provider for both weixin and alipay. */
export function createSandboxProvider(deps: { gateway: SandboxGateway; notifyKey: string; now: () => Date }): PaymentProvider {
  const { gateway } = deps;
  return {
    id: 'sandbox',
    payTypes: ['weixin', 'alipay'],
    paySources: PAY_SOURCES_BY_PAY_TYPE,

    async createPayment(input) {
      if (!PAY_SOURCES_BY_PAY_TYPE[input.payType].includes(input.paySource)) return { ok: false, reason: 'NOT_PERMITTED', message: 'in-app payment is WeChat Pay only' };
      await gateway.createTrade(input);
      const cashierUrl = `${input.notifyBaseUrl}/sandbox/cashier/${encodeURIComponent(input.outTradeNo)}`;
      if (input.paySource === 'jsapi') {
        // Bridge parameters shaped like WeChat's; the payer (or a test) confirms in the cashier page.
        const timeStamp = String(Math.floor(deps.now().getTime() / 1000));
        const nonceStr = randomBytes(16).toString('hex');
        const pkg = `prepay_id=SBX_${input.outTradeNo}`;
        const paySign = createHmac('sha256', deps.notifyKey).update(`${SANDBOX_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).digest('base64');
        return { ok: true, kind: 'jsapi', params: { appId: SANDBOX_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign } };
      }
      return input.paySource === 'native' ? { ok: true, kind: 'qr', content: cashierUrl } : { ok: true, kind: 'redirect', url: cashierUrl };
    },

    async queryPayment({ outTradeNo }) {
      const trade = await gateway.findTrade(outTradeNo);
      if (!trade) return { state: 'NOT_FOUND' };
      if ((trade.status === 'SUCCESS' || trade.status === 'REFUND') && trade.transaction_id && trade.paid_at) {
        const state = trade.status === 'SUCCESS' ? 'PAID' : 'REFUNDED';
        return { state, amountFen: trade.amount_fen, currency: 'CNY', providerTxnId: trade.transaction_id, paidAt: new Date(trade.paid_at) };
      }
      return { state: trade.status === 'CLOSED' ? 'CLOSED' : 'PENDING' };
    },

    closePayment({ outTradeNo }) {
      return gateway.closeTrade(outTradeNo);
    },

    async refund(input) {
      const result = await gateway.refundTrade({ outTradeNo: input.outTradeNo, outRefundNo: input.outRefundNo, amountFen: input.amountFen });
      if (!result.ok) return { ok: false, reason: 'REJECTED', code: result.reason, message: `sandbox refused the refund: ${result.reason}` };
      const { refund } = result;
      return { ok: true, state: 'SUCCESS', providerRefundId: refund.refund_id, succeededAt: refund.succeeded_at ? new Date(refund.succeeded_at) : null };
    },

    async queryRefund({ outRefundNo }) {
      const refund = await gateway.findRefund(outRefundNo);
      if (!refund) return { state: 'NOT_FOUND' };
      return { state: 'SUCCESS', providerRefundId: refund.refund_id, succeededAt: refund.succeeded_at ? new Date(refund.succeeded_at) : null };
    },

    async parseNotification({ headers, rawBody }): Promise<ParseNotificationResult> {
      const timestamp = header(headers, SANDBOX_HEADERS.timestamp);
      const nonce = header(headers, SANDBOX_HEADERS.nonce);
      const signature = header(headers, SANDBOX_HEADERS.signature);
      if (!timestamp || !nonce || !signature) return { ok: false, reason: 'missing signature headers' };
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(deps.now().getTime() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) {
        return { ok: false, reason: 'timestamp outside the window' };
      }
      const expected = Buffer.from(signSandboxMessage(deps.notifyKey, timestamp, nonce, rawBody));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad signature' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'body is not JSON' };
      }
      const parsed = NotificationBodySchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'unexpected body' };
      const { id, event_type: eventType, resource } = parsed.data;
      if (eventType !== 'TRANSACTION.SUCCESS' || resource.trade_state !== 'SUCCESS' || !resource.transaction_id || !resource.success_time) {
        return { ok: true, event: { kind: 'ignored', eventId: id, outTradeNo: resource.out_trade_no, reason: eventType } };
      }
      return {
        ok: true,
        event: {
          kind: 'payment',
          eventId: id,
          outTradeNo: resource.out_trade_no,
          providerTxnId: resource.transaction_id,
          amountFen: resource.amount.total,
          currency: resource.amount.currency,
          paidAt: new Date(resource.success_time),
        },
      };
    },

    acknowledge(kind, message) {
      if (kind === 'accepted') return { status: 204, contentType: 'application/json', body: '' };
      return { status: kind === 'rejected' ? 400 : 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message ?? kind }) };
    },
  };
}
