/**
 * Export memory benchmark (decision 038): the console's order export streams, so the
 * server's memory must not grow with the number of rows. In one run, on a fresh SQLite database
 * with BENCH_EXPORT_ORDERS orders (default 100,000), the real app listening on a local port:
 *
 *   baseline  the export of a filtered list of 1,000 orders (the same code path, 1 % of the rows)
 *   full      the export of all the orders
 *
 * each as XLSX and as CSV, downloaded over HTTP by a client that counts and drops the bytes. The
 * process's RSS is sampled every 10 ms; the figure is the peak RSS during the download minus the
 * RSS just before it (after a forced GC). Bound: the full export's growth stays within
 * BOUND_MB (64 MB) and within the baseline's growth + BOUND_OVER_BASELINE_MB (48 MB): 100× the
 * rows, about the same memory.
 *
 *   npm run bench:export
 *   BENCH_EXPORT_ORDERS=20000 npm run bench:export
 *   BENCH_STRICT=1 npm run bench:export     # exit 1 when the bound is missed
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS, PROCESS_STATUS, PROCESS_STATUS_NAMES } from '@kuaibao/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig, readEnv } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { CONSOLE_COOKIE, CONSOLE_REQUEST_HEADER } from '../src/modules/console/index.ts';
import { seedDatabase } from '../src/seed/seed.ts';

const ORDERS = Number(readEnv('BENCH_EXPORT_ORDERS') ?? 100_000);
const STRICT = readEnv('BENCH_STRICT') === '1';
const BASELINE_ORDERS = Math.max(1, Math.round(ORDERS / 100));
const BOUND_MB = 64;
const BOUND_OVER_BASELINE_MB = 48;
const ADMIN_PASSWORD = 'bench-export-admin-1';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kuaibao-export-bench-'));
  const file = path.join(dir, 'bench.sqlite');
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SQLITE_FILE: file, UPLOADS_DIR: path.join(dir, 'uploads'), SMS_OUTBOX_INTERVAL_MS: '0' });
  const database = await createDatabase({ kind: 'sqlite', file });
  await migrate(database);
  await seedDatabase(database, { companies: 100 });
  const app = await buildApp({ config, database, now: () => new Date(), logger: false });
  await app.services.console.auth.ensureFirstAdmin({ username: 'admin', password: ADMIN_PASSWORD });
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/console/session', headers: { 'content-type': 'application/json', [CONSOLE_REQUEST_HEADER]: '1' }, payload: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    const cookie = new RegExp(`${CONSOLE_COOKIE}=([^;]+)`).exec(String(signIn.headers['set-cookie']))?.[1];
    if (!cookie) throw new Error(`sign-in failed: ${signIn.body}`);

    const started = Date.now();
    await insertOrders(database.db, ORDERS);
    console.log(`bench:export  ${ORDERS} orders inserted in ${((Date.now() - started) / 1000).toFixed(1)} s (baseline filter: ${BASELINE_ORDERS} of them)`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const results: Array<{ format: string; baseline: Measured; full: Measured }> = [];
    for (const format of ['xlsx', 'csv'] as const) {
      // A first run warms the code paths (JIT, exceljs' modules), then baseline and full.
      await measure(port, cookie, { format, view: 'all', q: '基准' });
      const baseline = await measure(port, cookie, { format, view: 'all', q: '基准' });
      const full = await measure(port, cookie, { format, view: 'all' });
      results.push({ format, baseline, full });
    }

    let ok = true;
    console.log('');
    console.log('format  rows      bytes        bytes/row  seconds  RSS growth (peak - before)');
    for (const { format, baseline, full } of results) {
      for (const [name, m] of [
        ['baseline', baseline],
        ['full', full],
      ] as const) {
        console.log(`${format.padEnd(6)}  ${String(m.rows).padStart(7)}  ${String(m.bytes).padStart(11)}  ${(m.bytes / Math.max(1, m.rows)).toFixed(0).padStart(9)}  ${m.seconds.toFixed(1).padStart(7)}  ${mb(m.growth).toFixed(1)} MB  (${name})`);
      }
      const within = mb(full.growth) <= BOUND_MB && mb(full.growth) <= mb(baseline.growth) + BOUND_OVER_BASELINE_MB;
      if (full.rows !== ORDERS) ok = false;
      console.log(`${format.padEnd(6)}  bound: growth ≤ ${BOUND_MB} MB and ≤ baseline + ${BOUND_OVER_BASELINE_MB} MB → ${within ? 'PASS' : 'FAIL'} (${mb(full.growth).toFixed(1)} MB for ${full.rows} rows vs ${mb(baseline.growth).toFixed(1)} MB for ${baseline.rows})`);
      ok &&= within;
    }
    if (!gc) console.log('(run with --expose-gc for steadier figures: npm run bench:export does)');
    if (STRICT && !ok) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measured {
  rows: number;
  bytes: number;
  seconds: number;
  growth: number;
}

/** Downloads one export, dropping the bytes, while sampling the process's RSS. */
async function measure(port: number, cookie: string, query: Record<string, string>): Promise<Measured> {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = Date.now();
  try {
    return await new Promise<Measured>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/console/exports/orders?${new URLSearchParams(query).toString()}`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}` } }, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`export answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const rows = Number(res.headers['x-export-rows']);
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          peak = Math.max(peak, process.memoryUsage.rss());
        });
        res.on('end', () => resolve({ rows, bytes, seconds: (Date.now() - started) / 1000, growth: Math.max(0, peak - before) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    clearInterval(sampler);
  }
}

/** Paid orders, in transactions of 1,000 (1 % named for the baseline filter). */
async function insertOrders(db: Awaited<ReturnType<typeof createDatabase>>['db'], count: number): Promise<void> {
  const at = new Date('2026-03-01T02:00:00.000Z').toISOString();
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      return {
        public_id: `bench-${i}`,
        out_trade_no: `KB2026030${String(i).padStart(10, '0')}`,
        goods_id: 1,
        goods_type: 'license_year',
        goods_name: '营业执照年报代办',
        entity_name: i % 100 === 0 ? `基准测试${i}有限公司` : `导出测试第${i}号科技有限公司`,
        entity_id: `91310000MA${String(i).padStart(8, '0')}`,
        entity_legal: '张三',
        entity_idno_enc: null,
        entity_idno_hash: null,
        entity_phone: `139${String(i).padStart(8, '0')}`,
        status: ORDER_STATUS.paid,
        process_status: PROCESS_STATUS.pending,
        process_status_name: PROCESS_STATUS_NAMES[PROCESS_STATUS.pending],
        pay_type: 'weixin',
        pay_source: 'native',
        total_fee: 19900 + (i % 7) * 100,
        pay_time: at,
        create_time: at,
        update_time: at,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(rows).execute();
    });
  }
}

await main();
