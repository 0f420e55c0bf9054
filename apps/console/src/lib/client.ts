import { ERROR_CATALOG, errorDetail, takenByOtherText, toastText } from '@kuaibao/domain';

/**
 * The one request client of the console: same-origin calls to /api/console with the session
 * cookie, the console header on every change (the server refuses changes without it), and the
 * envelope unwrapped: `data` on code 0, an ApiError with the catalog text otherwise.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export const UNAUTHENTICATED_EVENT = 'kb-console:unauthenticated';
const BASE = '/api/console';

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(method: string, path: string, options: { query?: Query; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-kb-console'] = '1';
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${BASE}${withQuery(path, options.query)}`, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(-1, '网络异常，请检查网络后重试', 0);
  }
  let envelope: { code?: number; msg?: string; data?: unknown } | undefined;
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(-1, `服务器返回异常（HTTP ${response.status}）`, response.status);
  if (envelope.code !== 0) {
    if (response.status === 401) window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    const msg = envelope.msg ?? '请求失败';
    // A colleague's order: the server names them after the comma (the clerk who lost 接单 knows whom to ask).
    const text = envelope.code === ERROR_CATALOG.CONSOLE_ORDER_TAKEN_BY_OTHER.code ? takenByOtherText(errorDetail(msg)) : toastText(msg);
    throw new ApiError(envelope.code, text, response.status);
  }
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, query ? { query } : {}),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { form }),
};
