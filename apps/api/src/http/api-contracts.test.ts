import type { RouteOptions } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CATALOG } from '@kuaibao/domain';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { ADMIN_PASSWORD, buildConsoleTestApp, caller, dataOf, insertOrder, login } from '../modules/console/console.test-support.ts';
import { buildTestApp, envelopeOf, signedInject, type TestApp } from '../test/helper.ts';
import { API_REFERENCE_PATH, isApiDocsRoute, OPENAPI_DOCUMENT_PATH } from './api-docs.ts';
import { registerErrorHandler } from './error-handler.ts';
import { decryptJson } from './response-crypto.ts';
import { apiRoute } from './route.ts';
import { DOCS_CSP, serializeCsp } from './security-headers.ts';
import { registerZodValidation } from './validate.ts';

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * POST routes that take no body, on purpose: a fresh OAuth state and payment notifications, whose
 * body is the provider's own format, verified over its raw bytes by the provider adapter rather
 * than a schema.
 */
const NO_BODY_SCHEMA = new Set(['POST /api/corp/user/oauth-state', 'POST /api/pay/notify/:provider', 'POST /api/pay/notify/wechat-complaints']);

/** Routes that answer a file, not JSON: the console's list exports (XLSX / CSV, streamed; decision 038), the 提成 file (decision 058) and the month's settlement (decision 061). */
const FILE_DOWNLOADS = new Set(['GET /api/console/exports/:list', 'GET /api/console/commission/export', 'GET /api/console/month-close/export']);

/** The JSON API: what the client signs (/api/*, /env), the console, and the probes. */
const isApiRoute = (url: string) => (url.startsWith('/api/') || url === '/env' || url === '/healthz' || url === '/readyz') && !isApiDocsRoute(url);

