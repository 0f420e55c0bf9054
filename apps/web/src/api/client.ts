import {
  API_VERSION,
  CLIENT_HEADERS,
  errorMessage,
  EVENT_EXTRA_MAX_CHARS,
  EVENT_KEY_PREFIX,
  type Platform,
  REQUEST_TIMEOUT_MS,
  SIGNATURE_PARAMS,
  signRequest,
  toastText,
} from '@kuaibao/domain';
import type { Activity } from './activity.ts';
import type { ClientKeys } from './client-keys.ts';
import { decryptPayload } from './crypto.ts';

/** The x-host sent when the stored env is 'dev' (docs/product/api.md: a fixed test host). */
export const DEV_TEST_HOST = 'test.kuaibao.local';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export type RequestErrorKind = 'envelope' | 'network' | 'timeout' | 'decrypt' | 'http' | 'aborted';

/**
 * Every failed call rejects with this; `message` is the text the visitor was shown. The fields are
 * `declare`d and set in the constructor: field declarations would pull in 0.5 kB of class-field helpers.
 */
export class RequestError extends Error {
  declare readonly kind: RequestErrorKind;
  /** The envelope code, when the server answered with one. */
  declare readonly code: number | undefined;
  /** The full server message (the toast shows only its first comma segment). */
  declare readonly serverMessage: string | undefined;
  constructor(message: string, kind: RequestErrorKind, code?: number, serverMessage?: string) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  query?: QueryParams;
  /** Serialised once with JSON.stringify; that exact string is signed and sent. */
  body?: unknown;
  /** A multipart body (an upload), sent as is with the method POST: the signature covers the query only. */
  form?: FormData;
  /** Show the loading overlay and top bar (default true). */
  loading?: boolean;
  /** Toast errors (default true). */
  toast?: boolean;
  signal?: AbortSignal;
}

export interface ClientEnvironment {
  /** Storage-backed values read on every call: they change during start-up. */
  headerValues(): {
    deviceId: string;
    corpId?: string | null;
    linkId?: string | null;
    shareId?: string | null;
    prevId?: string | null;
    token?: string | null;
    package?: string | null;
    env?: string | null;
  };
  host: string;
}

export interface ClientDeps {
  fetch: typeof fetch;
  keys: ClientKeys;
  platform: Platform;
  environment: ClientEnvironment;
  activity?: Activity;
  /** Shows an error toast. */
  notifyError?: (text: string) => void;
  now?: () => number;
  uuid?: () => string;
  timeoutMs?: number;
}

export type EventType = 'click' | 'error' | 'event';

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'method' | 'query'>): Promise<T>;
  post<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Analytics (docs/product/api.md): fire and forget, never throws, never shows anything. */
  track(key: string, value?: unknown, type?: EventType, extra?: Record<string, unknown>): void;
}

interface EnvelopeLike {
  code: number;
  msg?: unknown;
  data?: unknown;
  encrypt?: unknown;
}

