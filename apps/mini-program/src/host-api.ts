/**
 * The host's calls to our API, signed exactly as the web client signs them (decision 003: the rule
 * is packages/domain's signRequest, written once) and with the web-view's headers, so the API
 * cannot tell the host from its own web-view except by what it asks.
 */
import { API_VERSION, CLIENT_HEADERS, MINI_PROGRAM_CORP_ID, SIGNATURE_PARAMS, signRequest } from '@kuaibao/domain';
import { decryptEnvelopeData } from './aes-cbc.ts';
import { call, readStored, type HostWx } from './host-wx.ts';

/** Where the host runs against: the site's address and its public client keys (decision 003). */
export interface HostApiConfig {
  /** The site the web-view shows, e.g. https://kuaibao.example.com (no trailing slash). */
  baseUrl: string;
  signSecret: string;
  /** 32 hex characters: the AES-128 key of encrypted answers. */
  aesKey: string;
}

/** Storage keys of the host (wx storage, not the web-view's). */
export const HOST_STORAGE = {
  /** The visitor's login token, as the web-view last posted it. */
  token: 'kbToken',
  /** This install's device id (x-device-id), made once. */
  deviceId: 'kbDeviceId',
} as const;

/** An API answer other than code 0, or no answer at all. */
export class HostApiError extends Error {
  declare readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.name = 'HostApiError';
    this.code = code;
  }
}

export interface HostApiDeps {
  wx: HostWx;
  config: HostApiConfig;
  now?: () => number;
  /** A fresh nonce per request (the signature's replay friction, not a secret). */
  nonce?: () => string;
  timeoutMs?: number;
}

/** What the host asks about an order: its payment status (the masked view carries it too). */
export interface HostOrderStatus {
  status: string;
}

export interface HostApi {
  orderStatus(orderId: string): Promise<HostOrderStatus>;
}

function randomId(): string {
  let text = Date.now().toString(36);
  while (text.length < 32) text += Math.floor(Math.random() * 36 ** 6).toString(36);
  return text.slice(0, 32);
}

/** The query string as URLSearchParams would write it (the mini-program has no URLSearchParams). */
function encodeQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

export function createHostApi(deps: HostApiDeps): HostApi {
  const now = deps.now ?? (() => Date.now());
  const nonce = deps.nonce ?? randomId;
  const { wx, config } = deps;

  function deviceId(): string {
    const stored = readStored(wx, HOST_STORAGE.deviceId);
    if (stored) return stored;
    const made = randomId();
    wx.setStorageSync(HOST_STORAGE.deviceId, made);
    return made;
  }

  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const query: Record<string, string> = { ...params };
    query[SIGNATURE_PARAMS.timestamp] = String(Math.floor(now() / 1000));
    query[SIGNATURE_PARAMS.nonce] = nonce();
    query[SIGNATURE_PARAMS.signature] = signRequest({ query, secret: config.signSecret });
    const header: Record<string, string> = {
      [CLIENT_HEADERS.deviceId]: deviceId(),
      [CLIENT_HEADERS.platform]: 'wx-mp',
      [CLIENT_HEADERS.channel]: 'wx-mp',
      [CLIENT_HEADERS.version]: API_VERSION,
      [CLIENT_HEADERS.host]: config.baseUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, ''),
      [CLIENT_HEADERS.corpId]: String(MINI_PROGRAM_CORP_ID),
      accept: 'application/json',
    };
    const token = readStored(wx, HOST_STORAGE.token);
    if (token) header[CLIENT_HEADERS.token] = token;
    let answer: { statusCode: number; data: unknown };
    try {
      answer = await call<{ statusCode: number; data: unknown }>((callbacks) =>
        wx.request({ url: `${config.baseUrl}${path}?${encodeQuery(query)}`, method: 'GET', header, ...(deps.timeoutMs ? { timeout: deps.timeoutMs } : {}), ...callbacks }),
      );
    } catch (error) {
      throw new HostApiError(`network: ${(error as { errMsg?: string }).errMsg ?? 'request failed'}`);
    }
    // wx.request parses JSON answers itself; a text one is parsed here.
    let envelope = answer.data;
    if (typeof envelope === 'string') {
      try {
        envelope = JSON.parse(envelope) as unknown;
      } catch {
        throw new HostApiError(`HTTP ${answer.statusCode}: not JSON`);
      }
    }
    if (typeof envelope !== 'object' || envelope === null || typeof (envelope as { code?: unknown }).code !== 'number') throw new HostApiError(`HTTP ${answer.statusCode}: no envelope`);
    const { code, msg, data, encrypt } = envelope as { code: number; msg?: unknown; data?: unknown; encrypt?: unknown };
    if (code !== 0) throw new HostApiError(typeof msg === 'string' && msg ? msg : `code ${code}`, code);
    if (encrypt === true && typeof data === 'string') {
      try {
        return decryptEnvelopeData(data, config.aesKey) as T;
      } catch {
        throw new HostApiError('the answer could not be decrypted');
      }
    }
    return data as T;
  }

  return {
    async orderStatus(orderId) {
      const order = await get<{ status?: unknown }>('/api/h5/order/detail', { id: orderId });
      if (typeof order?.status !== 'string') throw new HostApiError('the order answer has no status');
      return { status: order.status };
    },
  };
}
