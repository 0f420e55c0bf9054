import { AlipaySdk } from 'alipay-sdk';
import { AppError, PAY_SOURCES_BY_PAY_TYPE, fenToYuanString, yuanStringToFen } from '@kuaibao/domain';
import type { AlipayConfig } from '../../../config.ts';
import { BillFormatError } from '../bills/wechatpay-trade-bill.ts';
import { parseAlipayTradeBillZip } from '../bills/alipay-trade-bill.ts';
import { ZipFormatError } from '../bills/zip-entries.ts';
import type { ClosePaymentResult, CreatePaymentResult, DownloadBillResult, ParseNotificationResult, PaymentProvider, QueryPaymentResult, RefundQueryResult } from '../port.ts';
import { parseShanghaiDateTime, shanghaiDateTime } from '../shanghai-time.ts';

/** A classic-gateway answer (`alipay_trade_*_response`), snake_case as Alipay sends it. */
interface GatewayAnswer {
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
  [key: string]: unknown;
}

const SUCCESS = '10000';
/** Sub-codes that mean "try again later", not "no". */
const RETRYABLE_SUB_CODES = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR', 'isp.unknow-error', 'ACQ.TRADE_HAS_SUCCESS_LATER']);
/** Sub-codes that mean this product is not enabled for the app (docs/product/payments.md#providers; unconfirmed list). */
const NOT_PERMITTED_SUB_CODES = new Set(['ACQ.ACCESS_FORBIDDEN', 'isv.insufficient-isv-permissions', 'isv.insufficient-user-permissions']);

function subCode(answer: GatewayAnswer): string {
  return answer.sub_code ?? answer.code;
}

function describe(answer: GatewayAnswer): string {
  return `${answer.code} ${subCode(answer)} ${answer.sub_msg ?? answer.msg}`.trim();
}

/** Trims PEM text: the SDK drops the first and last lines, so a trailing newline would break it. */
function sdkPem(pem: string): string {
  return pem.trim();
}

/**
 * Alipay (classic gateway, public-key mode) behind our port, through the official alipay-sdk 4.x:
 * every answer's signature is verified (`validateSign: true`), notifications through
 * `checkNotifySignV2` (no double URL-decoding). Amounts go out as yuan strings made from integer fen
 * and come back the same way, never through floats. The SDK stamps requests with the local time,
 * so the process runs in Asia/Shanghai when Alipay is configured (config.ts useShanghaiTimezone).
 */