function isEnvelope(value: unknown): value is EnvelopeLike {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function stringValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function createApiClient(deps: ClientDeps): ApiClient {
  const now = deps.now ?? (() => Date.now());
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  function headers(hasBody: boolean): Record<string, string> {
    const values = deps.environment.headerValues();
    const out: Record<string, string> = {
      [CLIENT_HEADERS.deviceId]: values.deviceId,
      [CLIENT_HEADERS.platform]: deps.platform,
      [CLIENT_HEADERS.channel]: deps.platform,
      [CLIENT_HEADERS.version]: API_VERSION,
      [CLIENT_HEADERS.host]: values.env === 'dev' ? DEV_TEST_HOST : deps.environment.host,
      accept: 'application/json',
    };
    const optional: [string, string | null | undefined][] = [
      [CLIENT_HEADERS.corpId, values.corpId],
      [CLIENT_HEADERS.linkId, values.linkId],
      [CLIENT_HEADERS.shareId, values.shareId],
      [CLIENT_HEADERS.prevId, values.prevId],
      [CLIENT_HEADERS.token, values.token],
      [CLIENT_HEADERS.package, values.package],
    ];
    for (const [name, value] of optional) if (value) out[name] = value;
    if (hasBody) out['content-type'] = 'application/json';
    return out;
  }

  /** `retried`: this GET already waited out one 503's Retry-After (decision 052 in docs/decisions). */
  async function request<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
    const method = options.method ?? 'GET';
    const showLoading = options.loading !== false;
    const showToast = options.toast !== false;
    const json = method === 'GET' || options.body === undefined ? undefined : JSON.stringify(options.body);

    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) query[key] = String(value);
    }
    query[SIGNATURE_PARAMS.timestamp] = String(Math.floor(now() / 1000));
    query[SIGNATURE_PARAMS.nonce] = uuid();
    const signature = signRequest({ query, body: json, secret: deps.keys.signSecret });
    const search = new URLSearchParams(query);
    search.set(SIGNATURE_PARAMS.signature, signature);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const fail = (error: RequestError): never => {
      if (showLoading) deps.activity?.reset();
      if (showToast && error.kind !== 'aborted') deps.notifyError?.(error.message);
      throw error;
    };

    if (showLoading) deps.activity?.start();
    try {
      let response: Response;
      try {
        response = await deps.fetch(`${path}?${search.toString()}`, {
          method,
          headers: headers(json !== undefined),
          body: options.form ?? json,
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch {
        if (timedOut) return fail(new RequestError(errorMessage('TIMEOUT'), 'timeout'));
        if (options.signal?.aborted) return fail(new RequestError('aborted', 'aborted'));
        return fail(new RequestError(errorMessage('NETWORK_ERROR'), 'network'));
      }

      // A GET answered 503 with a short Retry-After (the database restarting): asked again once, after it.
      const retryAfter = Number(response.headers?.get?.('retry-after') ?? NaN);
      if (response.status === 503 && method === 'GET' && !retried && retryAfter >= 0 && retryAfter <= 10) {
        clearTimeout(timer);
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        if (showLoading) deps.activity?.end();
        return await request<T>(path, options, true);
      }

      let parsed: unknown;
      try {
        parsed = JSON.parse(await response.text()) as unknown;
      } catch {
        if (timedOut) return fail(new RequestError(errorMessage('TIMEOUT'), 'timeout'));
        const text = response.status >= 500 ? errorMessage('INTERNAL') : errorMessage('NETWORK_ERROR');
        return fail(new RequestError(text, 'http', response.status));
      }
      if (!isEnvelope(parsed)) {
        return fail(new RequestError(errorMessage('INTERNAL'), 'http', response.status));
      }
      if (parsed.code !== 0) {
        const message = typeof parsed.msg === 'string' && parsed.msg ? parsed.msg : errorMessage('INTERNAL');
        return fail(new RequestError(toastText(message), 'envelope', parsed.code, message));
      }

      let data: unknown = parsed.data;
      if (parsed.encrypt === true && typeof data === 'string') {
        try {
          data = await decryptPayload(data, deps.keys.aesKey);
        } catch {
          return fail(new RequestError(errorMessage('DECRYPT_FAILED'), 'decrypt'));
        }
      }
      if (showLoading) deps.activity?.end();
      return data as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function track(key: string, value?: unknown, type: EventType = 'event', extra?: Record<string, unknown>): void {
    try {
      const fullKey = key.startsWith(EVENT_KEY_PREFIX) ? key : `${EVENT_KEY_PREFIX}${key}`;
      const payload = {
        key: fullKey,
        value: stringValue(value).slice(0, 2000),
        // The server refuses an oversized extra; the event still counts without it.
        ...(extra && JSON.stringify(extra).length <= EVENT_EXTRA_MAX_CHARS ? { extra } : {}),
        source: 'client',
        type,
      };
      request('/api/user/event', { method: 'POST', body: payload, loading: false, toast: false }).catch(() => {
        // analytics only: a lost event is never the visitor's problem
      });
    } catch {
      // same
    }
  }

  return {
    request,
    get: (path, query, options) => request(path, { ...options, method: 'GET', ...(query ? { query } : {}) }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    track,
  };
}
