import { vi } from 'vitest';

/** One answer of the fake console API: the envelope's code, message and data, and the HTTP status. */
export interface FakeAnswer {
  status?: number;
  code?: number;
  msg?: string;
  data?: unknown;
}

/**
 * Stubs fetch with a route table: `'METHOD /path'` → an answer (or a function of the call count and
 * the request body). Unknown routes answer 404. Returns the calls seen, in order.
 */
export function fakeConsoleApi(routes: Record<string, FakeAnswer | ((call: number, body: unknown) => FakeAnswer)>): { calls: Array<{ route: string; body: unknown }> } {
  const calls: Array<{ route: string; body: unknown }> = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url.replace(/^\/api\/console/, '').split('?')[0]}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ route, body });
      const count = (counts.get(route) ?? 0) + 1;
      counts.set(route, count);
      const entry = routes[route];
      const answer = typeof entry === 'function' ? entry(count, body) : (entry ?? { status: 404, code: 40400, msg: '不存在' });
      const envelope = { code: answer.code ?? 0, msg: answer.msg ?? 'ok', ...(answer.data !== undefined ? { data: answer.data } : {}) };
      return new Response(JSON.stringify(envelope), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}
