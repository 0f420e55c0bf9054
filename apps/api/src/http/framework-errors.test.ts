import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG, type ErrorCode } from '@kuaibao/domain';
import { rawHttp } from '../test/raw-http.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, insertOrder, login, type Call, type ConsoleTestApp } from '../modules/console/console.test-support.ts';

const CATALOG_CODES = new Set<number>(Object.values(ERROR_CATALOG).map((entry) => entry.code));

/** Every answer of /api/* is the envelope with a catalog code, and no client mistake is a 5xx (docs/security.md). */
describe('client mistakes Fastify or a plugin catches first still get the envelope', () => {
  let test: ConsoleTestApp;
  let port: number;
  let asAdmin: Call;

  beforeAll(async () => {
    test = await buildConsoleTestApp('sqlite');
    asAdmin = caller(test, await login(test, 'admin', ADMIN_PASSWORD));
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await test.close();
  });

  const raw = (request: string) => rawHttp(port, request);

  function expectEnvelope(answer: { status: number; body: string }, code: ErrorCode): void {
    const entry = ERROR_CATALOG[code];
    expect(answer.status, answer.body).toBe(entry.status);
    const body = JSON.parse(answer.body) as { code: number; msg: string };
    expect(body.code).toBe(entry.code);
    expect(CATALOG_CODES.has(body.code)).toBe(true);
    expect(Object.keys(body).sort()).toEqual(['code', 'msg']);
  }

  it.each(['/api/console/orders/%ED%A0%80', '/api/console/orders/%', '/%ED%A0%80', '/api/h5/order/%E0%A4%A'])('answers the bad percent-encoding %s with VALIDATION_FAILED', async (target) => {
    expectEnvelope(await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`), 'VALIDATION_FAILED');
  });

  it('answers headers over 16 KiB with HEADERS_TOO_LARGE, from the HTTP parser', async () => {
    const answer = await raw(`GET /api/h5/company?q=${'x'.repeat(70_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expectEnvelope(answer, 'HEADERS_TOO_LARGE');
  });

  it.each([
    ['a raw non-ASCII byte in the path', 'GET /api/console/orders/\u00e9 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a control character in a header', 'GET /api/h5/corp HTTP/1.1\r\nHost: 127.0.0.1\r\nx-device-id: a\bb\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
  ])('answers %s with VALIDATION_FAILED and the security headers', async (_name, request) => {
    const answer = await raw(request);
    expectEnvelope(answer, 'VALIDATION_FAILED');
    const head = answer.head;
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'");
  });

  it('answers a path parameter over 200 characters with NOT_FOUND, not 414', async () => {
    expectEnvelope(await raw(`GET /api/console/orders/${'a'.repeat(300)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`), 'NOT_FOUND');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])('answers PUT /api/console/site-config/%s with CONSOLE_CONFIG_KEY_NOT_FOUND', async (key) => {
    const response = await asAdmin('PUT', `/api/console/site-config/${key}`, { value: 'x' });
    expectEnvelope({ status: response.statusCode, body: response.body }, 'CONSOLE_CONFIG_KEY_NOT_FOUND');
  });

  it('answers a truncated multipart upload with CONSOLE_UPLOAD_MISSING, not 500', async () => {
    const orderId = await insertOrder(test);
    const response = await asAdmin('POST', `/api/console/orders/${orderId}/files`, '--b\r\n\r\n', { headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expectEnvelope({ status: response.statusCode, body: response.body }, 'CONSOLE_UPLOAD_MISSING');
  });
});
