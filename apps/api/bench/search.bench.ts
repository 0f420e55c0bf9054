/**
 * Company search benchmark (docs/product/company-search.md): builds a synthetic directory in a temporary
 * SQLite file, then times `repository.search` for 2-, 3- and 4+-character keyword sets against a
 * plain `name LIKE '%kw%' LIMIT 10` scan on the same data.
 *
 *   npm run bench:search                      # 1,000,000 companies
 *   BENCH_COMPANIES=200000 npm run bench:search
 *   BENCH_STRICT=1 npm run bench:search       # exit 1 when a target is missed
 *
 * Targets: search p99 ≤ 2 ms in every set, and search ≥ 50× faster than the scan at p50 and at
 * p99. Single connection, warm cache (every search keyword runs once untimed first, then a full
 * GC); the scan runs on a subset because each miss reads the whole table.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { normalizeKeyword } from '@kuaibao/domain';
import { createDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createCompanyRepository, importCompanies } from '../src/modules/company/company.repository.ts';
import { generateCompanies } from '../src/seed/synthetic-companies.ts';
import type { SyntheticCompany } from '../src/seed/synthetic-companies.ts';
import { readEnv } from '../src/config.ts';

const COMPANIES = Number(readEnv('BENCH_COMPANIES') ?? 1_000_000);
const STRICT = readEnv('BENCH_STRICT') === '1';
const PER_SET = 200;
const SCAN_PER_SET = 40;
const P99_TARGET_MS = 2;
const SPEEDUP_TARGET = 50;

if (!Number.isInteger(COMPANIES) || COMPANIES < 1000) {
  console.error('BENCH_COMPANIES must be an integer ≥ 1000');
  process.exit(2);
}

function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
  };
}

/** A full GC between build and timing, so build garbage is not collected inside a timed query. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const dir = mkdtempSync(join(tmpdir(), 'kuaibao-bench-'));
const file = join(dir, 'bench.sqlite');
const database = await createDatabase({ kind: 'sqlite', file });
if (database.kind !== 'sqlite') throw new Error('unreachable');

try {
  console.log(`company search benchmark: ${COMPANIES.toLocaleString('en-US')} synthetic companies, SQLite ${String(
    Object.values(database.raw.prepare('SELECT sqlite_version()').get() ?? {})[0],
  )}, Node ${process.version}`);

  // ---- build
  await migrate(database);
  let t0 = performance.now();
  let rows: SyntheticCompany[] | undefined = generateCompanies(COMPANIES);
  const genMs = performance.now() - t0;
  t0 = performance.now();
  const imported = await importCompanies(database, rows);
  const importMs = performance.now() - t0;
  database.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const fileSize = statSync(file).size;
  const objects = database.raw
    .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name HAVING bytes > 1048576 ORDER BY bytes DESC")
    .all() as Array<{ name: string; bytes: number }>;
  console.log(
    `build: generate ${(genMs / 1000).toFixed(1)} s, import + index + optimize ${(importMs / 1000).toFixed(1)} s ` +
      `(${imported.inserted.toLocaleString('en-US')} rows), total ${((genMs + importMs) / 1000).toFixed(1)} s; file ${mib(fileSize)}`,
  );
  console.log(`  ${objects.map((o) => `${o.name} ${mib(o.bytes)}`).join(', ')}`);

  // ---- keywords: substrings of random names, plus random character pairs/triples and absent ones
  const next = rng(4242);
  const names = rows.map((r) => normalizeKeyword(r.name));
  // Release the generated rows: a major GC over a million live objects would land in the timings.
  rows = undefined;
  const alphabet = [...new Set(names.flatMap((n) => Array.from(n)))].filter((c) => /\p{Script=Han}/u.test(c));
  const absent = Array.from('龘靐齉爩龖鱻麤灥厵驫骉羴猋麣');
  const sets: Array<{ label: string; lengths: [number, number]; keywords: string[] }> = [
    { label: '2', lengths: [2, 2], keywords: [] },
    { label: '3', lengths: [3, 3], keywords: [] },
    { label: '4+', lengths: [4, 6], keywords: [] },
  ];
  for (const set of sets) {
    const seen = new Set<string>();
    const add = (kw: string) => {
      if (!seen.has(kw)) {
        seen.add(kw);
        set.keywords.push(kw);
      }
    };
    const len = () => set.lengths[0] + next(set.lengths[1] - set.lengths[0] + 1);
    while (set.keywords.length < PER_SET - 30) {
      const chars = Array.from(names[next(names.length)]!);
      const l = Math.min(len(), chars.length);
      const start = next(chars.length - l + 1);
      add(chars.slice(start, start + l).join(''));
    }
    while (set.keywords.length < PER_SET - 15) add(Array.from({ length: len() }, () => alphabet[next(alphabet.length)]!).join(''));
    while (set.keywords.length < PER_SET) {
      const l = len();
      add(Array.from({ length: l }, (_, i) => (i === l - 1 ? absent[next(absent.length)]! : alphabet[next(alphabet.length)]!)).join(''));
    }
  }

  names.length = 0;

  // ---- measure
  const repo = createCompanyRepository(database);
  const scan = database.raw.prepare("SELECT id, name, credit_code, oper_name FROM companies WHERE name LIKE ? ESCAPE '\\' LIMIT 10");
  const likePattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  // Warm-up: every keyword once (JIT, statement cache, page cache), then a full GC.
  for (const set of sets) for (const kw of set.keywords) await repo.search(kw);
  collectGarbage();

  const results: Array<{ label: string; search: Stats; scan: Stats; empty: number }> = [];
  for (const set of sets) {
    const searchMs: number[] = [];
    let empty = 0;
    for (const kw of set.keywords) {
      const t = performance.now();
      const found = await repo.search(kw);
      searchMs.push(performance.now() - t);
      if (found.length === 0) empty++;
    }
    const scanMs: number[] = [];
    const step = Math.max(1, Math.floor(set.keywords.length / SCAN_PER_SET));
    for (let i = 0; i < set.keywords.length && scanMs.length < SCAN_PER_SET; i += step) {
      const t = performance.now();
      scan.all(likePattern(set.keywords[i]!));
      scanMs.push(performance.now() - t);
    }
    results.push({ label: set.label, search: stats(searchMs), scan: stats(scanMs), empty });
  }

  // ---- report
  const header = [
    'chars',
    'n',
    'no hit',
    'search p50',
    'search p99',
    'search max',
    'scan n',
    'scan p50',
    'scan p99',
    'x p50',
    'x p99',
    'verdict',
  ];
  const table: string[][] = [];
  let pass = true;
  for (const r of results) {
    const ratio50 = r.scan.p50 / r.search.p50;
    const ratio99 = r.scan.p99 / r.search.p99;
    const ok = r.search.p99 <= P99_TARGET_MS && ratio50 >= SPEEDUP_TARGET && ratio99 >= SPEEDUP_TARGET;
    pass &&= ok;
    table.push([
      r.label,
      String(r.search.n),
      String(r.empty),
      fmt(r.search.p50),
      fmt(r.search.p99),
      fmt(r.search.max),
      String(r.scan.n),
      fmt(r.scan.p50),
      fmt(r.scan.p99),
      `${ratio50.toFixed(0)}×`,
      `${ratio99.toFixed(0)}×`,
      ok ? 'PASS' : 'FAIL',
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log('\ntimes in ms (search = repository.search incl. ranking; scan = name LIKE \'%kw%\' LIMIT 10)');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  console.log(
    `\ntargets: search p99 ≤ ${P99_TARGET_MS} ms and ≥ ${SPEEDUP_TARGET}× faster than the scan (p50 and p99): ${pass ? 'PASS' : 'FAIL'}`,
  );
  if (!pass && STRICT) process.exitCode = 1;
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
