import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode, normalizeKeyword, rankCompanies } from '@kuaibao/domain';
import { createDatabase } from '../../db/database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { companyBigramFrequencies } from '../../db/migrations/014_company_bigram_frequencies.ts';
import { seedDatabase } from '../../seed/seed.ts';
import { openTestDatabase } from '../../test/helper.ts';
import { dialectSuites } from '../../test/dialects.ts';
import { FIXED_COMPANIES, generateCompanies } from '../../seed/synthetic-companies.ts';
import { hasGramTree, rebuildSearchIndex } from './company-index.repository.ts';
import { importCompanies } from './company-insert.repository.ts';
import { createCompanyRepository, FTS_CANDIDATES, PREFIX_CANDIDATES, prefixUpperBound } from './company-search.repository.ts';
import type { CompanyCandidate, CompanyRepository } from './company-search.repository.ts';
import { upsertCompanies } from './company-upsert.repository.ts';

/**
 * The same suite on SQLite and on PostgreSQL (`TEST_DATABASE_URL=$(bash scripts/pg-test-db.sh)`);
 * a dialect the run lacks shows up as skipped, with why (apps/api/src/test/dialects.ts).
 * On PostgreSQL the suite works in a schema of its own, dropped afterwards.
 */

const COMPANIES = 20_000;

const backends = dialectSuites().map(({ dialect: name, describeDialect }) => ({ name, describeDialect, open: () => openTestDatabase(name, { max: 4 }) }));

/** Every company as the search verifies it, in id order: what a brute-force scan compares against. */
async function allCandidates(database: AppDatabase): Promise<CompanyCandidate[]> {
  return (await database.db.selectFrom('companies').select(['id', 'name', 'name_norm', 'credit_code', 'oper_name', 'status']).orderBy('id').execute()) as CompanyCandidate[];
}

/** A valid code for made-up test rows: 91 + Hangzhou + a 9-character body + check. */
function code(body9: string): string {
  const first17 = `91330100${body9}`;
  return first17 + creditCodeCheckChar(first17);
}

// Characters the synthetic generator never uses, so these rows are the only matches.
const RANK_KW = '蕤蓁';
const RANKING_ROWS = [
  { name: '华星蕤蓁科技有限公司', credit_code: code('RX0000001'), oper_name: '甲一' }, // contains, shortest of the non-prefix ones
  { name: '蕤蓁网络科技发展有限公司', credit_code: code('RX0000002'), oper_name: '甲二' }, // prefix, long
  { name: '杭州市蕤蓁贸易有限公司', credit_code: code('RX0000003'), oper_name: '甲三' }, // right after a leading region
  { name: '蕤蓁餐饮管理有限公司', credit_code: code('RX0000004'), oper_name: '甲四', status: '注销' }, // prefix, deregistered
  { name: '蕤蓁科技有限公司', credit_code: code('RX0000005'), oper_name: '甲五' }, // prefix, short
  { name: '蕤蓁', credit_code: code('RX0000006'), oper_name: '甲六' }, // exact
  { name: '蕤蓁无效代码有限公司', credit_code: '91330100RX00000070', oper_name: '甲七' }, // check character wrong
  { name: '蕤蓁无代码有限公司', credit_code: null, oper_name: '甲八' }, // no code
];
const RANKING_EXPECTED = [
  '蕤蓁',
  '蕤蓁科技有限公司',
  '蕤蓁网络科技发展有限公司',
  '蕤蓁餐饮管理有限公司',
  '杭州市蕤蓁贸易有限公司',
  '华星蕤蓁科技有限公司',
];

const HOSTILE_KEYWORDS = [
  '"',
  '""',
  '"北京"',
  '*',
  '北京*',
  'OR',
  '北京 OR 上海',
  'NEAR(',
  'NEAR(北京 科技)',
  'g:北京',
  '{g}:北京',
  '^北京',
  'AND',
  'NOT',
  '%',
  '_',
  '%北京%',
  '北_',
  "'",
  "' OR 1=1 --",
  '\\',
  ');DROP TABLE companies;--',
  '字节"跳动',
  '\u0000',
];

