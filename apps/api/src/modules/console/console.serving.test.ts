import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '@kuaibao/domain';
import { buildConsoleTestApp, type ConsoleTestApp } from './console.test-support.ts';

describe('serving the console app and the uploads', () => {
  let test: ConsoleTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kuaibao-console-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console-index</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    test = await buildConsoleTestApp('sqlite', { CONSOLE_DIST: dist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('redirects /console to /console/, keeping the query', async () => {
    const plain = await test.app.inject({ method: 'GET', url: '/console' });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('/console/');
    const withQuery = await test.app.inject({ method: 'GET', url: '/console?next=orders' });
    expect(withQuery.headers.location).toBe('/console/?next=orders');
  });

  it('answers every console route with the console index, never framed, never cached', async () => {
    for (const url of ['/console/', '/console/orders', '/console/orders/42?tab=files']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('console-index');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/console/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown console API paths with the envelope, and bad upload names with 404', async () => {
    const api = await test.app.inject({ method: 'GET', url: '/api/console/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: ERROR_CATALOG.NOT_FOUND.code });
    for (const url of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/abc.png', `/uploads/${'0'.repeat(32)}.png`, `/uploads/${'0'.repeat(32)}.svg`]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
