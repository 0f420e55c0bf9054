// npm run bench:web — the visitor app against a bare Vite + React page, measured in the same run by
// Lighthouse's mobile preset (simulated slow 4G, 4× slower CPU) in Debian's Chromium.
//
//   npm run bench:web                 build the web app, then measure
//   npm run bench:web -- --no-build   measure the build already in apps/web/dist
//   BENCH_WEB_RUNS=5 BENCH_WEB_PORT=3410 npm run bench:web
//
// Both sites are served the way production serves them: the real server (apps/api/src/server.ts,
// SQLite in a temporary directory) for the app; the same @fastify/static with pre-compressed files
// for the baseline. The numbers are printed, never asserted (CONTRIBUTING.md: speed lives in benchmarks).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { connect } from 'puppeteer-core';
// Tools read the environment through the config's helpers, like the other benches (decision 019).
import { environmentWith, readEnv } from '../../apps/api/src/config/environment.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineRoot = path.join(repoRoot, 'scripts/bench-web/baseline');
const runs = Number(readEnv('BENCH_WEB_RUNS') ?? 3);
const appPort = Number(readEnv('BENCH_WEB_PORT') ?? 3410);
const baselinePort = appPort + 1;
const build = !process.argv.includes('--no-build');
/** The flags the e2e run gives Debian's Chromium (e2e/playwright.config.ts), headless. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio'];

type Target = { name: string; url: string; prepare?: (chromePort: number) => Promise<void> };
type Sample = { score: number; fcp: number; lcp: number; tbt: number; cls: number; jsKb: number };

const tmp = mkdtempSync(path.join(tmpdir(), 'kuaibao-bench-web-'));
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: environmentWith(env) });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Writes .br and .gz beside every text file, as the build does for the app's assets. */
function precompressDir(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompressDir(file);
    else if (/\.(?:js|css|html|svg)$/.test(name)) {
      const bytes = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(bytes));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}

/** The bare page: Vite's build with React's plugin, the same target family, into the temporary directory. */
async function buildBaseline(): Promise<string> {
  const outDir = path.join(tmp, 'baseline');
  const { build: viteBuild } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await viteBuild({ root: baselineRoot, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } } });
  precompressDir(outDir);
  return outDir;
}

async function serveBaseline(dir: string): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { default: fastifyStatic } = await import('@fastify/static');
  const server = Fastify();
  await server.register(fastifyStatic, { root: dir, preCompressed: true });
  await server.listen({ port: baselinePort, host: '127.0.0.1' });
}

async function waitFor(url: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The real server, as scripts/start.sh runs it, on its own SQLite file with a small directory. */
async function startServer(): Promise<void> {
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environmentWith({ PORT: String(appPort), HOST: '127.0.0.1', SQLITE_FILE: path.join(tmp, 'kuaibao.sqlite'), SEED_COMPANIES: '2000', LOG_LEVEL: 'warn', CONSOLE_ADMIN_PASSWORD: 'bench-web-admin-1' }),
  });
  children.push(server);
  // Another server on the port would answer /healthz in its place: fail instead of measuring it.
  const exited = new Promise<never>((_resolve, reject) => server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready: is port ${appPort} taken?`))));
  await Promise.race([waitFor(`http://127.0.0.1:${appPort}/healthz`, 120), exited]);
  exited.catch(() => undefined);
}

/**
 * /pay with a prepared order: a first visit runs start-up (goods and config from the API, as a visitor's
 * would), then the form the home page hands to /pay is stored, for a seeded company. The Lighthouse run
 * that follows keeps this storage (disableStorageReset) and is the visitor's arrival at /pay.
 */
