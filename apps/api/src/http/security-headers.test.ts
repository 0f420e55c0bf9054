import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInject, type TestApp } from '../test/helper.ts';
import { APP_CSP, CONSOLE_CSP, HSTS_VALUE, cspHash, hstsHeader, serializeCsp } from './security-headers.ts';

/** A built app as `npm run build` leaves it (no inline script, one hashed asset). */
function writeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--kb-client--><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'content-security-policy').toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What every answer carries, whatever it is. */
function expectBaseline(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(['strict-origin-when-cross-origin', 'same-origin', 'no-referrer']).toContain(response.headers['referrer-policy']);
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
  const csp = directives(response);
  // An upload answers `default-src 'none'` alone (an image, inert even when opened as a page); X-Frame-Options covers its framing.
  expect(csp.get('frame-ancestors') ?? csp.get('default-src')).toEqual(["'none'"]);
}

/** The policy of the visitor app and of everything without a policy of its own. */
function expectAppPolicy(response: LightMyRequestResponse): void {
  expect(response.headers['content-security-policy']).toBe(serializeCsp(APP_CSP));
  const csp = directives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
}

describe('security headers on every answer', () => {
  let dir: string;
  let test: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-headers-'));
    writeDist(path.join(dir, 'web'));
    writeDist(path.join(dir, 'console'));
    test = await buildTestApp({ companies: 10, env: { WEB_DIST: path.join(dir, 'web'), CONSOLE_DIST: path.join(dir, 'console') } });
  });

  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/pay', '/corp/', '/checkDetail'])('the visitor app page %s: the app policy, nothing inline', async (url) => {
    const page = await test.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expectBaseline(page);
    expectAppPolicy(page);
  });

  it('an API answer (signed) and an API error envelope (unsigned)', async () => {
    const answer = await signedInject(test, { url: '/api/user/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expectBaseline(answer);
    expectAppPolicy(answer);

    const refused = await test.app.inject({ method: 'GET', url: '/api/user/config' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toHaveProperty('code');
    expectBaseline(refused);
    expectAppPolicy(refused);
  });

  it('error envelopes: a malformed body, a bad URL Fastify rejects before any hook, an over-long parameter', async () => {
    const malformed = await signedInject(test, { method: 'POST', url: '/api/h5/order', body: '{not json' });
    expect(malformed.statusCode).toBe(400);
    expectBaseline(malformed);
    expectAppPolicy(malformed);

    const badUrl = await test.app.inject({ method: 'GET', url: '/api/h5/company/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toHaveProperty('code');
    expectBaseline(badUrl);
    expectAppPolicy(badUrl);

    const longParam = await test.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(300)}.png` });
    expect(longParam.statusCode).toBe(404);
    expectBaseline(longParam);
  });

  it('404s: an unknown API path, a built file that is not there, an unknown method', async () => {
    for (const request of [
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/assets/gone-abc123.js' },
      { method: 'DELETE', url: '/' },
    ] as const) {
      const missing = await test.app.inject(request);
      expect(missing.statusCode, request.url).toBe(404);
      expectBaseline(missing);
      expectAppPolicy(missing);
    }
  });

  it('a static asset of the visitor app and of the console', async () => {
    for (const url of ['/assets/index-abc123.js', '/console/assets/index-abc123.js']) {
      const asset = await test.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expectBaseline(asset);
      expectAppPolicy(asset);
    }
  });

  it('an upload and a missing upload', async () => {
    const key = `${'0'.repeat(31)}1.png`;
    await test.app.services.storage.put({ key, body: Buffer.from('png'), contentType: 'image/png' });
    const upload = await test.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(upload.statusCode).toBe(200);
    expectBaseline(upload);
    const gone = await test.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(31)}2.png` });
    expect(gone.statusCode).toBe(404);
    expectBaseline(gone);
    expectAppPolicy(gone);
  });

  it('the console: inline styles for antd, and only styles; scripts stay same-origin', async () => {
    for (const url of ['/console/', '/console/orders/12']) {
      const page = await test.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expectBaseline(page);
      expect(page.headers['content-security-policy']).toBe(serializeCsp(CONSOLE_CSP));
      const csp = directives(page);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(page.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('the sandbox cashier: its own policy, whose hash is exactly the inline style it serves', async () => {
    const created = await test.app.services.sandbox!.createTrade({ outTradeNo: 'KB1P01', payType: 'alipay', amountFen: 19900, description: '年报代办', returnUrl: 'http://localhost/pay', expiresAt: new Date(test.clock.now.getTime() + 60_000) });
    const page = await test.app.inject({ method: 'GET', url: `/sandbox/cashier/${created.out_trade_no}` });
    expect(page.statusCode).toBe(200);
    expectBaseline(page);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1];
    expect(css).toBeTruthy();
    expect(page.body).not.toMatch(/<script|style="/);
    const csp = directives(page);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual([cspHash(css!)]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(page.body).toContain(`action="/sandbox/cashier/${created.out_trade_no}/pay"`);
    // The result pages (paid, not found) are the same page with the same style.
    const missing = await test.app.inject({ method: 'GET', url: '/sandbox/cashier/KB0P00' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(/<style>([\s\S]*?)<\/style>/.exec(missing.body)?.[1]).toBe(css);
  });

  it('the mock authorization error page: its own policy, whose hash is exactly its inline style, no form', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/mock-wechat/connect/oauth2/authorize?appid=wrong' });
    expect(page.statusCode).toBe(400);
    expectBaseline(page);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1];
    expect(css).toBeTruthy();
    const csp = directives(page);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual([cspHash(css!)]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
  });

  it('no HSTS on plain http, even when the client claims https without a trusted proxy', async () => {
    const plain = await test.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await test.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted https proxy', () => {
  let test: TestApp;

  beforeAll(async () => {
    // inject() comes from 127.0.0.1: one trusted hop makes X-Forwarded-Proto count for request.protocol.
    test = await buildTestApp({ companies: 10, env: { TRUST_PROXY: '1' } });
  });

  afterAll(async () => {
    await test.close();
  });

  it('is sent on answers that came over https, errors and 404s included, and never over http', async () => {
    for (const url of ['/healthz', '/api/nope', '/api/user/config']) {
      const https = await test.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security'], url).toBe(HSTS_VALUE);
      const http = await test.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('the policy helpers', () => {
  it('hstsHeader: a year on https, nothing otherwise', () => {
    expect(hstsHeader('https')).toBe('max-age=31536000');
    expect(hstsHeader('http')).toBeUndefined();
  });

  it('cspHash is the base64 SHA-256 of the exact text', () => {
    expect(cspHash('body{}')).toBe(`'sha256-${createHash('sha256').update('body{}').digest('base64')}'`);
  });

  it('the app policy allows no inline script or style and no other origin', () => {
    const text = serializeCsp(APP_CSP);
    expect(text).not.toMatch(/unsafe|https?:|\*/);
    expect(APP_CSP['object-src']).toEqual(["'none'"]);
  });
});