/** The definition search implements, computed by scanning every row in JS. */
function bruteForce(all: readonly CompanyCandidate[], keyword: string, limit = 10): number[] {
  const contains = Array.from(keyword).length >= 2 ? all.filter((c) => c.name_norm.includes(keyword)).slice(0, FTS_CANDIDATES) : [];
  const upper = prefixUpperBound(keyword);
  const prefix = all
    .filter((c) => c.name_norm >= keyword && (upper === null || c.name_norm < upper))
    .sort((a, b) => (a.name_norm < b.name_norm ? -1 : a.name_norm > b.name_norm ? 1 : 0))
    .slice(0, PREFIX_CANDIDATES);
  return rankCompanies(keyword, [...contains, ...prefix])
    .filter((c) => c.credit_code !== null && isValidCreditCode(c.credit_code))
    .slice(0, limit)
    .map((c) => c.id);
}

/** Deterministic sample: substrings of names spread over the table, plus keywords that match nothing. */
function sampleKeywords(all: readonly CompanyCandidate[]): string[] {
  let state = 12345;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  const out = new Set<string>();
  for (let i = 0; i < 150; i++) {
    const chars = Array.from(all[next(all.length)]!.name_norm);
    const len = 1 + next(Math.min(6, chars.length));
    const start = next(chars.length - len + 1);
    out.add(chars.slice(start, start + len).join(''));
  }
  for (const kw of ['龘靐', '齉龘齉', '不存在的公司名称', 'XYZ', '有限公司有限公司']) out.add(kw);
  return [...out];
}

