// Step 3 of `npm run build -w @kuaibao/web` (decision 028): renders the entry routes to HTML with the
// SSR bundle that step 2 built (src/prerender/render.tsx), for the seed's default site config and
// goods, with the entry's CSS inline. The server sends these pages (apps/api/src/http/web-app.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GoodsSchema, variantPalette, type SiteConfig } from '@kuaibao/domain';
// The seed's defaults are what a fresh deployment serves: the prerender shows exactly that.
import { DEFAULT_GOODS, DEFAULT_SITE_CONFIG } from '../../api/src/seed/defaults.ts';
import type { PrerenderSnapshot } from '../src/prerender/snapshot.ts';
import { SNAPSHOT_ELEMENT_ID } from '../src/prerender/snapshot.ts';
import { pageHtml, type ManifestChunk } from '../src/prerender/page-html.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(dist, '.prerender');

/** The config keys the prerendered pages show; the privacy text is the agreement sheet's, which loads later. */
const SHOWN_CONFIG_KEYS = ['client.home.tips', 'client.home.danmaku', 'service_phone', 'service_weixin', 'operator_name', 'icp_filing', 'police_filing', 'proxy_version'];

const config = Object.fromEntries(Object.entries(DEFAULT_SITE_CONFIG).filter(([key]) => SHOWN_CONFIG_KEYS.includes(key))) as SiteConfig;
// The goods as the init call sends them (apps/api/src/modules/goods/goods.service.ts), checked against the wire contract.
const goods = DEFAULT_GOODS.map((item) =>
  GoodsSchema.parse({
    id: item.id,
    goods_id: item.id,
    name: item.name,
    goods_name: item.name,
    type: item.type,
    goods_type: item.type,
    pay_type: item.pay_types,
    price_fen: item.price_fen,
    description: item.description,
  }),
);
const site = { config, goods, prevInfo: null, ready: false, renderedAt: new Date().toISOString() };
const phone = { host: 'h5', platform: 'web', formFactor: 'phone', os: 'android', inMessenger: false, variant: 'v0' } as const;
const corp = { host: 'wx-oa', platform: 'wx-oa', formFactor: 'phone', os: 'ios', inMessenger: true, variant: 'v0' } as const;

/** The home's marquee, sample lines, explanation and footer: a lazy chunk the home's HTML shows (home-extras.tsx). */
const HOME_EXTRAS = 'src/pages/home/home-extras.tsx';

/** The pages: file, snapshot, and the lazy modules their HTML already shows (their CSS goes inline, their JS is preloaded). */
const PAGES: { file: string; snapshot: PrerenderSnapshot; lazy: string[] }[] = [
  { file: 'index.html', snapshot: { path: '/', basename: '', platform: phone, site }, lazy: [HOME_EXTRAS] },
  { file: 'check.html', snapshot: { path: '/check', basename: '', platform: phone, site }, lazy: ['src/pages/check/check-page.tsx'] },
  { file: 'report.html', snapshot: { path: '/report', basename: '', platform: phone, site }, lazy: ['src/pages/report/report-page.tsx'] },
  { file: 'corp.html', snapshot: { path: '/', basename: '/corp', platform: corp, site }, lazy: [HOME_EXTRAS, 'src/pages/corp/corp-tab-bar.tsx'] },
];

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The default variant's palette, as main.tsx would set it: then start-up changes nothing there.
const prerenderTemplate = template.replace('<html lang="zh-CN">', `<html lang="zh-CN" data-theme="${variantPalette(phone.variant).name}">`);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, 'render.js')).href)) as { renderPage: (snapshot: PrerenderSnapshot) => Promise<string> };

// Every other route: the page as Vite built it, with an empty root.
writeFileSync(path.join(dist, 'spa.html'), template);
for (const page of PAGES) {
  const markup = await renderPage(page.snapshot);
  const html = pageHtml({ template: prerenderTemplate, markup, snapshot: page.snapshot, snapshotId: SNAPSHOT_ELEMENT_ID, manifest, lazy: page.lazy, readAsset: (file) => readFileSync(path.join(dist, file), 'utf8') });
  writeFileSync(path.join(dist, page.file), html);
  console.log(`prerendered ${page.file.padEnd(12)} ${(Buffer.byteLength(html) / 1000).toFixed(1)} kB`);
}
rmSync(ssrDir, { recursive: true, force: true });
