import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/** The request id: answered, taken from a trusted proxy only, and on the services' log lines too. */
describe('request id', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('is generated and answered when no proxy is trusted, whatever the client sends', async () => {
    test = await buildTestApp({ companies: 0 });
    const plain = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'chosen-by-the-client-0001' } });
    expect(forged.headers['x-request-id']).not.toBe('chosen-by-the-client-0001');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the trusted proxy’s X-Request-Id when it looks like an id, and a fresh one otherwise', async () => {
    test = await buildTestApp({ companies: 0, env: { TRUST_PROXY: '1' } });
    const nginxId = '0123456789abcdef0123456789abcdef';
    expect((await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': nginxId } })).headers['x-request-id']).toBe(nginxId);
    const odd = await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b"c{}' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is adopted only from a TRUST_PROXY address: a client connecting directly gets the app’s own, on its log line too', async () => {
    const lines: Array<Record<string, unknown>> = [];
    test = await buildTestApp({ companies: 0, env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' }, logStream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
    const nginxId = '0123456789abcdef0123456789abcdef';
    const completedLine = (id: unknown) => lines.find((line) => line['msg'] === 'request completed' && line['reqId'] === id);

    const direct = await test.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9', headers: { 'x-request-id': nginxId } });
    expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(completedLine(direct.headers['x-request-id'])).toBeDefined();
    expect(lines.some((line) => line['reqId'] === nginxId)).toBe(false);
    // An IPv4-mapped address of an untrusted client is no proxy either.
    const mapped = await test.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '::ffff:203.0.113.9', headers: { 'x-request-id': nginxId } });
    expect(mapped.headers['x-request-id']).not.toBe(nginxId);

    const proxied = await test.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-request-id': nginxId } });
    expect(proxied.headers['x-request-id']).toBe(nginxId);
    expect(completedLine(nginxId)).toBeDefined();

    // Malformed or overlong: never adopted, even from the proxy.
    for (const offered of ['a'.repeat(65), 'short', 'id with spaces 0001', 'ä-not-ascii-00001', `${nginxId}\u0000`]) {
      const answer = await test.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-request-id': offered } });
      expect(answer.headers['x-request-id'], offered).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on the log lines a service writes while handling the request, after the body was read', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const raw: string[] = [];
    const write = (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    };
    test = await buildTestApp({ companies: 0, env: { LOG_LEVEL: 'info' }, logStream: { write } });
    const response = await test.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{"forged":true}' });
    const id = response.headers['x-request-id'];
    expect(id).toBeTruthy();
    const serviceLine = lines.find((line) => line['msg'] === 'payment notification rejected');
    expect(serviceLine).toBeDefined();
    expect(serviceLine!['reqId']).toBe(id);
    // Lines outside any request carry none.
    test.app.log.info('outside a request');
    expect(lines.find((line) => line['msg'] === 'outside a request')).not.toHaveProperty('reqId');
    // The request logger's own lines carry it once, as before.
    const completed = lines.find((line) => line['msg'] === 'request completed' && line['reqId'] === id);
    expect(completed).toBeDefined();
    for (const line of raw.filter((l) => l.includes(String(id)))) expect(line.split('"reqId"').length - 1).toBe(1);
  });
});
