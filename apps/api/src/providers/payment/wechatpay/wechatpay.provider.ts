import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { AppError, PAY_SOURCES_BY_PAY_TYPE } from '@kuaibao/domain';
import type { WechatpayConfig } from '../../../config.ts';
import type {
  ClosePaymentResult,
  CreatePaymentResult,
  DownloadBillResult,
  ParseNotificationResult,
  PaymentProvider,
  QueryPaymentResult,
  RefundProgress,
  RefundQueryResult,
  RefundState,
} from '../port.ts';
import { parseRfc3339, shanghaiRfc3339 } from '../shanghai-time.ts';
import { BillFormatError, parseWechatpayTradeBill, sha1Hex } from '../bills/wechatpay-trade-bill.ts';
import { createWechatpayClient, openWechatpayNotification, wechatpayAck } from './wechatpay-client.ts';
import { paySignMessage, rsaSign } from './wechatpay-crypto.ts';

export { WECHATPAY_HEADERS, WECHATPAY_MAX_SKEW_SECONDS, WECHATPAY_PROBE_PREFIX } from './wechatpay-client.ts';

const TransactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number(), currency: z.string().optional() }).optional(),
});

const RefundSchema = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  out_trade_no: z.string(),
  status: z.string(),
  success_time: z.string().optional().nullable(),
});

const RefundNotificationSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string().optional(),
  refund_status: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ refund: z.number() }).optional(),
});

const TradeBillSchema = z.object({ hash_type: z.string(), hash_value: z.string(), download_url: z.string() });

const REFUND_STATES: readonly RefundState[] = ['SUCCESS', 'PROCESSING', 'ABNORMAL', 'CLOSED'];

/** WeChat trade states in our terms (docs/product/payments.md#wechat-pay). */
export function mapTradeState(state: string): 'PAID' | 'REFUNDED' | 'PENDING' | 'CLOSED' {
  switch (state) {
    case 'SUCCESS':
      return 'PAID';
    case 'REFUND':
      return 'REFUNDED';
    case 'NOTPAY':
    case 'USERPAYING':
      return 'PENDING';
    default:
      // CLOSED, REVOKED, PAYERROR: nothing was or will be paid on this trade.
      return 'CLOSED';
  }
}