for (const backend of backends) {
  backend.describeDialect(`company repository (${backend.name})`, () => {
    let database: AppDatabase;
    let cleanup: () => Promise<void>;
    let repo: CompanyRepository;
    let all: CompanyCandidate[];
    const search = (raw: string, limit?: number) => repo.search(normalizeKeyword(raw), limit);

    beforeAll(async () => {
      ({ database, cleanup } = await backend.open());
      await migrate(database);
      await seedDatabase(database, { companies: 0 });
      // The directory through the bulk path, then the ranking rows through the incremental one:
      // appended, with higher ids than every seeded row, so ranking must not be by id.
      await importCompanies(database, generateCompanies(COMPANIES), { bulk: true });
      await importCompanies(database, RANKING_ROWS, { bulk: false });
      repo = createCompanyRepository(database);
      all = await allCandidates(database);
    });

    afterAll(async () => {
      await cleanup?.();
    });

    it('holds the seeded directory, ids in rank order', async () => {
      expect(await repo.count()).toBe(COMPANIES + RANKING_ROWS.length);
      const seeded = all.slice(0, COMPANIES);
      for (let i = 1; i < seeded.length; i++) {
        const a = seeded[i - 1]!.name_norm;
        const b = seeded[i]!.name_norm;
        expect(Array.from(a).length < Array.from(b).length || (Array.from(a).length === Array.from(b).length && a < b)).toBe(true);
      }
    });

    it.each([
      ['华为', '华为技术有限公司', '914403001922038216', '赵明路'],
      ['腾讯', '深圳市腾讯计算机系统有限公司', '9144030071526726XG', '马化腾'],
      ['茅台', '贵州茅台酒股份有限公司', '91520000214434146R', '张德芹'],
      ['字节', '北京字节跳动科技有限公司', '91110108551385082Q', '张一鸣'],
    ])('2-character keyword %s finds %s', async (kw, name, creditCode, oper) => {
      const results = await search(kw);
      expect(results[0]).toMatchObject({ name, credit_code: creditCode, oper_name: oper });
    });

    it.each([
      ['华为技', '华为技术有限公司'],
      ['茅台酒', '贵州茅台酒股份有限公司'],
      ['张记面', '杭州市西湖区张记面馆'],
      ['计算机', '深圳市腾讯计算机系统有限公司'],
    ])('3-character keyword %s finds %s', async (kw, name) => {
      const names = (await search(kw)).map((r) => r.name);
      expect(names).toContain(name);
    });

    it.each([
      ['字节跳动', '北京字节跳动科技有限公司'],
      ['腾讯计算机系统', '深圳市腾讯计算机系统有限公司'],
      ['华为技术有限公司', '华为技术有限公司'],
      ['巴巴(中国)', '阿里巴巴（中国）网络技术有限公司'],
      ['ａｂａｂ文化', '深圳市ABAB文化传媒有限公司'],
      ['绿源蔬菜种植专业合作社', '寿光市绿源蔬菜种植专业合作社'],
      ['浦江之星 软件', '上海浦江之星软件开发有限公司'],
    ])('4+-character keyword %s finds %s first', async (kw, name) => {
      const results = await search(kw);
      expect(results[0]?.name).toBe(name);
    });

    it('returns every fixed entry by its full name, first', async () => {
      for (const fixed of FIXED_COMPANIES) {
        const [first] = await search(fixed.name);
        expect(first).toMatchObject({ name: fixed.name, credit_code: fixed.credit_code, oper_name: fixed.oper_name });
      }
    });

    it('ranks exact > prefix > after a region > contains; live before 注销; shorter first; drops bad codes', async () => {
      expect((await search(RANK_KW)).map((r) => r.name)).toEqual(RANKING_EXPECTED);
      expect((await search(RANK_KW, 3)).map((r) => r.name)).toEqual(RANKING_EXPECTED.slice(0, 3));
    });

    it('never returns a row whose credit code fails the check', async () => {
      for (const kw of ['蕤蓁无', '无效代码', '有限', '北京']) {
        for (const r of await search(kw, 50)) expect(isValidCreditCode(r.credit_code)).toBe(true);
      }
      expect(await search('蕤蓁无效代码有限公司')).toEqual([]);
    });

    it('answers 1-character keywords from the prefix index only', async () => {
      const results = await search('华');
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(normalizeKeyword(r.name).startsWith('华')).toBe(true);
      expect(results.map((r) => r.id)).toEqual(bruteForce(all, '华'));
    });

    it('returns nothing for an empty keyword and respects the limit', async () => {
      expect(await repo.search('')).toEqual([]);
      expect(await search('有限', 3)).toHaveLength(3);
      expect(await search('有限')).toHaveLength(10);
    });

    it.each(HOSTILE_KEYWORDS)('keyword %j is only ever a literal', async (raw) => {
      const kw = normalizeKeyword(raw);
      const results = await repo.search(kw);
      expect(Array.isArray(results)).toBe(true);
      for (const r of results) expect(normalizeKeyword(r.name).includes(kw)).toBe(true);
      expect(results.map((r) => r.id)).toEqual(bruteForce(all, kw));
    });

    it('leaves the directory intact after hostile keywords', async () => {
      expect(await repo.count()).toBe(COMPANIES + RANKING_ROWS.length);
    });

    it('equals a brute-force scan for a sample of keywords', async () => {
      const keywords = sampleKeywords(all);
      expect(keywords.length).toBeGreaterThan(100);
      let nonEmpty = 0;
      for (const kw of keywords) {
        const got = (await repo.search(kw)).map((r) => r.id);
        expect({ kw, ids: got }).toEqual({ kw, ids: bruteForce(all, kw) });
        if (got.length > 0) nonEmpty++;
        // With few matches the capped candidates are all matches: nothing may be missed.
        const matches = all.filter((c) => c.name_norm.includes(kw) && c.credit_code !== null && isValidCreditCode(c.credit_code));
        const complete = Array.from(kw).length >= 2 && matches.length <= 10;
        expect(new Set(got)).toEqual(new Set(complete ? matches.map((m) => m.id) : got));
      }
      expect(nonEmpty).toBeGreaterThan(keywords.length / 2);
    });

    it('finds a company by credit code', async () => {
      expect(await repo.findByCreditCode('91110108551385082Q')).toMatchObject({ name: '北京字节跳动科技有限公司', oper_name: '张一鸣' });
      expect(await repo.findByCreditCode('91110108551385082X')).toBeUndefined();
    });

    it('skips rows whose credit code already exists on a second import', async () => {
      const again = await importCompanies(database, RANKING_ROWS.slice(0, 2));
      expect(again).toMatchObject({ inserted: 0, skipped: 2 });
      expect(await repo.count()).toBe(COMPANIES + RANKING_ROWS.length);
    });

  });
}

