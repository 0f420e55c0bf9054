import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/** A built app as `npm run build` leaves it: assets with their .br and .gz beside them. */
function writeDist(dir: string, script: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--kb-client--></head><body></body></html>');
  const file = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(`${file}.br`, brotliCompressSync(script));
}

describe('the built apps are served compressed when the browser accepts it', () => {
  const script = `console.log(${JSON.stringify('快报'.repeat(2000))});\n`;
  let dir: string;
  let test: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-dist-'));
    writeDist(path.join(dir, 'web'), script);
    writeDist(path.join(dir, 'console'), script);
    test = await buildTestApp({ companies: 10, env: { WEB_DIST: path.join(dir, 'web'), CONSOLE_DIST: path.join(dir, 'console') } });
  });

  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-abc123.js', 'visitor app'],
    ['/console/assets/index-abc123.js', 'console'],
  ])('%s (%s): brotli, else gzip, else as is; cached for a year either way', async (url) => {
    const brotli = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);

    const gzip = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it.each(['/assets/gone-abc123.js', '/console/assets/gone-abc123.js', '/assets/..%2f..%2fpackage.json'])(
    'answers a built file that is not there (%s) with 404, not with index.html',
    async (url) => {
      const missing = await test.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<!doctype html>');
    },
  );

  it('still answers the pages themselves with index.html', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/pay', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="kb-client"');
  });
});
