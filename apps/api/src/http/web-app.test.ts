import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { cspHash } from './security-headers.ts';

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
    // Pages are compressed too, once at start (decision 028).
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<meta name="kb-client"');
  });
});

describe('the prerendered pages (decision 028)', () => {
  const style = '.hero{color:#333}';
  const loader = 'import("/assets/index-abc123.js")';
  const prerendered = (title: string) =>
    `<!doctype html><html><head><!--kb-client--><style>${style}</style></head><body><div id="root" data-prerendered><h1 style="animation-duration:9s">${title}</h1></div><script type="application/json" id="kb-prerender">{}</script><script>${loader}</script></body></html>`;
  let dir: string;
  let test: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-prerendered-'));
    writeDist(dir, 'console.log(1);\n');
    writeFileSync(path.join(dir, 'index.html'), prerendered('首页'));
    writeFileSync(path.join(dir, 'check.html'), prerendered('进度查询'));
    writeFileSync(path.join(dir, 'spa.html'), '<!doctype html><html><head><!--kb-client--></head><body><div id="root"></div></body></html>');
    test = await buildTestApp({ companies: 10, env: { WEB_DIST: dir } });
  });

  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', '首页'],
    ['/check', '进度查询'],
    ['/CHECK/?from=menu', '进度查询'],
  ])('%s: its page, brotli, with the client keys and a policy allowing exactly its inline style, style values and loader', async (url, title) => {
    const page = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain('<meta name="kb-client"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${cspHash(loader)};`);
    expect(csp).toContain(`style-src 'self' ${cspHash(style)} 'unsafe-hashes' ${cspHash('animation-duration:9s')};`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('any other route gets the plain page, with the plain policy; gzip or nothing when brotli is not accepted', async () => {
    const other = await test.app.inject({ method: 'GET', url: '/pay', headers: { 'accept-encoding': 'gzip' } });
    expect(other.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(other.rawPayload).toString();
    expect(html).toContain('<div id="root"></div>');
    expect(String(other.headers['content-security-policy'])).toContain("script-src 'self';");
    const plain = await test.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('>首页</h1>');
  });
});

describe('files at the root of the build, and files that are not there', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  let dir: string;
  let test: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-root-files-'));
    writeDist(dir, 'console.log(1);\n');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /console/\n');
    writeFileSync(path.join(dir, 'apple-touch-icon.png'), png);
    test = await buildTestApp({ companies: 10, env: { WEB_DIST: dir } });
  });

  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves robots.txt and the touch icon as themselves', async () => {
    const robots = await test.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe('User-agent: *\nDisallow: /console/\n');
    const icon = await test.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(png)).toBe(true);
  });

  it.each(['/apple-touch-icon-precomposed.png', '/favicon.ico', '/sitemap.xml', '/images/gone.svg', '/wp-login.php?x=1'])(
    'answers a file the build does not have (%s) with 404, not the app',
    async (url) => {
      const missing = await test.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/plain/);
      expect(missing.body).not.toContain('<html');
    },
  );

  it.each(['/', '/pay', '/checkDetail', '/h/abc123', '/corp/order?code=x.y'])('still answers the app route %s with the app', async (url) => {
    const page = await test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<meta name="kb-client"');
  });
});