export function createAlipayProvider(deps: { config: AlipayConfig; notifyUrl: string; now: () => Date }): PaymentProvider {
  const { config, notifyUrl, now } = deps;
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: sdkPem(config.appPrivateKey),
    keyType: 'PKCS8',
    alipayPublicKey: sdkPem(config.alipayPublicKey),
    gateway: config.gatewayUrl,
    endpoint: config.endpoint,
    timeout: config.timeoutMs,
    camelcase: false,
  });

  async function exec(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<GatewayAnswer> {
    try {
      const answer = (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as GatewayAnswer;
      if (answer.code !== SUCCESS && (answer.code === '20000' || RETRYABLE_SUB_CODES.has(subCode(answer)))) {
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay ${method}: ${describe(answer)}`);
      }
      return answer;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const cause = error instanceof Error ? (error.cause as { name?: string; code?: string } | undefined) : undefined;
      if (message.includes('验签失败')) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `alipay ${method}: response signature`, { cause: error });
      if (/timeout/i.test(message) || /Timeout/.test(cause?.name ?? '') || cause?.code === 'ETIMEDOUT') {
        throw new AppError('PAYMENT_PROVIDER_TIMEOUT', `alipay ${method}: timeout`, { cause: error });
      }
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay ${method}: ${message.slice(0, 200)}`, { cause: error });
    }
  }

  function pageUrl(method: 'alipay.trade.wap.pay' | 'alipay.trade.page.pay', bizContent: Record<string, unknown>, returnUrl: string | undefined): string {
    return sdk.pageExec(method, 'GET', { bizContent, notifyUrl, ...(returnUrl ? { returnUrl } : {}) });
  }

  return {
    id: 'alipay',
    payTypes: ['alipay'],
    paySources: { alipay: PAY_SOURCES_BY_PAY_TYPE.alipay },

    async createPayment(input): Promise<CreatePaymentResult> {
      const order = {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuanString(input.amountFen),
        subject: input.description.slice(0, 256),
        time_expire: shanghaiDateTime(input.expiresAt),
      };
      if (input.paySource === 'jsapi') return { ok: false, reason: 'NOT_PERMITTED', message: 'Alipay cannot pay inside WeChat' };
      if (input.paySource === 'h5') {
        return { ok: true, kind: 'redirect', url: pageUrl('alipay.trade.wap.pay', { ...order, product_code: 'QUICK_WAP_WAY', ...(input.returnUrl ? { quit_url: input.returnUrl } : {}) }, input.returnUrl) };
      }
      if (config.desktopProduct === 'page') {
        return { ok: true, kind: 'redirect', url: pageUrl('alipay.trade.page.pay', { ...order, product_code: 'FAST_INSTANT_TRADE_PAY' }, input.returnUrl) };
      }
      const answer = await exec('alipay.trade.precreate', order, { notifyUrl });
      if (answer.code === SUCCESS && typeof answer.qr_code === 'string') return { ok: true, kind: 'qr', content: answer.qr_code };
      if (answer.code === SUCCESS) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'alipay precreate: no qr_code');
      return { ok: false, reason: NOT_PERMITTED_SUB_CODES.has(subCode(answer)) ? 'NOT_PERMITTED' : 'INVALID_REQUEST', message: describe(answer) };
    },

    async queryPayment({ outTradeNo }): Promise<QueryPaymentResult> {
      const answer = await exec('alipay.trade.query', { out_trade_no: outTradeNo });
      if (answer.code !== SUCCESS) {
        // A precreate QR nobody scanned, or a cashier nobody opened, does not exist at Alipay yet.
        if (subCode(answer) === 'ACQ.TRADE_NOT_EXIST') return { state: 'NOT_FOUND' };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay query: ${describe(answer)}`);
      }
      switch (answer.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED': {
          const amountFen = typeof answer.total_amount === 'string' ? yuanStringToFen(answer.total_amount) : undefined;
          if (amountFen === undefined || typeof answer.trade_no !== 'string') throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'alipay query: paid without amount or trade_no');
          const paidAt = parseShanghaiDateTime(typeof answer.send_pay_date === 'string' ? answer.send_pay_date : undefined) ?? now();
          return { state: 'PAID', amountFen, currency: 'CNY', providerTxnId: answer.trade_no, paidAt };
        }
        case 'TRADE_CLOSED':
          return { state: 'CLOSED' };
        default:
          return { state: 'PENDING' };
      }
    },

    async closePayment({ outTradeNo }): Promise<ClosePaymentResult> {
      const answer = await exec('alipay.trade.close', { out_trade_no: outTradeNo });
      if (answer.code === SUCCESS) return 'CLOSED';
      if (subCode(answer) === 'ACQ.TRADE_NOT_EXIST') return 'NOT_FOUND';
      // Closing a paid trade is refused with a status error; the query after every close settles it.
      if (subCode(answer) === 'ACQ.TRADE_STATUS_ERROR') return 'ALREADY_PAID';
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay close: ${describe(answer)}`);
    },

    async refund(input) {
      const answer = await exec('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuanString(input.amountFen),
        out_request_no: input.outRefundNo,
        refund_reason: input.reason.slice(0, 256),
      });
      if (answer.code !== SUCCESS) return { ok: false, reason: 'REJECTED', code: subCode(answer), message: answer.sub_msg ?? answer.msg };
      // fund_change "N": already refunded under this number, or not yet settled: the refund query decides.
      if (answer.fund_change === 'Y') {
        const succeededAt = parseShanghaiDateTime(typeof answer.gmt_refund_pay === 'string' ? answer.gmt_refund_pay : undefined) ?? now();
        return { ok: true, state: 'SUCCESS', providerRefundId: typeof answer.trade_no === 'string' ? answer.trade_no : null, succeededAt };
      }
      return { ok: true, state: 'PROCESSING', providerRefundId: typeof answer.trade_no === 'string' ? answer.trade_no : null, succeededAt: null };
    },

    async queryRefund({ outTradeNo, outRefundNo }): Promise<RefundQueryResult> {
      const answer = await exec('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: outRefundNo, query_options: ['gmt_refund_pay'] });
      if (answer.code !== SUCCESS) {
        if (subCode(answer) === 'ACQ.TRADE_NOT_EXIST') return { state: 'NOT_FOUND' };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay refund query: ${describe(answer)}`);
      }
      // 10000 with the refund's data = refunded; 10000 without it = no such refund (yet).
      const refunded = answer.refund_status === 'REFUND_SUCCESS' || (answer.refund_status === undefined && typeof answer.refund_amount === 'string');
      if (!refunded) return { state: 'NOT_FOUND' };
      const succeededAt = parseShanghaiDateTime(typeof answer.gmt_refund_pay === 'string' ? answer.gmt_refund_pay : undefined) ?? now();
      return { state: 'SUCCESS', providerRefundId: typeof answer.trade_no === 'string' ? answer.trade_no : null, succeededAt };
    },

    async parseNotification({ rawBody }): Promise<ParseNotificationResult> {
      // Form-encoded: URLSearchParams decodes once ('+' is a space, %xx once) — the values Alipay signed.
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(rawBody)) params[key] = value;
      if (!params.sign) return { ok: false, reason: 'missing sign' };
      let verified: boolean;
      try {
        verified = sdk.checkNotifySignV2(params);
      } catch {
        verified = false;
      }
      if (!verified) return { ok: false, reason: 'bad signature' };
      if (params.app_id !== config.appId) return { ok: false, reason: `app_id mismatch ${params.app_id ?? ''}` };
      if (config.sellerId && params.seller_id !== config.sellerId) return { ok: false, reason: `seller_id mismatch ${params.seller_id ?? ''}` };
      const eventId = params.notify_id;
      const outTradeNo = params.out_trade_no;
      if (!eventId || !outTradeNo) return { ok: false, reason: 'missing notify_id or out_trade_no' };

      switch (params.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED': {
          if (!params.trade_no) return { ok: false, reason: 'paid without trade_no' };
          // A partial refund leaves the trade TRADE_SUCCESS and notifies with refund_fee (the refunded
          // total) and out_biz_no (our out_request_no): a refund, not a second payment (decision 057).
          const partialRefundFen = params.refund_fee ? yuanStringToFen(params.refund_fee) : undefined;
          if (partialRefundFen !== undefined && partialRefundFen > 0 && params.out_biz_no) {
            return {
              ok: true,
              event: { kind: 'refund', eventId, outTradeNo, outRefundNo: params.out_biz_no, providerRefundId: params.trade_no, state: 'SUCCESS', refundFen: partialRefundFen, succeededAt: parseShanghaiDateTime(params.gmt_refund) ?? now() },
            };
          }
          // An amount we cannot read is recorded as a mismatch, never guessed.
          const amountFen = yuanStringToFen(params.total_amount ?? '') ?? -1;
          const paidAt = parseShanghaiDateTime(params.gmt_payment) ?? now();
          return { ok: true, event: { kind: 'payment', eventId, outTradeNo, providerTxnId: params.trade_no, amountFen, currency: 'CNY', paidAt } };
        }
        case 'TRADE_CLOSED': {
          const refundFen = params.refund_fee ? yuanStringToFen(params.refund_fee) : undefined;
          if (refundFen !== undefined && refundFen > 0) {
            // A full refund closes a paid trade: this means "refunded", not "payment failed".
            if (!params.out_biz_no) return { ok: true, event: { kind: 'ignored', eventId, outTradeNo, reason: 'refund without out_biz_no' } };
            return {
              ok: true,
              event: {
                kind: 'refund',
                eventId,
                outTradeNo,
                outRefundNo: params.out_biz_no,
                providerRefundId: params.trade_no ?? null,
                state: 'SUCCESS',
                refundFen,
                succeededAt: parseShanghaiDateTime(params.gmt_refund) ?? now(),
              },
            };
          }
          return { ok: true, event: { kind: 'closed', eventId, outTradeNo } };
        }
        default:
          return { ok: true, event: { kind: 'ignored', eventId, outTradeNo, reason: `trade_status ${params.trade_status ?? 'none'}` } };
      }
    },

    async downloadTradeBill({ date }): Promise<DownloadBillResult> {
      const answer = await exec('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
      if (answer.code !== SUCCESS) {
        if (subCode(answer) === 'isp.bill_not_exist') return { ok: false, reason: 'NO_BILL', message: describe(answer) };
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay bill url: ${describe(answer)}`);
      }
      if (typeof answer.bill_download_url !== 'string') throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', 'alipay bill url: no bill_download_url');
      // The address came in a signed answer and is valid for a short while; the file itself is a plain GET.
      let zip: Buffer;
      try {
        const response = await fetch(answer.bill_download_url, { signal: AbortSignal.timeout(config.timeoutMs * 4) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        zip = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `alipay bill download: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      try {
        return { ok: true, lines: parseAlipayTradeBillZip(zip) };
      } catch (error) {
        if (error instanceof BillFormatError || error instanceof ZipFormatError) throw new AppError('PAYMENT_PROVIDER_BAD_RESPONSE', `alipay trade bill: ${error.message}`, { cause: error });
        throw error;
      }
    },

    acknowledge(kind) {
      // Alipay reads the body: exactly "success" stops its retries; anything else ("fail") asks for one.
      return kind === 'accepted'
        ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
        : { status: kind === 'rejected' ? 400 : 500, contentType: 'text/plain; charset=utf-8', body: 'fail' };
    },
  };
}
