import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { Decorator } from 'wechatpay-axios-plugin';
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
import { decryptResource, notificationMessage, paySignMessage, rsaSign, rsaVerify } from './wechatpay-crypto.ts';

/** Notifications older or newer than this are refused (WeChat's own SDKs use 5 minutes). */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;
/** WeChat deliberately sends a few wrongly signed notifications; their signatures start like this. */
export const WECHATPAY_PROBE_PREFIX = 'WECHATPAY/SIGNTEST/';

export const WECHATPAY_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
} as const;

type Method = 'get' | 'post';

interface HttpAnswer<T> {
  status: number;
  data: T;
}

/** A 4xx business answer from WeChat (`{code, message}`); anything worse is thrown as an AppError. */
interface BusinessError {
  status: number;
  code: string;
  message: string;
}

/** The shape of what axios (inside the plugin) throws; duck-typed so we need not depend on axios. */
interface AxiosLikeError {
  isAxiosError?: boolean;
  code?: string;
  message?: string;
  response?: { status: number; data: unknown };
}

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

const NotificationSchema = z.object({
  id: z.string().min(1).max(64),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
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

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isAxiosLike(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && ('isAxiosError' in error || 'response' in error || 'code' in error);
}

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
  const client = new Decorator({
    mchid: config.mchId,
    serial: config.merchantSerial,
    privateKey: config.merchantPrivateKey,
    certs: { ...config.verificationKeys },
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
  });

  /** One API call. 2xx → the answer; 4xx → a BusinessError to branch on; the rest is thrown. */
  async function call<T>(
    method: Method,
    pathname: string,
    options: { data?: object; params?: Record<string, string>; vars?: Record<string, string>; responseType?: 'arraybuffer' } = {},
  ): Promise<HttpAnswer<T> | BusinessError> {
    try {
      const extra = { ...(options.params ? { params: options.params } : {}), ...(options.responseType ? { responseType: options.responseType } : {}) };
      const response = (await client.request(pathname, method, options.data, { ...options.vars, ...extra })) as HttpAnswer<T>;
      return { status: response.status, data: response.data };
    } catch (error) {
      if (!isAxiosLike(error)) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay ${pathname}: ${String(error)}`, { cause: error });
      const code = error.code ?? '';
      if (code.startsWith('EV3_')) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay ${pathname}: ${code}`, { cause: error });
      if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') throw new AppError('PAYMENT_PROVIDER_TIMEOUT', `wechatpay ${pathname}: ${code}`, { cause: error });
      const status = error.response?.status;
      if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
        const body = (error.response?.data ?? {}) as { code?: unknown; message?: unknown };
        return { status, code: typeof body.code === 'string' ? body.code : `HTTP_${status}`, message: typeof body.message === 'string' ? body.message : '' };
      }
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `wechatpay ${pathname}: ${status ? `HTTP ${status}` : code || error.message}`, { cause: error });
    }
  }

  const isBusinessError = <T>(answer: HttpAnswer<T> | BusinessError): answer is BusinessError => 'code' in answer;

  function checkMerchant(transaction: { appid: string; mchid: string }, where: string): void {
    if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `wechatpay ${where}: merchant ${transaction.mchid}/${transaction.appid} is not ours`);
    }
  }

  function jsapiParams(prepayId: string) {
    const timeStamp = String(Math.floor(now().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    return { appId: config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA' as const, paySign: rsaSign(paySignMessage(config.appId, timeStamp, nonceStr, pkg), merchantKey) };
  }

  return {
    id: 'wechatpay',
    payTypes: ['weixin'],
    paySources: { weixin: PAY_SOURCES_BY_PAY_TYPE.weixin },

    async createPayment(input): Promise<CreatePaymentResult> {
      const common = {
        appid: config.appId,
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
      if (input.paySource === 'jsapi' && prepayId) return { ok: true, kind: 'jsapi', params: jsapiParams(prepayId) };
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
      const timestamp = header(headers, WECHATPAY_HEADERS.timestamp);
      const nonce = header(headers, WECHATPAY_HEADERS.nonce);
      const signature = header(headers, WECHATPAY_HEADERS.signature);
      const serial = header(headers, WECHATPAY_HEADERS.serial);
      if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing Wechatpay-* headers' };
      if (signature.startsWith(WECHATPAY_PROBE_PREFIX)) return { ok: false, reason: 'probe signature (WECHATPAY/SIGNTEST)' };
      if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now().getTime() / 1000 - Number(timestamp)) > WECHATPAY_MAX_SKEW_SECONDS) {
        return { ok: false, reason: `timestamp outside ±${WECHATPAY_MAX_SKEW_SECONDS} s` };
      }
      const key = verificationKeys.get(serial);
      if (!key) return { ok: false, reason: `unknown Wechatpay-Serial ${serial.slice(0, 64)}` };
      if (!rsaVerify(notificationMessage(timestamp, nonce, rawBody), signature, key)) return { ok: false, reason: 'bad signature' };

      let envelope: z.infer<typeof NotificationSchema>;
      try {
        envelope = NotificationSchema.parse(JSON.parse(rawBody));
      } catch {
        return { ok: false, reason: 'unexpected notification body' };
      }
      if (envelope.resource.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: `unknown algorithm ${envelope.resource.algorithm}` };
      const plaintext = decryptResource(envelope.resource, config.apiV3Key);
      if (plaintext === undefined) return { ok: false, reason: 'resource does not decrypt' };
      let resource: unknown;
      try {
        resource = JSON.parse(plaintext);
      } catch {
        return { ok: false, reason: 'resource is not JSON' };
      }
      const eventId = envelope.id;

      if (envelope.event_type === 'TRANSACTION.SUCCESS') {
        const parsed = TransactionSchema.safeParse(resource);
        if (!parsed.success) return { ok: false, reason: 'unexpected transaction' };
        const transaction = parsed.data;
        if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) return { ok: false, reason: `merchant mismatch ${transaction.mchid}/${transaction.appid}` };
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
      if (kind === 'accepted') return { status: 204, contentType: 'application/json', body: '' };
      return { status: kind === 'rejected' ? 400 : 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message ?? (kind === 'rejected' ? '验签失败' : '处理失败') }) };
    },
  };
}
