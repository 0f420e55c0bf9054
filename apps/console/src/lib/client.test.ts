import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNAUTHENTICATED_EVENT, api } from './client.ts';

function answer(status: number, body: unknown) {
  return vi.fn<() => Promise<Response>>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console request client', () => {
  it('unwraps the envelope and sends queries without empty values', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', data: { items: [1] } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/orders', { view: 'new', q: '', page: 2, handler: undefined })).toEqual({ items: [1] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/console/orders?view=new&page=2');
    expect(init.method).toBe('GET');
    // Reads carry no console header; the session cookie goes with same-origin credentials.
    expect((init.headers as Record<string, string>)['x-kb-console']).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
  });

  it('marks every change with the console header and sends JSON', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/orders/7/notes', { content: '回电' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ 'x-kb-console': '1', 'content-type': 'application/json' });
    expect(init.body).toBe('{"content":"回电"}');
  });

  it('names the colleague who has the order when a take is refused', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 40361, msg: '该订单已由其他人员接单,钱专员' }));
    expect(await api.post('/orders/7/take', { force: false }).catch((e: unknown) => e)).toMatchObject({ message: '该订单已由 钱专员 接单', code: 40361, status: 403 });
    vi.stubGlobal('fetch', answer(403, { code: 40361, msg: '该订单已由其他人员接单' }));
    expect(await api.post('/orders/7/take', { force: false }).catch((e: unknown) => e)).toMatchObject({ message: '该订单已由其他人员接单' });
  });

  it('throws the catalog text (first comma segment) with code and status', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 40360, msg: '当前账号无权执行此操作,refunds.approve' }));
    const error = await api.post('/refund-requests/1/approve').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '当前账号无权执行此操作', code: 40360, status: 403 });
  });

  it('announces a lost session so the app can show sign-in', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 40161, msg: '请先登录' }));
    const heard = vi.fn<() => void>();
    window.addEventListener(UNAUTHENTICATED_EVENT, heard);
    await expect(api.get('/orders')).rejects.toMatchObject({ status: 401 });
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHENTICATED_EVENT, heard);
  });

  it('turns network failures and non-envelope answers into readable errors', async () => {
    vi.stubGlobal('fetch', vi.fn<() => Promise<Response>>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/orders')).rejects.toMatchObject({ message: '网络异常，请检查网络后重试', status: 0 });
    vi.stubGlobal('fetch', vi.fn<() => Promise<Response>>(async () => new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(api.get('/orders')).rejects.toMatchObject({ message: '服务器返回异常（HTTP 502）', status: 502 });
  });

  it('uploads files as multipart without forcing a content type', async () => {
    const fetchMock = answer(200, { code: 0, msg: 'ok', data: { id: 1, url: '/uploads/x.png' } });
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80])], { type: 'image/png' }), 'a.png');
    await api.upload('/orders/1/files', form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ 'x-kb-console': '1' });
  });
});
