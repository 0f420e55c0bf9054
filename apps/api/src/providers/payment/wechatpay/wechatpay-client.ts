import type { KeyObject } from 'node:crypto';
import { Decorator } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import { AppError } from '@kuaibao/domain';
import type { WechatpayConfig } from '../../../config.ts';
import { decryptResource, notificationMessage, rsaVerify } from './wechatpay-crypto.ts';

/**
 * What the WeChat Pay adapters share (payments, bills: wechatpay.provider.ts; complaints:
 * wechatpay-complaints.ts): the signed API client and the opening of a notification (headers,
 * clock, key by serial, RSA over the raw body, AES-256-GCM), on one merchant's configuration.
 */
export type Method = 'get' | 'post';

export interface HttpAnswer<T> {
  status: number;
  data: T;
}

/** A 4xx business answer from WeChat (`{code, message}`); anything worse is thrown as an AppError. */
export interface BusinessError {
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
export type WechatpayNotificationEnvelope = z.infer<typeof NotificationSchema>;

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isAxiosLike(error: unknown): error is AxiosLikeError {
  return typeof error === 'object' && error !== null && ('isAxiosError' in error || 'response' in error || 'code' in error);
}

export interface WechatpayClient {
  /** One API call. 2xx → the answer; 4xx → a BusinessError to branch on; the rest is thrown. */
  call<T>(method: Method, pathname: string, options?: { data?: object; params?: Record<string, string>; vars?: Record<string, string>; responseType?: 'arraybuffer' }): Promise<HttpAnswer<T> | BusinessError>;
  isBusinessError<T>(answer: HttpAnswer<T> | BusinessError): answer is BusinessError;
}

/**
 * `wechatpay-axios-plugin`'s `Decorator` signs requests and verifies answers (±300 s, key chosen by
 * `Wechatpay-Serial`); we call its `request(path, method, data, {params, …pathVars})`.
 */
export function createWechatpayClient(config: WechatpayConfig): WechatpayClient {
  const client = new Decorator({
    mchid: config.mchId,
    serial: config.merchantSerial,
    privateKey: config.merchantPrivateKey,
    certs: { ...config.verificationKeys },
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
  });

  return {
    async call<T>(method: Method, pathname: string, options: { data?: object; params?: Record<string, string>; vars?: Record<string, string>; responseType?: 'arraybuffer' } = {}) {
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
    },
    isBusinessError: <T>(answer: HttpAnswer<T> | BusinessError): answer is BusinessError => 'code' in answer,
  };
}

export type OpenedNotification = { ok: true; envelope: WechatpayNotificationEnvelope; resource: unknown } | { ok: false; reason: string };

/**
 * Checks a notification the way WeChat documents it and decrypts its resource: headers present; a
 * `WECHATPAY/SIGNTEST/` probe refused first; |timestamp − now| ≤ 300 s; key by serial; RSA over
 * `ts\nnonce\nrawBody\n`; AES-256-GCM with the APIv3 key.
 */
export function openWechatpayNotification(
  input: { headers: Record<string, string | string[] | undefined>; rawBody: string },
  deps: { verificationKeys: ReadonlyMap<string, KeyObject>; apiV3Key: string; now: () => Date },
): OpenedNotification {
  const { headers, rawBody } = input;
  const timestamp = header(headers, WECHATPAY_HEADERS.timestamp);
  const nonce = header(headers, WECHATPAY_HEADERS.nonce);
  const signature = header(headers, WECHATPAY_HEADERS.signature);
  const serial = header(headers, WECHATPAY_HEADERS.serial);
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing Wechatpay-* headers' };
  if (signature.startsWith(WECHATPAY_PROBE_PREFIX)) return { ok: false, reason: 'probe signature (WECHATPAY/SIGNTEST)' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(deps.now().getTime() / 1000 - Number(timestamp)) > WECHATPAY_MAX_SKEW_SECONDS) {
    return { ok: false, reason: `timestamp outside ±${WECHATPAY_MAX_SKEW_SECONDS} s` };
  }
  const key = deps.verificationKeys.get(serial);
  if (!key) return { ok: false, reason: `unknown Wechatpay-Serial ${serial.slice(0, 64)}` };
  if (!rsaVerify(notificationMessage(timestamp, nonce, rawBody), signature, key)) return { ok: false, reason: 'bad signature' };

  let envelope: WechatpayNotificationEnvelope;
  try {
    envelope = NotificationSchema.parse(JSON.parse(rawBody));
  } catch {
    return { ok: false, reason: 'unexpected notification body' };
  }
  if (envelope.resource.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: `unknown algorithm ${envelope.resource.algorithm}` };
  const plaintext = decryptResource(envelope.resource, deps.apiV3Key);
  if (plaintext === undefined) return { ok: false, reason: 'resource does not decrypt' };
  try {
    return { ok: true, envelope, resource: JSON.parse(plaintext) as unknown };
  } catch {
    return { ok: false, reason: 'resource is not JSON' };
  }
}

/** WeChat reads the status code: 2xx is "received", 4xx/5xx makes it retry. */
export function wechatpayAck(kind: 'accepted' | 'rejected' | 'failed', message?: string): { status: number; contentType: string; body: string } {
  if (kind === 'accepted') return { status: 204, contentType: 'application/json', body: '' };
  return { status: kind === 'rejected' ? 400 : 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message ?? (kind === 'rejected' ? '验签失败' : '处理失败') }) };
}