describe('the API contract', () => {
  let test: TestApp;
  let document: OpenApiDocument;
  const routes: Array<{ method: string; url: string; schema: RouteOptions['schema'] }> = [];

  beforeAll(async () => {
    test = await buildTestApp({
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
      },
    });
    await test.app.ready();
    const response = await test.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
    // A failed fetch shows as an empty document, and the tests below fail on it.
    document = response.statusCode === 200 ? (response.json() as OpenApiDocument) : { openapi: '', paths: {} };
  });
  afterAll(async () => {
    await test.close();
  });

  it('publishes every API route with its request and response schemas', () => {
    const apiRoutes = routes.filter((route) => isApiRoute(route.url) && !FILE_DOWNLOADS.has(`${route.method} ${route.url}`));
    // The visitor API, the console's 30 routes, the probes: a route lost from the walk would hide here.
    expect(apiRoutes.length).toBeGreaterThanOrEqual(55);
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const name = `${route.method} ${route.url}`;
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${name}: not in the document`);
        continue;
      }
      const success = operation.responses?.['200']?.content?.['application/json']?.schema;
      if (!success) missing.push(`${name}: no response schema`);
      const schema = route.schema as Record<string, unknown> | undefined;
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      // The document lists path parameters even without a schema; the route itself must declare one.
      if (pathParams.length > 0 && !schema?.params) missing.push(`${name}: no params schema`);
      for (const param of pathParams) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param)) missing.push(`${name}: path parameter ${param} undocumented`);
      }
      if (schema?.querystring && !operation.parameters?.some((p) => p.in === 'query')) missing.push(`${name}: query undocumented`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_BODY_SCHEMA.has(name);
      if (takesBody && !operation.requestBody) missing.push(`${name}: no request body schema`);
    }
    expect(missing).toEqual([]);
  });

  it('publishes nothing but the API: no page, file or web-app route', () => {
    const published = Object.keys(document.paths);
    expect(published.filter((path) => !isApiRoute(path.replace(/\{(\w+)\}/g, ':$1')))).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('serves the document and the reference page without a client signature, the page under its own policy', async () => {
    // SIGNATURE_REQUIRED is on here: an unsigned /api/order/goods is refused, the docs are not.
    expect((await test.app.inject({ method: 'GET', url: '/api/order/goods' })).statusCode).toBe(ERROR_CATALOG.SIGNATURE_MISSING.status);
    const page = await test.app.inject({ method: 'GET', url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(serializeCsp(DOCS_CSP));
    expect(DOCS_CSP['script-src']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const bundle = await test.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
  });

  it('answers 500 when a real route returns a shape its schema refuses (responses are checked outside production)', async () => {
    const goods = test.app.services.goods;
    const original = goods.listActiveGoods;
    goods.listActiveGoods = async () => [{ id: 'one' }] as never;
    try {
      const response = await signedInject(test, { url: '/api/order/goods' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: ERROR_CATALOG.INTERNAL.code, msg: ERROR_CATALOG.INTERNAL.message });
    } finally {
      goods.listActiveGoods = original;
    }
    expect(envelopeOf(test, await signedInject(test, { url: '/api/order/goods' })).code).toBe(0);
  });

  it("sends only the fields a route's schema documents: the console's order detail carries no stored ciphertext or hash", async () => {
    const console = await buildConsoleTestApp('sqlite');
    try {
      const orderId = await insertOrder(console);
      const asAdmin = caller(console, await login(console, 'admin', ADMIN_PASSWORD));
      const detail = dataOf<Record<string, unknown>>(await asAdmin('GET', `/api/console/orders/${orderId}`));
      expect(detail.id).toBe(orderId);
      expect(detail.has_idno).toBe(true);
      for (const internal of ['entity_idno_enc', 'entity_idno_hash', 'device_id', 'user_id', 'extra']) expect(detail, internal).not.toHaveProperty(internal);
    } finally {
      await console.close();
    }
  });
});

describe('apiRoute', () => {
  const key = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  async function appWith(env: Config['env'], data: unknown) {
    const app = Fastify({ logger: false });
    app.decorate('config', { env, responseAesKey: key } as unknown as Config);
    registerErrorHandler(app);
    registerZodValidation(app);
    const Thing = z.object({ id: z.number().int(), name: z.string() });
    apiRoute(app, { method: 'GET', url: '/plain', summary: 'plain', tag: 'test', response: Thing, handler: async () => data as z.input<typeof Thing> });
    apiRoute(app, { method: 'GET', url: '/secret', summary: 'secret', tag: 'test', response: Thing, encrypt: 'always', handler: async () => data as z.input<typeof Thing> });
    apiRoute(app, {
      method: 'POST',
      url: '/things/:id',
      summary: 'input',
      tag: 'test',
      request: { params: z.object({ id: z.coerce.number().int().positive() }), body: z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) }) },
      response: z.object({ id: z.number(), name: z.string(), tags: z.array(z.string()) }),
      handler: async (request) => ({ id: request.params.id, ...request.body }),
    });
    await app.ready();
    return app;
  }

  it('wraps data in the envelope, encrypted when the route says so', async () => {
    const app = await appWith('test', { id: 1, name: '年报' });
    expect((await app.inject({ url: '/plain' })).json()).toEqual({ code: 0, msg: 'ok', data: { id: 1, name: '年报' } });
    const secret = (await app.inject({ url: '/secret' })).json() as { data: string; encrypt: boolean };
    expect(secret.encrypt).toBe(true);
    expect(decryptJson(secret.data, key)).toEqual({ id: 1, name: '年报' });
    await app.close();
  });

  it('leaves out the fields the schema does not document, in every environment', async () => {
    for (const env of ['test', 'prod'] as const) {
      const app = await appWith(env, { id: 1, name: 'a', secret_hash: 'x' });
      expect((await app.inject({ url: '/plain' })).json()).toEqual({ code: 0, msg: 'ok', data: { id: 1, name: 'a' } });
      await app.close();
    }
  });

  it('refuses a wrong answer shape in test and development, encrypted or not, and sends it as it is in production', async () => {
    const wrong = { id: '1', name: 2 };
    const test = await appWith('test', wrong);
    for (const url of ['/plain', '/secret']) {
      const response = await test.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: ERROR_CATALOG.INTERNAL.code });
    }
    await test.close();
    const prod = await appWith('prod', wrong);
    expect((await prod.inject({ url: '/plain' })).json()).toEqual({ code: 0, msg: 'ok', data: wrong });
    await prod.close();
  });

  it('hands the handler parsed input and answers bad input with VALIDATION_FAILED naming the field', async () => {
    const app = await appWith('test', null);
    const ok = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'a' } });
    expect(ok.json()).toEqual({ code: 0, msg: 'ok', data: { id: 7, name: 'a', tags: [] } });
    const badBody = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '' } });
    expect(badBody.statusCode).toBe(ERROR_CATALOG.VALIDATION_FAILED.status);
    expect(badBody.json()).toMatchObject({ code: ERROR_CATALOG.VALIDATION_FAILED.code });
    expect((badBody.json() as { msg: string }).msg).toMatch(new RegExp(`^${ERROR_CATALOG.VALIDATION_FAILED.message},name: `));
    const badParam = await app.inject({ method: 'POST', url: '/things/x', payload: { name: 'a' } });
    expect((badParam.json() as { msg: string }).msg).toMatch(/,id: /);
    // A missing body is read as {}: here `name` is what is missing.
    const noBody = await app.inject({ method: 'POST', url: '/things/7' });
    expect((noBody.json() as { msg: string }).msg).toMatch(/,name: /);
    await app.close();
  });
});

describe('API_DOCS', () => {
  it('is on outside production unless turned off', () => {
    expect(loadConfig({ APP_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ APP_ENV: 'dev', API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('turned off, serves neither the document nor the page', async () => {
    const test = await buildTestApp({ env: { API_DOCS: 'false' } });
    try {
      for (const url of [OPENAPI_DOCUMENT_PATH, API_REFERENCE_PATH]) {
        const response = await test.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(ERROR_CATALOG.NOT_FOUND.status);
      }
    } finally {
      await test.close();
    }
  });
});
