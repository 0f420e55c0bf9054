import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { measureSignIn } from '../sign-in-budget.ts';

/*
 * The console's sign-in page in Debian's Chromium: time to its first render, cold cache, for one or
 * more builds side by side in the same run (e.g. a build of the previous commit and this one):
 *
 *   npx node apps/console/bench/sign-in.bench.ts [dist…] [--port 3450] [--runs 5]
 *
 * Each dist is served as production serves it (precompressed .br/.gz, index.html for every
 * /console/ path) with the session call answering 401, so the page goes straight to sign-in.
 * Two profiles: this machine as is, and a slow office laptop (4× slower CPU, 10 Mbit/s, 40 ms).
 * It prints numbers; it asserts nothing (decision 030).
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const PORT = option('--port', 3450);
const RUNS = option('--runs', 5);
const DISTS = args.length > 0 ? args : ['apps/console/dist'];

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };

function serve(dist: string, port: number): Promise<Server> {
  const index = readFileSync(path.join(dist, 'index.html'));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/console/session') {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 40100, msg: '请先登录' }));
      return;
    }
    const file = path.join(dist, url.pathname.replace(/^\/console\//, ''));
    if (url.pathname.startsWith('/console/assets/') && existsSync(file) && statSync(file).isFile()) {
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const encoding = accepts.includes('br') && existsSync(`${file}.br`) ? 'br' : accepts.includes('gzip') && existsSync(`${file}.gz`) ? 'gzip' : null;
      const body = readFileSync(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...(encoding ? { 'content-encoding': encoding } : {}), 'cache-control': 'no-cache' });
      response.end(body);
      return;
    }
    response.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' }).end(index);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The sign-in page's gzip JS: from the manifest, or for a build without one (before decision 030), the scripts index.html names. */
function signInJs(dist: string): { kb: number; parts: unknown[] } {
  if (existsSync(path.join(dist, '.vite/manifest.json'))) return measureSignIn(dist, 'src/routes/login/login-page.tsx');
  const files = [...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/\/console\/(assets\/[^"]+\.js)/g)].map((match) => match[1]!);
  return { kb: files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000, 0), parts: files };
}

interface Load {
  firstRenderMs: number;
  fcpMs: number;
  scriptBytes: number;
}

type Profile = { name: string; cpu: number; network?: { latency: number; downloadThroughput: number; uploadThroughput: number } };
const PROFILES: Profile[] = [
  { name: 'this machine', cpu: 1 },
  { name: 'slow laptop (CPU 4×, 10 Mbit/s, 40 ms)', cpu: 4, network: { latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 } },
];

async function loadOnce(browser: Browser, port: number, profile: Profile): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    // The first frame with the sign-in form in it: observed from the document's start.
    await page.addInitScript(() => {
      const seen = () => {
        if (!document.querySelector('[data-testid="login-username"]')) return false;
        requestAnimationFrame(() => ((window as unknown as { __signInShown: number }).__signInShown = performance.now()));
        return true;
      };
      new MutationObserver((_records, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`http://127.0.0.1:${port}/console/login`);
    await page.waitForFunction(() => typeof (window as unknown as { __signInShown?: number }).__signInShown === 'number', undefined, { timeout: 60_000 });
    // Chromium reports the first contentful paint a moment after the frame.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 }).catch(() => undefined);
    return await page.evaluate(() => ({
      firstRenderMs: (window as unknown as { __signInShown: number }).__signInShown,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scriptBytes: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).reduce((sum, entry) => sum + entry.transferSize, 0),
    }));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const servers = await Promise.all(DISTS.map((dist, index) => serve(dist, PORT + index)));
try {
  console.log(`console sign-in page, ${RUNS} cold loads each (median), Chromium ${browser.version()}\n`);
  for (const [index, dist] of DISTS.entries()) {
    const { kb, parts } = signInJs(dist);
    console.log(`${dist}: sign-in JS ${kb.toFixed(1)} kB gzip in ${parts.length} file(s) [port ${PORT + index}]`);
  }
  for (const profile of PROFILES) {
    const loads = DISTS.map(() => [] as Load[]);
    // Interleaved, so a busy moment on the machine falls on every build alike.
    for (let run = 0; run < RUNS; run++) for (const index of DISTS.keys()) loads[index]!.push(await loadOnce(browser, PORT + index, profile));
    console.log(`\n${profile.name}`);
    console.log('  build'.padEnd(40) + 'first render'.padStart(14) + 'FCP'.padStart(10) + 'JS on the wire'.padStart(18));
    for (const [index, dist] of DISTS.entries()) {
      const runs = loads[index]!;
      console.log(
        `  ${dist}`.padEnd(40) +
          `${median(runs.map((load) => load.firstRenderMs)).toFixed(0)} ms`.padStart(14) +
          `${median(runs.map((load) => load.fcpMs)).toFixed(0)} ms`.padStart(10) +
          `${(median(runs.map((load) => load.scriptBytes)) / 1000).toFixed(1)} kB`.padStart(18),
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