function toRefundProgress(refund: z.infer<typeof RefundSchema>): RefundProgress {
  if (!(REFUND_STATES as readonly string[]).includes(refund.status)) {
    throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay refund status ${refund.status}`);
  }
  return {
    state: refund.status as RefundState,
    providerRefundId: refund.refund_id,
    succeededAt: refund.status === 'SUCCESS' ? (parseRfc3339(refund.success_time ?? undefined) ?? null) : null,
  };
}

/**
 * WeChat Pay API v3 (direct merchant) behind our port. Requests are signed and responses verified
 * by wechatpay-axios-plugin (public-key mode and/or platform certificates, chosen by the response's
 * Wechatpay-Serial); notifications are verified and decrypted here on node:crypto over the raw body.
 */
export function createWechatpayProvider(deps: { config: WechatpayConfig; notifyUrl: string; now: () => Date }): PaymentProvider {
  const { config, notifyUrl, now } = deps;
  const merchantKey: KeyObject = createPrivateKey(config.merchantPrivateKey);
  const verificationKeys = new Map<string, KeyObject>(Object.entries(config.verificationKeys).map(([serial, pem]) => [serial, createPublicKey(pem)]));
  const { call, isBusinessError } = createWechatpayClient(config);

  // Every appid bound to our merchant that we pay under: the official account's and, when set, the
  // mini-program's (docs/decisions/055-mini-program-payment-appid.md). Nothing else is ours.
  const ourAppIds = new Set([config.appId, ...(config.miniProgramAppId ? [config.miniProgramAppId] : [])]);
  const isOurs = (transaction: { appid: string; mchid: string }) => transaction.mchid === config.mchId && ourAppIds.has(transaction.appid);

  function checkMerchant(transaction: { appid: string; mchid: string }, where: string): void {
    if (!isOurs(transaction)) {
      throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay ${where}: merchant ${transaction.mchid}/${transaction.appid} is not ours`);
    }
  }

  /** The bridge's parameters, signed for the appid the trade was created under (wx.requestPayment checks it is the calling app's). */
  function jsapiParams(appId: string, prepayId: string) {
    const timeStamp = String(Math.floor(now().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA' as const, paySign: rsaSign(paySignMessage(appId, timeStamp, nonceStr, pkg), merchantKey) };
  }

  return {
    id: 'wechatpay',
    payTypes: ['weixin'],
    paySources: { weixin: PAY_SOURCES_BY_PAY_TYPE.weixin },

    async createPayment(input): Promise<CreatePaymentResult> {
      // A mini-program openid is only good under the mini-program's appid (WeChat answers "appid和openid不匹配" otherwise).
      const appId = input.paySource === 'jsapi' && input.openidApp === 'wx-mp' ? config.miniProgramAppId : config.appId;
      if (!appId) return { ok: false, reason: 'NOT_PERMITTED', message: 'no mini-program appid is bound to this merchant (WECHATPAY_MP_APP_ID)' };
      const common = {
        appid: appId,
        mchid: config.mchId,
        description: input.description.slice(0, 127),
        out_trade_no: input.outTradeNo,
        time_expire: shanghaiRfc3339(input.expiresAt),
        notify_url: notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      };
      let pathname: string;
      let body: object;
      switch (input.paySource) {
        case 'native':
          pathname = 'v3/pay/transactions/native';
          body = { ...common, ...(input.clientIp ? { scene_info: { payer_client_ip: input.clientIp } } : {}) };
          break;
        case 'h5':
          if (!input.clientIp) return { ok: false, reason: 'INVALID_REQUEST', message: 'h5 payment needs the payer IP' };
          pathname = 'v3/pay/transactions/h5';
          body = { ...common, scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } } };
          break;
        case 'jsapi':
          if (!input.openid) return { ok: false, reason: 'INVALID_REQUEST', message: 'jsapi payment needs the payer openid' };
          pathname = 'v3/pay/transactions/jsapi';
          body = { ...common, payer: { openid: input.openid } };
          break;
      }
      const answer = await call<{ code_url?: string; h5_url?: string; prepay_id?: string }>('post', pathname, { data: body });
      if (isBusinessError(answer)) {
        return { ok: false, reason: answer.code === 'NOAUTH' ? 'NOT_PERMITTED' : 'INVALID_REQUEST', message: `${answer.code}: ${answer.message}` };
      }
      const { code_url: codeUrl, h5_url: h5Url, prepay_id: prepayId } = answer.data;
      if (input.paySource === 'native' && codeUrl) return { ok: true, kind: 'qr', content: codeUrl };
      if (input.paySource === 'h5' && h5Url) {
        // The payer lands on our page whether or not they paid; the page then asks us (and we ask WeChat).
        const url = input.returnUrl ? `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}` : h5Url;
        return { ok: true, kind: 'redirect', url };
      }
      if (input.paySource === 'jsapi' && prepayId) return { ok: true, kind: 'jsapi', params: jsapiParams(appId, prepayId) };
      throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay ${pathname}: answer without the ${input.paySource} field`);
    },

    async queryPayment({ outTradeNo }): Promise<QueryPaymentResult> {
      const answer = await call<unknown>('get', 'v3/pay/transactions/out-trade-no/{out_trade_no}', { vars: { out_trade_no: outTradeNo }, params: { mchid: config.mchId } });
      if (isBusinessError(answer)) {
        if (answer.status === 404 || answer.code === 'ORDER_NOT_EXIST' || answer.code === 'ORDERNOTEXIST') return { state: 'NOT_FOUND' };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay query: ${answer.code} ${answer.message}`);
      }
      const parsed = TransactionSchema.safeParse(answer.data);
      if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay query: unexpected transaction');
      const transaction = parsed.data;
      checkMerchant(transaction, 'query');
      const state = mapTradeState(transaction.trade_state);
      if (state === 'PAID' || state === 'REFUNDED') {
        const paidAt = parseRfc3339(transaction.success_time);
        if (!transaction.transaction_id || !transaction.amount || !paidAt) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay query: paid without id, amount or time');
        return { state, amountFen: transaction.amount.total, currency: transaction.amount.currency ?? 'CNY', providerTxnId: transaction.transaction_id, paidAt };
      }
      return { state };
    },

    async closePayment({ outTradeNo }): Promise<ClosePaymentResult> {
      const answer = await call<unknown>('post', 'v3/pay/transactions/out-trade-no/{out_trade_no}/close', { data: { mchid: config.mchId }, vars: { out_trade_no: outTradeNo } });
      if (!isBusinessError(answer)) return 'CLOSED';
      if (answer.code === 'ORDERPAID') return 'ALREADY_PAID';
      if (answer.code === 'ORDER_CLOSED') return 'CLOSED';
      if (answer.status === 404 || answer.code === 'ORDER_NOT_EXIST' || answer.code === 'ORDERNOTEXIST') return 'NOT_FOUND';
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay close: ${answer.code} ${answer.message}`);
    },

    async refund(input) {
      const answer = await call<unknown>('post', 'v3/refund/domestic/refunds', {
        data: {
          out_trade_no: input.outTradeNo,
          out_refund_no: input.outRefundNo,
          reason: input.reason.slice(0, 80),
          notify_url: notifyUrl,
          amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
        },
      });
      if (isBusinessError(answer)) return { ok: false, reason: 'REJECTED', code: answer.code, message: answer.message };
      const parsed = RefundSchema.safeParse(answer.data);
      if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay refund: unexpected answer');
      return { ok: true, ...toRefundProgress(parsed.data) };
    },

    async queryRefund({ outRefundNo }): Promise<RefundQueryResult> {
      const answer = await call<unknown>('get', 'v3/refund/domestic/refunds/{out_refund_no}', { vars: { out_refund_no: outRefundNo } });
      if (isBusinessError(answer)) {
        if (answer.status === 404 || answer.code === 'RESOURCE_NOT_EXISTS') return { state: 'NOT_FOUND' };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay refund query: ${answer.code} ${answer.message}`);
      }
      const parsed = RefundSchema.safeParse(answer.data);
      if (!parsed.success) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay refund query: unexpected answer');
      return toRefundProgress(parsed.data);
    },

    async parseNotification({ headers, rawBody }): Promise<ParseNotificationResult> {
      const opened = openWechatpayNotification({ headers, rawBody }, { verificationKeys, apiV3Key: config.apiV3Key, now });
      if (!opened.ok) return opened;
      const { envelope, resource } = opened;
      const eventId = envelope.id;

      if (envelope.event_type === 'TRANSACTION.SUCCESS') {
        const parsed = TransactionSchema.safeParse(resource);
        if (!parsed.success) return { ok: false, reason: 'unexpected transaction' };
        const transaction = parsed.data;
        if (!isOurs(transaction)) return { ok: false, reason: `merchant mismatch ${transaction.mchid}/${transaction.appid}` };
        const paidAt = parseRfc3339(transaction.success_time);
        if (transaction.trade_state !== 'SUCCESS' || !transaction.transaction_id || !transaction.amount || !paidAt) {
          return { ok: true, event: { kind: 'ignored', eventId, outTradeNo: transaction.out_trade_no, reason: `trade_state ${transaction.trade_state}` } };
        }
        return {
          ok: true,
          event: { kind: 'payment', eventId, outTradeNo: transaction.out_trade_no, providerTxnId: transaction.transaction_id, amountFen: transaction.amount.total, currency: transaction.amount.currency ?? 'CNY', paidAt },
        };
      }

      if (envelope.event_type.startsWith('REFUND.')) {
        const parsed = RefundNotificationSchema.safeParse(resource);
        if (!parsed.success) return { ok: false, reason: 'unexpected refund' };
        const refund = parsed.data;
        if (refund.mchid !== config.mchId) return { ok: false, reason: `merchant mismatch ${refund.mchid}` };
        if (!(REFUND_STATES as readonly string[]).includes(refund.refund_status)) {
          return { ok: true, event: { kind: 'ignored', eventId, outTradeNo: refund.out_trade_no, reason: `refund_status ${refund.refund_status}` } };
        }
        return {
          ok: true,
          event: {
            kind: 'refund',
            eventId,
            outTradeNo: refund.out_trade_no,
            outRefundNo: refund.out_refund_no,
            providerRefundId: refund.refund_id ?? null,
            state: refund.refund_status as RefundState,
            refundFen: refund.amount?.refund ?? null,
            succeededAt: refund.refund_status === 'SUCCESS' ? (parseRfc3339(refund.success_time) ?? now()) : null,
          },
        };
      }
      return { ok: true, event: { kind: 'ignored', eventId, reason: envelope.event_type } };
    },

    async downloadTradeBill({ date }): Promise<DownloadBillResult> {
      const answer = await call<unknown>('get', 'v3/bill/tradebill', { params: { bill_date: date, bill_type: 'ALL', tar_type: 'GZIP' } });
      if (isBusinessError(answer)) {
        if (answer.code === 'NO_STATEMENT_EXIST') return { ok: false, reason: 'NO_BILL', message: `${answer.code}: ${answer.message}` };
        if (answer.code === 'STATEMENT_CREATING') return { ok: false, reason: 'NOT_READY', message: `${answer.code}: ${answer.message}` };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay tradebill: ${answer.code} ${answer.message}`);
      }
      const parsed = TradeBillSchema.safeParse(answer.data);
      if (!parsed.success || parsed.data.hash_type !== 'SHA1') throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay tradebill: unexpected answer');
      // The file's answer is not signed (WeChat says so); the SHA1 from the signed answer above vouches for it.
      // Only our configured API origin gets our signed request.
      const url = new URL(parsed.data.download_url.trim());
      if (url.origin !== new URL(config.baseUrl).origin) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay tradebill: download_url on ${url.origin}`);
      const file = await call<ArrayBuffer>('get', url.pathname.replace(/^\//, ''), { params: Object.fromEntries(url.searchParams), responseType: 'arraybuffer' });
      if (isBusinessError(file)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay billdownload: ${file.code} ${file.message}`);
      let text: Buffer;
      try {
        text = gunzipSync(Buffer.from(file.data));
      } catch (error) {
        throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay billdownload: not gzip', { cause: error });
      }
      if (sha1Hex(text) !== parsed.data.hash_value.toLowerCase()) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'wechatpay billdownload: SHA1 differs from hash_value');
      try {
        return { ok: true, lines: parseWechatpayTradeBill(text.toString('utf8')) };
      } catch (error) {
        if (error instanceof BillFormatError) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay trade bill: ${error.message}`, { cause: error });
        throw error;
      }
    },

    acknowledge(kind, message) {
      // WeChat reads the status code: 2xx is "received", 4xx/5xx makes it retry (up to 24 h).
      return wechatpayAck(kind, message);
    },
  };
}
