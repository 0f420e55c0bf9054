import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMiniProgram } from './build.ts';

const CONFIG = { baseUrl: 'https://kuaibao.example.com', appId: 'wx0123456789abcdef', signSecret: 'test-sign-secret', aesKey: '00112233445566778899aabbccddeeff' };
const PARAMS = { appId: CONFIG.appId, timeStamp: '1767225600', nonceStr: 'n0nce', package: 'prepay_id=wx2026', signType: 'RSA', paySign: 'c2ln' };

let outDir = '';
beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'kb-mini-program-'));
  await buildMiniProgram({ outDir, generatedConfig: `export const GENERATED_CONFIG = ${JSON.stringify(CONFIG)};` });
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

interface PageDefinition {
  data: Record<string, unknown>;
  onLoad(query: Record<string, string>): void;
  onShow?(): void;
  setData?(data: Record<string, unknown>): void;
}

/** Runs one built page as WeChat does: its own scope, the globals Page and wx. */
function loadPage(file: string, wx: Record<string, unknown>): PageDefinition {
  let page: PageDefinition | undefined;
  const context = createContext({ wx, Page: (definition: PageDefinition) => (page = definition), App: () => undefined, console, setTimeout, clearTimeout });
  runInContext(readFileSync(path.join(outDir, file), 'utf8'), context);
  if (!page) throw new Error(`${file} registered no page`);
  return page;
}

describe('npm run mini-program:build', () => {
  it('writes what the developer tools upload: app, pages, their wxml/wxss/json', () => {
    const app = JSON.parse(readFileSync(path.join(outDir, 'app.json'), 'utf8')) as { pages: string[] };
    expect(app.pages).toEqual(['pages/index/index', 'pages/pay/index']);
    for (const page of app.pages) for (const ext of ['js', 'wxml', 'wxss', 'json']) expect(readFileSync(path.join(outDir, `${page}.${ext}`), 'utf8').length).toBeGreaterThan(0);
    // One self-contained script a page: no import or require left for WeChat to resolve.
    expect(readFileSync(path.join(outDir, 'pages/pay/index.js'), 'utf8')).not.toMatch(/\brequire\(|^import /m);
  });

  it('the built entry page logs in and opens the web-view with the code', async () => {
    const page = loadPage('pages/index/index.js', { login: (o: { success(r: { code: string }): void }) => o.success({ code: 'mp.code1' }), getStorageSync: () => '', setStorageSync: () => undefined });
    const src = new Promise<unknown>((resolve) => (page.setData = (data) => resolve(data.src)));
    page.onLoad({});
    expect(await src).toBe('https://kuaibao.example.com/?mpCode=mp.code1');
  });

  it('the built pay page asks our API and calls wx.requestPayment with the handed-off parameters', async () => {
    const payments: unknown[] = [];
    const urls: string[] = [];
    const left = new Promise<string>((resolve) => {
      const page = loadPage('pages/pay/index.js', {
        request: (o: { url: string; success(r: unknown): void }) => {
          urls.push(o.url);
          o.success({ statusCode: 200, data: { code: 0, msg: 'ok', data: { status: '1' } } });
        },
        requestPayment: ({ success: _s, fail, ...params }: { success(): void; fail(e: { errMsg: string }): void }) => {
          payments.push(params);
          fail({ errMsg: 'requestPayment:fail cancel' });
        },
        getStorageSync: () => '',
        setStorageSync: () => undefined,
        showToast: (o: { title: string }) => resolve(o.title),
        navigateBack: () => undefined,
        reLaunch: () => undefined,
      });
      const data = Buffer.from(JSON.stringify({ order: { orderId: 'KB1', payFee: 100, payParam: JSON.stringify(PARAMS) }, form: {} })).toString('base64');
      page.onLoad({ data });
    });
    expect(await left).toBe('支付已取消');
    const { appId: _appId, ...sheet } = PARAMS;
    expect(payments).toEqual([sheet]);
    expect(urls[0]).toMatch(/^https:\/\/kuaibao\.example\.com\/api\/h5\/order\/detail\?id=KB1&timestamp=\d+&nonce=\w+&signature=[0-9a-f]{32}$/);
  });
});
