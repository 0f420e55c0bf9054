import { createCipheriv, randomBytes } from 'node:crypto';
import { API_VERSION, ERROR_CATALOG, REQUEST_TIMEOUT_MS, signRequest } from '@kuaibao/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActivity } from './activity.ts';
import { createApiClient, DEV_TEST_HOST, type ClientDeps } from './client.ts';

const KEYS = { signSecret: 'test-sign-secret', aesKey: '00112233445566778899aabbccddeeff' };

interface Call {
  url: URL;
  init: RequestInit;
}

function fakeResponse(body: unknown, status = 200): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, ok: status < 400, text: async () => text } as unknown as Response;
}

function setup(
  respond: (call: Call) => Promise<Response> | Response,
  overrides: Partial<ClientDeps> & { env?: string; token?: string } = {},
) {
  const calls: Call[] = [];
  const errors: string[] = [];
  const activity = createActivity();
  const fetchFn = vi.fn<typeof fetch>(async (input, init) => {
    const call = { url: new URL(String(input), 'http://app.test'), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  const client = createApiClient({
    fetch: fetchFn,
    keys: KEYS,
    platform: 'web',
    environment: {
      host: 'www.kuaibao.example',
      headerValues: () => ({
        deviceId: 'device-1',
        linkId: 'link-9',
        shareId: null,
        token: overrides.token ?? 'tok-1',
        env: overrides.env ?? null,
      }),
    },
    activity,
    notifyError: (text) => errors.push(text),
    now: () => 1_700_000_000_123,
    uuid: () => 'nonce-0000-1111',
    ...overrides,
  });
  return { client, calls, errors, activity, fetchFn };
}

function headersOf(call: Call): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

function encrypt(value: unknown, keyHex: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(keyHex, 'hex'), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext]).toString('base64');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request client', () => {
  it('asks a GET answered 503 with Retry-After again once, after waiting it; never a POST (decision 052)', async () => {
    vi.useFakeTimers();
    const unavailable = () => ({ ...fakeResponse({ code: 50320, msg: '系统维护中，请稍后再试' }, 503), headers: new Headers({ 'retry-after': '3' }) }) as unknown as Response;
    let answers = [unavailable(), fakeResponse({ code: 0, msg: 'ok', data: { fine: true } })];
    const { client, calls, errors, activity } = setup(() => answers.shift()!);
    const got = client.get<{ fine: boolean }>('/api/h5/company', { keyword: '字节' });
    await vi.advanceTimersByTimeAsync(2900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(got).resolves.toEqual({ fine: true });
    expect(calls).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(activity.pending()).toBe(0);

    // Twice unavailable: the second answer is the visitor's, with its text; a POST is never asked again.
    answers = [unavailable(), unavailable()];
    const twice = client.get('/api/h5/company', { keyword: '字节' }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(3100);
    expect(await twice).toBe('系统维护中，请稍后再试');
    expect(calls).toHaveLength(4);
    answers = [unavailable()];
    await expect(client.post('/api/h5/order', {})).rejects.toThrow('系统维护中，请稍后再试');
    expect(calls).toHaveLength(5);
  });

  it('sends every common header', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok', data: [] }));
    await client.get('/api/h5/company', { keyword: '北京' });
    const headers = headersOf(calls[0]!);
    expect(headers['x-device-id']).toBe('device-1');
    expect(headers['x-platform']).toBe('web');
    expect(headers['x-channel']).toBe('web');
    expect(headers['x-version']).toBe(API_VERSION);
    expect(headers['x-version']).toBe('3.0.0');
    expect(headers['x-host']).toBe('www.kuaibao.example');
    expect(headers['b-link-id']).toBe('link-9');
    expect(headers['x-token']).toBe('tok-1');
    expect(headers).not.toHaveProperty('b-share-id');
    expect(headers).not.toHaveProperty('content-type');
  });

  it('sends the x-token on a PUT too (the logged-in owner files the declaration with it, decision 012)', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok', data: null }));
    await client.put('/api/h5/order', { id: 'o-1', entity_extra: {} });
    expect(calls[0]!.init.method).toBe('PUT');
    expect(headersOf(calls[0]!)['x-token']).toBe('tok-1');
  });

  it('sends the fixed test host when the stored env is dev', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok' }), { env: 'dev' });
    await client.get('/api/user/config');
    expect(headersOf(calls[0]!)['x-host']).toBe(DEV_TEST_HOST);
  });

  it('signs GET queries so the domain signature verifies', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok', data: [] }));
    await client.get('/api/h5/company', { keyword: '北京 字节' });
    const { url } = calls[0]!;
    const query = Object.fromEntries(url.searchParams);
    expect(query.timestamp).toBe('1700000000');
    expect(query.nonce).toBe('nonce-0000-1111');
    expect(query.keyword).toBe('北京 字节');
    const { signature, ...signed } = query;
    expect(signature).toMatch(/^[0-9a-f]{32}$/);
    expect(signRequest({ query: signed, secret: KEYS.signSecret })).toBe(signature);
  });

  it('signs POST bodies and sends exactly the signed JSON string', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok', data: 'paied' }));
    const body = { entity_name: '北京某某科技有限公司', goods_id: '1', extra: { consent: true } };
    const result = await client.post<string>('/api/h5/order', body);
    expect(result).toBe('paied');
    const call = calls[0]!;
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe(JSON.stringify(body));
    expect(headersOf(call)['content-type']).toBe('application/json');
    const { signature, ...signed } = Object.fromEntries(call.url.searchParams);
    expect(signRequest({ query: signed, body: call.init.body as string, secret: KEYS.signSecret })).toBe(signature);
    // The body is part of the signature: a different body does not verify.
    expect(signRequest({ query: signed, body: '{}', secret: KEYS.signSecret })).not.toBe(signature);
  });

  it('sends an upload as the browser builds it (its own multipart type), the query signed (decision 062)', async () => {
    const { client, calls } = setup(() => fakeResponse({ code: 0, msg: 'ok', data: { id: 1 } }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), 'a.png');
    await client.request('/api/h5/order/documents', { method: 'POST', query: { id: 'pub-1', phone_token: 't.1' }, form });
    const call = calls[0]!;
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe(form);
    // No JSON type: fetch writes multipart/form-data with its boundary.
    expect(headersOf(call)['content-type']).toBeUndefined();
    const { signature, ...signed } = Object.fromEntries(call.url.searchParams);
    expect(signed).toMatchObject({ id: 'pub-1', phone_token: 't.1' });
    expect(signRequest({ query: signed, secret: KEYS.signSecret })).toBe(signature);
  });

  it('rejects a non-zero envelope with the first comma segment, toasts it and clears the overlays', async () => {
    const { client, errors, activity } = setup(() =>
      fakeResponse({ code: ERROR_CATALOG.PHONE_INVALID.code, msg: `${ERROR_CATALOG.PHONE_INVALID.message},entity_phone` }, 400),
    );
    const pending = client.get('/api/h5/order/phone');
    expect(activity.pending()).toBe(1);
    await expect(pending).rejects.toMatchObject({
      message: ERROR_CATALOG.PHONE_INVALID.message,
      kind: 'envelope',
      code: ERROR_CATALOG.PHONE_INVALID.code,
    });
    expect(errors).toEqual([ERROR_CATALOG.PHONE_INVALID.message]);
    expect(activity.pending()).toBe(0);
  });

  it('does not toast when asked not to, and never shows the overlay for quiet calls', async () => {
    const { client, errors, activity } = setup(() => fakeResponse({ code: 40402, msg: '订单不存在' }, 404));
    const pending = client.get('/api/h5/order/detail', { id: 'x' }, { toast: false, loading: false });
    expect(activity.pending()).toBe(0);
    await expect(pending).rejects.toThrow('订单不存在');
    expect(errors).toEqual([]);
  });

  it('decrypts encrypted data (AES-128-CBC, iv first)', async () => {
    const order = { id: '42', status: '2', entity_name: '上海某某有限公司' };
    const { client } = setup(() => fakeResponse({ code: 0, msg: 'ok', encrypt: true, data: encrypt(order, KEYS.aesKey) }));
    await expect(client.get('/api/h5/order/detail', { id: '42' })).resolves.toEqual(order);
  });

  it('reports an undecryptable payload', async () => {
    const { client, errors } = setup(() =>
      fakeResponse({ code: 0, msg: 'ok', encrypt: true, data: encrypt({ a: 1 }, 'ffeeddccbbaa99887766554433221100') }),
    );
    await expect(client.get('/api/h5/order/detail', { id: '1' })).rejects.toThrow(ERROR_CATALOG.DECRYPT_FAILED.message);
    expect(errors).toEqual([ERROR_CATALOG.DECRYPT_FAILED.message]);
  });

  it('times out after the request timeout with the catalog text', async () => {
    vi.useFakeTimers();
    const { client, errors, activity } = setup(
      (call) =>
        new Promise<Response>((_, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const settled = client.get('/api/h5/corp').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(activity.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({ kind: 'timeout', message: ERROR_CATALOG.TIMEOUT.message });
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(errors).toEqual([ERROR_CATALOG.TIMEOUT.message]);
    expect(activity.pending()).toBe(0);
  });

  it('turns a transport failure into the network text', async () => {
    const { client, errors } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/api/h5/corp')).rejects.toMatchObject({ kind: 'network', message: ERROR_CATALOG.NETWORK_ERROR.message });
    expect(errors).toEqual([ERROR_CATALOG.NETWORK_ERROR.message]);
  });

  it('tracks events with the client prefix and never throws', async () => {
    vi.useFakeTimers();
    const { client, calls, errors } = setup(() => fakeResponse({ code: 50001, msg: '系统繁忙' }, 500));
    expect(() => client.track('form.submit', { ok: 1 }, 'click', { path: '/' })).not.toThrow();
    // The event's request is under way: its timeout is the one timer.
    expect(vi.getTimerCount()).toBe(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe('/api/user/event');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      key: 'client.form.submit',
      value: '{"ok":1}',
      extra: { path: '/' },
      source: 'client',
      type: 'click',
    });
    // The request clears its timeout once its (failed) answer has been handled: by then it has shown nothing.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(0));
    expect(errors).toEqual([]);

    const broken = setup(() => fakeResponse({}), {
      fetch: (() => {
        throw new Error('boom');
      }) as unknown as typeof fetch,
    });
    expect(() => broken.client.track('client.page.enter', '/')).not.toThrow();
  });
});