async function prepareOrder(chromePort: number): Promise<void> {
  const browser = await connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${appPort}/`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => !!localStorage.getItem('goods') && !!localStorage.getItem('config'));
    await page.evaluate(() => {
      const goods = JSON.parse(localStorage.getItem('goods')!) as { goods_id: number }[];
      const form = {
        goods_id: String(goods[0]!.goods_id),
        pay_type: '',
        pay_source: 'h5',
        source: 'web',
        entity_name: '北京字节跳动科技有限公司',
        entity_id: '91110108551385082Q',
        entity_legal: '张一鸣',
        entity_idno: '11010519491231002X',
        entity_phone: '13812345678',
      };
      localStorage.setItem('params', JSON.stringify(form));
    });
  } finally {
    await page.close();
    browser.disconnect();
  }
}

async function measure(target: Target, chromePort: number, attempt = 1): Promise<Sample> {
  if (target.prepare) await target.prepare(chromePort);
  const result = await lighthouse(target.url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!target.prepare });
  if (!result) throw new Error(`no Lighthouse result for ${target.url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): that run is not a measurement.
    if (attempt < 3) {
      console.log(`  ${target.name}: ${lhr.runtimeError.code}, running it again`);
      return measure(target, chromePort, attempt + 1);
    }
    throw new Error(`${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const js = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsKb: js / 1000,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const COLUMNS: { key: keyof Sample; label: string; format: (value: number) => string }[] = [
  { key: 'score', label: 'score', format: (v) => v.toFixed(2) },
  { key: 'fcp', label: 'FCP ms', format: (v) => v.toFixed(0) },
  { key: 'lcp', label: 'LCP ms', format: (v) => v.toFixed(0) },
  { key: 'tbt', label: 'TBT ms', format: (v) => v.toFixed(0) },
  { key: 'cls', label: 'CLS', format: (v) => v.toFixed(3) },
  { key: 'jsKb', label: 'JS kB', format: (v) => v.toFixed(1) },
];

function printTable(results: Map<string, Sample[]>, baselineName: string): void {
  const base = results.get(baselineName)!;
  const baseMedian = (key: keyof Sample) => median(base.map((sample) => sample[key]));
  const ratio = (value: number, baseValue: number) => (baseValue === 0 ? (value === 0 ? '1.00' : '—') : (value / baseValue).toFixed(2));
  const header = ['page', ...COLUMNS.map((column) => `${column.label} (×base)`)];
  const rows = [...results].map(([name, samples]) => [
    name,
    ...COLUMNS.map((column) => {
      const value = median(samples.map((sample) => sample[column.key]));
      return `${column.format(value)} (${ratio(value, baseMedian(column.key))})`;
    }),
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(`\nMedian of ${runs} Lighthouse runs (mobile preset), and the ratio to the bare React page's median:\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\nEvery run (score / FCP / LCP / TBT / CLS / JS kB):');
  for (const [name, samples] of results) {
    console.log(`  ${name}: ${samples.map((s) => `${s.score.toFixed(2)}/${s.fcp.toFixed(0)}/${s.lcp.toFixed(0)}/${s.tbt.toFixed(0)}/${s.cls.toFixed(3)}/${s.jsKb.toFixed(1)}`).join('  ')}`);
  }
}

async function main(): Promise<void> {
  if (build) run('npm', ['run', 'build', '-w', '@kuaibao/web']);
  const baselineDir = await buildBaseline();
  await serveBaseline(baselineDir);
  await startServer();

  const app = `http://127.0.0.1:${appPort}`;
  const baselineName = 'bare React /';
  const targets: Target[] = [
    { name: baselineName, url: `http://127.0.0.1:${baselinePort}/` },
    { name: 'app /', url: `${app}/` },
    { name: 'app /check', url: `${app}/check` },
    { name: 'app /pay', url: `${app}/pay`, prepare: prepareOrder },
  ];
  mkdirSync(path.join(tmp, 'chromium'));
  const chrome = await chromeLauncher.launch({ chromePath: readEnv('CHROME_PATH') ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir: path.join(tmp, 'chromium') });
  const results = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
  try {
    // Round by round, so a busy moment of the machine falls on every page alike.
    for (let round = 1; round <= runs; round++) {
      for (const target of targets) {
        const sample = await measure(target, chrome.port);
        results.get(target.name)!.push(sample);
        console.log(`run ${round}/${runs} ${target.name.padEnd(14)} score ${sample.score.toFixed(2)}  FCP ${sample.fcp.toFixed(0)}  LCP ${sample.lcp.toFixed(0)}  TBT ${sample.tbt.toFixed(0)}  CLS ${sample.cls.toFixed(3)}  JS ${sample.jsKb.toFixed(1)} kB`);
      }
    }
  } finally {
    chrome.kill();
  }
  printTable(results, baselineName);
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