// A deep gram tree (grams held at more than 6 positions are split) on 5,000 names: most keywords
// of 3+ characters are planned on extension grams or leaf merges, and must still give exactly the
// brute-force answer, through the bulk import and through upsertCompanies (new names and renames).
for (const backend of backends) {
  backend.describeDialect(`company search on a deep gram tree (${backend.name})`, () => {
    let database: AppDatabase;
    let cleanup: () => Promise<void>;
    let repo: CompanyRepository;
    let all: CompanyCandidate[];
    const rows = generateCompanies(6000);

    beforeAll(async () => {
      ({ database, cleanup } = await backend.open());
      await migrate(database);
      await importCompanies(database, rows.slice(0, 5000), { splitDf: 6 });
      const upsert = (r: { name: string; credit_code: string | null; oper_name?: string }) => ({
        name: r.name,
        name_norm: normalizeKeyword(r.name),
        credit_code: r.credit_code!,
        oper_name: r.oper_name ?? '',
        status: null,
        region: null,
        established: null,
      });
      const batch = [...rows.slice(5000).map(upsert), ...rows.slice(0, 200).map((r) => upsert({ ...r, name: `${r.name}分公司` }))].sort(
        (a, b) => Array.from(a.name_norm).length - Array.from(b.name_norm).length || (a.name_norm < b.name_norm ? -1 : a.name_norm > b.name_norm ? 1 : 0),
      );
      await database.db.transaction().execute((trx) => upsertCompanies(database, trx, batch));
      repo = createCompanyRepository(database);
      all = await allCandidates(database);
    });

    afterAll(async () => {
      await cleanup?.();
    });

    it('stores a tree and indexes extension grams, terminal ones included', async () => {
      const tree = database.kind === 'sqlite' ? 'companies_bi_tree' : 'company_gram_tree';
      const { rows: treeRows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(tree)}`.execute(database.db);
      expect(Number(treeRows[0]!.n)).toBeGreaterThan(500);
      // a terminal extension gram ends with END_OF_NAME (U+0001; six hex digits in SQLite's tokens)
      const { rows: leafRows } = await (database.kind === 'sqlite'
        ? sql<{ n: number }>`SELECT count(*) AS n FROM companies_bi_df WHERE gram LIKE '%000001'`
        : sql<{ n: number }>`SELECT count(*) AS n FROM company_gram_df WHERE right(gram, 1) = chr(1)`
      ).execute(database.db);
      expect(Number(leafRows[0]!.n)).toBeGreaterThan(100);
    });

    it('equals a brute-force scan for sampled and common keywords', async () => {
      const common = ['有限责任', '器械有限', '有限公司', '科技有限公司', '股份有限公司', '责任公司', '任公司', '专业合作社', '公司分公司', '有限公司分', '司分公司'];
      const keywords = [...sampleKeywords(all), ...common];
      for (const kw of keywords) {
        expect({ kw, ids: (await repo.search(kw)).map((r) => r.id) }).toEqual({ kw, ids: bruteForce(all, kw) });
      }
      // a renamed company is found by its new name and not by its old one
      const renamed = all.find((c) => c.name_norm.endsWith('分公司'))!;
      expect((await repo.search(renamed.name_norm)).map((r) => r.id)).toContain(renamed.id);
    });
  });
}

for (const backend of backends) {
  backend.describeDialect(`rebuildSearchIndex (${backend.name})`, () => {
    it('gives a directory filled without a tree its tree and extension grams, with the same answers', async () => {
      const { database, cleanup } = await backend.open();
      try {
        await migrate(database);
        await importCompanies(database, generateCompanies(4000), { bulk: false });
        expect(await hasGramTree(database)).toBe(false);
        const repo = createCompanyRepository(database);
        const all = await allCandidates(database);
        const keywords = [...sampleKeywords(all), '有限责任', '有限公司', '科技有限公司', '任公司'];
        const before = await Promise.all(keywords.map(async (kw) => (await repo.search(kw)).map((r) => r.id)));
        expect(await rebuildSearchIndex(database, { splitDf: 6 })).toBeGreaterThan(300);
        expect(await hasGramTree(database)).toBe(true);
        for (const [i, kw] of keywords.entries()) {
          const ids = (await repo.search(kw)).map((r) => r.id);
          expect({ kw, ids }).toEqual({ kw, ids: bruteForce(all, kw) });
          expect({ kw, ids }).toEqual({ kw, ids: before[i] });
        }
        // SQLite: the recounted frequencies are what migration 014 counts from the FTS5 vocabulary
        let [rebuilt, recounted]: unknown[] = [[], []];
        if (database.kind === 'sqlite') {
          const counts = () => database.raw.prepare('SELECT gram, df FROM companies_bi_df ORDER BY gram').all();
          rebuilt = counts();
          database.raw.exec('DROP TABLE companies_bi_df');
          await companyBigramFrequencies('sqlite').up(database.db as unknown as Kysely<unknown>);
          recounted = counts();
        }
        expect(recounted).toEqual(rebuilt);
      } finally {
        await cleanup();
      }
    });
  });
}

// PostgreSQL's company_gram_df is as old as its grams table and is checked through search above;
// this is SQLite's twin from migration 014.
describe('companies_bi_df (sqlite)', () => {
  it('counts the names holding each bigram as migration 014 does from the FTS5 vocabulary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kuaibao-company-df-'));
    const database = await createDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
    try {
      if (database.kind !== 'sqlite') throw new Error('expected SQLite');
      await migrate(database);
      const rows = generateCompanies(3000);
      await importCompanies(database, rows.slice(0, 2000), { bulk: true });
      await importCompanies(database, rows.slice(2000), { bulk: false });
      const raw = database.raw;
      const counts = () => raw.prepare('SELECT gram, df FROM companies_bi_df ORDER BY gram').all();
      const imported = counts();
      expect(imported.length).toBeGreaterThan(1000);
      raw.exec('DROP TABLE companies_bi_df');
      await companyBigramFrequencies('sqlite').up(database.db as unknown as Kysely<unknown>);
      expect(counts()).toEqual(imported);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('companies_bi_df after upsertCompanies (sqlite)', () => {
  it('follows new companies and renames, as migration 014 would count them afresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kuaibao-company-df-upsert-'));
    const database = await createDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
    try {
      if (database.kind !== 'sqlite') throw new Error('expected SQLite');
      await migrate(database);
      const rows = generateCompanies(1500);
      await importCompanies(database, rows.slice(0, 1000), { bulk: false });
      const upsert = (r: { name: string; credit_code: string | null; oper_name?: string }) => ({
        name: r.name,
        name_norm: normalizeKeyword(r.name),
        credit_code: r.credit_code!,
        oper_name: r.oper_name ?? '',
        status: null,
        region: null,
        established: null,
      });
      const added = rows.slice(1000).map(upsert);
      // Renamed: the same codes under other names (their old bigrams must be uncounted).
      const renamed = rows.slice(0, 100).map((r) => upsert({ ...r, name: `蕤蓁${r.name}` }));
      const batch = [...added, ...renamed].sort(
        (a, b) => Array.from(a.name_norm).length - Array.from(b.name_norm).length || (a.name_norm < b.name_norm ? -1 : a.name_norm > b.name_norm ? 1 : 0),
      );
      const counts = await database.db.transaction().execute((trx) => upsertCompanies(database, trx, batch));
      expect(counts).toMatchObject({ inserted: 500, renamed: 100 });
      const raw = database.raw;
      const df = () => raw.prepare('SELECT gram, df FROM companies_bi_df ORDER BY gram').all();
      const kept = df();
      raw.exec('DROP TABLE companies_bi_df');
      await companyBigramFrequencies('sqlite').up(database.db as unknown as Kysely<unknown>);
      expect(kept).toEqual(df());
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
