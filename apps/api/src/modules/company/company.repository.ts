import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import {
  bigramsOf,
  bigramTokens,
  buildGramTree,
  DEFAULT_SPLIT_DF,
  encodeGram,
  GramTree,
  isValidCreditCode,
  keywordGrams,
  MAX_MERGED_LEAVES,
  normalizeKeyword,
  planContainsSearch,
} from '@kuaibao/domain';
import type { ImportedCompany } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { CITIES, PROVINCES } from '../../seed/regions.ts';

/**
 * The company directory: typeahead search over ~1M names (docs/product/company-search.md)
 * and the bulk import that fills the search index.
 *
 * Search = capped candidates + ranking in JS:
 * - keyword ≥ 2 characters: the first FTS_CANDIDATES contains-matches in id order (ids are assigned
 *   shortest-name-first at import, so these are the shortest matches) from the bigram index,
 *   plus the first PREFIX_CANDIDATES prefix matches in name order from a B-tree (this is what
 *   guarantees that an exact match is always found);
 * - keyword of 1 character: prefix candidates only (the bigram index cannot answer it, and a
 *   contains-scan is a blocking full scan);
 * - every candidate is verified with instr/strpos on the normalised name (the index is a
 *   prefilter), ranked by rankCompanies, and rows whose credit code fails the GB 32100 check are
 *   dropped (docs/product/validation.md#readings-we-chose).
 * The keyword is always a bound parameter, including the FTS5 query; SQL texts are constants.
 */

export interface CompanySearchResult {
  id: number;
  name: string;
  credit_code: string;
  oper_name: string;
}

export interface CompanyCandidate {
  id: number;
  name: string;
  name_norm: string;
  credit_code: string | null;
  oper_name: string;
  status: string;
}

export interface CompanyInput {
  name: string;
  credit_code: string | null;
  oper_name?: string;
  status?: string;
  region?: string;
}

export interface CompanyRepository {
  /** `keyword` must already be normalised with normalizeKeyword (the caller validates length). */
  search(keyword: string, limit?: number): Promise<CompanySearchResult[]>;
  /** Exact lookup by unified social credit code (as stored: upper case). */
  findByCreditCode(creditCode: string): Promise<CompanySearchResult | undefined>;
  count(): Promise<number>;
}

/** contains-candidates taken from the bigram index, in id (= rank) order */
export const FTS_CANDIDATES = 50;
/** prefix candidates taken from the name B-tree, in name order */
export const PREFIX_CANDIDATES = 10;

const COLUMNS = 'id, name, name_norm, credit_code, oper_name, status';

// SQLite: one statement for both candidate sets; run on the raw node:sqlite handle with array rows
// (column order = COLUMNS), which is ~30% faster than Kysely's object rows for these 60 rows.
// Read-only, synchronous: it cannot interleave with anything on the single connection.
const SQLITE_CONTAINS =
  'SELECT c.id, c.name, c.name_norm, c.credit_code, c.oper_name, c.status ' +
  'FROM companies_bi b JOIN companies c ON c.id = b.rowid ' +
  'WHERE companies_bi MATCH ? AND instr(c.name_norm, ?) > 0 ' +
  'ORDER BY b.rowid LIMIT ?';
const SQLITE_PREFIX = `SELECT ${COLUMNS} FROM companies WHERE name_norm >= ? AND name_norm < ? ORDER BY name_norm LIMIT ?`;
const SQLITE_PREFIX_UNBOUNDED = `SELECT ${COLUMNS} FROM companies WHERE name_norm >= ? ORDER BY name_norm LIMIT ?`;
const SQLITE_BOTH = `SELECT * FROM (${SQLITE_CONTAINS}) UNION ALL SELECT * FROM (${SQLITE_PREFIX})`;
const SQLITE_BOTH_UNBOUNDED = `SELECT * FROM (${SQLITE_CONTAINS}) UNION ALL SELECT * FROM (${SQLITE_PREFIX_UNBOUNDED})`;
// A keyword of 3+ characters is planned from the gram tree and the frequencies
// (planContainsSearch, packages/domain/src/gram-tree.ts; decisions 022 and 027): it MATCHes one
// gram (a rare bigram or an extension gram), two bigrams (AND), or the extension grams that start
// with it (OR), never the phrase of all its bigrams (FTS5 steps through every token's doclist, so
// a phrase costs like its most common bigram).
const SQLITE_TREE_HAS = 'SELECT gram, count FROM companies_bi_tree WHERE gram IN (SELECT value FROM json_each(?))';
const SQLITE_GRAM_DF = 'SELECT gram, df FROM companies_bi_df WHERE gram IN (SELECT value FROM json_each(?))';
const SQLITE_LEAVES = 'SELECT gram FROM companies_bi_df WHERE gram > ? AND gram < ? ORDER BY gram LIMIT ?';
const SQLITE_DF_ADD = 'INSERT INTO companies_bi_df (gram, df) VALUES (?, ?) ON CONFLICT (gram) DO UPDATE SET df = df + excluded.df';
const SQLITE_DF_DROP_EMPTY = 'DELETE FROM companies_bi_df WHERE df <= 0';

// PostgreSQL (decisions 022 and 027): contains-candidates walk a gram's postings in the (gram, id)
// primary key, so rows arrive in id order and LIMIT stops early. A 2-character keyword is its own
// bigram: every posting is a match. A longer one first reads what the plan needs in one round trip
// (which of its grams are split, their frequencies, the leaves that start with it), then walks one
// gram (verified with strpos), the postings two bigrams share, or a merge of its leaves (the first
// FTS_CANDIDATES of each, then the first overall). Contains and prefix candidates come back in one
// round trip. `~>=~`/`~<~` are the byte-order operators of the text_pattern_ops B-trees, i.e. code
// point order for UTF-8, like SQLite's BINARY collation.
const PG_GRAM_FACTS =
  "SELECT 's' AS kind, gram, count AS df FROM company_gram_tree WHERE gram = ANY($1::text[]) " +
  "UNION ALL SELECT 'd', gram, df FROM company_gram_df WHERE gram = ANY($1::text[]) " +
  "UNION ALL (SELECT 'l', gram, df FROM company_gram_df WHERE gram ~>~ $2 AND gram ~<~ $3 ORDER BY gram USING ~<~ LIMIT $4)";
// Each posting's name is fetched by a LATERAL subquery with OFFSET 0 (a planning fence), so the
// plan is always "walk the postings, look each name up": given a common gram as a literal, the
// planner otherwise merge-joined with a full companies_pkey scan filtered by strpos, 2.5 s for （有 at
// 5M (0.6 ms with the fence).
const PG_NAME_OF_POSTING = `CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM companies c WHERE c.id = t.id OFFSET 0) c`;
const PG_SELECT = 'SELECT c.id, c.name, c.name_norm, c.credit_code, c.oper_name, c.status';
/** Contains-candidates by plan; $1 the gram(s), $2 the keyword, $3 the limit. */
const PG_CONTAINS = {
  walk: `${PG_SELECT} FROM company_grams t ${PG_NAME_OF_POSTING} WHERE t.gram = $1 AND strpos(c.name_norm, $2) > 0 ORDER BY t.id LIMIT $3`,
  // $4 the second gram
  both:
    `${PG_SELECT} FROM company_grams t JOIN company_grams u ON u.id = t.id AND u.gram = $4 ${PG_NAME_OF_POSTING} ` +
    'WHERE t.gram = $1 AND strpos(c.name_norm, $2) > 0 ORDER BY t.id LIMIT $3',
  leaves:
    `${PG_SELECT} FROM (SELECT DISTINCT x.id FROM unnest($1::text[]) AS l(gram) ` +
    'CROSS JOIN LATERAL (SELECT g.id FROM company_grams g WHERE g.gram = l.gram ORDER BY g.id LIMIT $3) x ORDER BY x.id LIMIT $3) t ' +
    `${PG_NAME_OF_POSTING} WHERE strpos(c.name_norm, $2) > 0 ORDER BY t.id`,
  // $1 the keyword's upper bound: every posting of every gram in [keyword, bound), sorted
  prefix:
    `${PG_SELECT} FROM (SELECT DISTINCT g.id FROM company_gram_df d JOIN company_grams g ON g.gram = d.gram ` +
    'WHERE d.gram ~>~ $2 AND d.gram ~<~ $1 ORDER BY g.id LIMIT $3) t ' +
    `${PG_NAME_OF_POSTING} WHERE strpos(c.name_norm, $2) > 0 ORDER BY t.id`,
} as const;
const PG_PREFIX = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 AND name_norm ~<~ $2 ORDER BY name_norm USING ~<~ LIMIT $3`;
const PG_PREFIX_UNBOUNDED = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 ORDER BY name_norm USING ~<~ LIMIT $2`;
/** the prefix candidates after a contains query ($2 the keyword): `upper` and `limit` are the placeholders of the bound and the limit */
const pgPrefixAfter = (upper: string, limit: string) =>
  `(SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $2 AND name_norm ~<~ ${upper} ORDER BY name_norm USING ~<~ LIMIT ${limit})`;
const PG_CONTAINS_THEN_PREFIX = {
  walk: `(${PG_CONTAINS.walk}) UNION ALL ${pgPrefixAfter('$4', '$5')}`,
  both: `(${PG_CONTAINS.both}) UNION ALL ${pgPrefixAfter('$5', '$6')}`,
  leaves: `(${PG_CONTAINS.leaves}) UNION ALL ${pgPrefixAfter('$4', '$5')}`,
  prefix: `(${PG_CONTAINS.prefix}) UNION ALL ${pgPrefixAfter('$4', '$5')}`,
} as const;

/**
 * The smallest string greater than every string that starts with `prefix`, in code point order
 * (increment the last code point, skipping the surrogate range); null when there is none.
 */
export function prefixUpperBound(prefix: string): string | null {
  const cps = Array.from(prefix);
  while (cps.length > 0) {
    let next = cps.pop()!.codePointAt(0)! + 1;
    if (next === 0xd800) next = 0xe000;
    if (next <= 0x10ffff) return cps.join('') + String.fromCodePoint(next);
  }
  return null;
}

type Row = [id: number, name: string, name_norm: string, credit_code: string | null, oper_name: string, status: string];

function fromArray(r: Row): CompanyCandidate {
  return { id: r[0], name: r[1], name_norm: r[2], credit_code: r[3], oper_name: r[4], status: r[5] };
}

export function createCompanyRepository(database: AppDatabase): CompanyRepository {
  const { db } = database;

  let candidates: (keyword: string) => Promise<CompanyCandidate[]>;
  if (database.kind === 'sqlite') {
    const raw = database.raw;
    const statements = new Map<string, StatementSync>();
    const all = (sqlText: string, ...params: Array<string | number>): CompanyCandidate[] => {
      let stmt = statements.get(sqlText);
      if (!stmt) {
        stmt = raw.prepare(sqlText);
        stmt.setReturnArrays(true);
        statements.set(sqlText, stmt);
      }
      return (stmt.all(...params) as unknown as Row[]).map(fromArray);
    };
    const treeHas = raw.prepare(SQLITE_TREE_HAS);
    const gramDf = raw.prepare(SQLITE_GRAM_DF);
    const leavesOf = raw.prepare(SQLITE_LEAVES);
    /** the FTS5 query for a keyword of 2+ characters, '' when no name can match (planContainsSearch) */
    const matchExpression = (keyword: string): string => {
      if (Array.from(keyword).length === 2) return `"${encodeGram(keyword)}"`;
      const grams = keywordGrams(keyword);
      const splitCounts = new Map((treeHas.all(JSON.stringify(grams)) as Array<{ gram: string; count: number }>).map((r) => [r.gram, r.count]));
      const split = new Set(splitCounts.keys());
      const tokenOf = new Map(grams.map((g) => [encodeGram(g), g]));
      const df = new Map((gramDf.all(JSON.stringify([...tokenOf.keys()])) as Array<{ gram: string; df: number }>).map((r) => [tokenOf.get(r.gram)!, r.df]));
      const token = encodeGram(keyword);
      const leaves = split.has(keyword) ? (leavesOf.all(token, prefixUpperBound(token)!, MAX_MERGED_LEAVES + 1) as Array<{ gram: string }>).map((r) => r.gram) : [];
      const plan = planContainsSearch(keyword, { split, keywordCount: splitCounts.get(keyword), df, leaves: leaves.length });
      switch (plan.kind) {
        case 'none':
          return '';
        case 'prefix':
          return `"${token}" *`;
        case 'walk':
          return `"${encodeGram(plan.gram)}"`;
        case 'both':
          return `"${encodeGram(plan.grams[0])}" AND "${encodeGram(plan.grams[1])}"`;
        case 'leaves':
          return leaves.map((t) => `"${t}"`).join(' OR ');
      }
    };
    candidates = async (keyword) => {
      const upper = prefixUpperBound(keyword);
      const match = Array.from(keyword).length >= 2 ? matchExpression(keyword) : '';
      if (match === '') {
        return upper === null
          ? all(SQLITE_PREFIX_UNBOUNDED, keyword, PREFIX_CANDIDATES)
          : all(SQLITE_PREFIX, keyword, upper, PREFIX_CANDIDATES);
      }
      return upper === null
        ? all(SQLITE_BOTH_UNBOUNDED, match, keyword, FTS_CANDIDATES, keyword, PREFIX_CANDIDATES)
        : all(SQLITE_BOTH, match, keyword, FTS_CANDIDATES, keyword, upper, PREFIX_CANDIDATES);
    };
  } else {
    const rows = async (sqlText: string, params: unknown[]): Promise<CompanyCandidate[]> =>
      (await db.executeQuery(CompiledQuery.raw(sqlText, params))).rows as CompanyCandidate[];
    /** the plan's contains query: its kind and its first parameter ($4 too for two grams), or null for none */
    const planFor = async (keyword: string): Promise<{ kind: keyof typeof PG_CONTAINS; grams: string | string[]; second?: string } | null> => {
      if (Array.from(keyword).length === 2) return { kind: 'walk', grams: keyword };
      const grams = keywordGrams(keyword);
      const facts = await db.executeQuery<{ kind: 's' | 'd' | 'l'; gram: string; df: number }>(
        CompiledQuery.raw(PG_GRAM_FACTS, [grams, keyword, prefixUpperBound(keyword), MAX_MERGED_LEAVES + 1]),
      );
      const split = new Map<string, number>();
      const df = new Map<string, number>();
      const leaves: string[] = [];
      for (const f of facts.rows) {
        if (f.kind === 's') split.set(f.gram, f.df);
        else if (f.kind === 'd') df.set(f.gram, f.df);
        else leaves.push(f.gram);
      }
      const plan = planContainsSearch(keyword, {
        split: new Set(split.keys()),
        keywordCount: split.get(keyword),
        df,
        leaves: split.has(keyword) ? leaves.length : 0,
      });
      switch (plan.kind) {
        case 'none':
          return null;
        case 'prefix':
          return { kind: 'prefix', grams: prefixUpperBound(keyword) ?? `${keyword}\u{10FFFF}` };
        case 'walk':
          return { kind: 'walk', grams: plan.gram };
        case 'both':
          return { kind: 'both', grams: plan.grams[0], second: plan.grams[1] };
        case 'leaves':
          return { kind: 'leaves', grams: leaves };
      }
    };
    candidates = async (keyword) => {
      const upper = prefixUpperBound(keyword);
      const prefixOnly = () =>
        upper === null ? rows(PG_PREFIX_UNBOUNDED, [keyword, PREFIX_CANDIDATES]) : rows(PG_PREFIX, [keyword, upper, PREFIX_CANDIDATES]);
      const plan = Array.from(keyword).length >= 2 ? await planFor(keyword) : null;
      if (plan === null) return prefixOnly();
      const containsParams: unknown[] = [plan.grams, keyword, FTS_CANDIDATES, ...(plan.second === undefined ? [] : [plan.second])];
      if (upper === null) {
        const [contains, prefix] = await Promise.all([rows(PG_CONTAINS[plan.kind], containsParams), prefixOnly()]);
        return contains.concat(prefix);
      }
      return rows(PG_CONTAINS_THEN_PREFIX[plan.kind], [...containsParams, upper, PREFIX_CANDIDATES]);
    };
  }

  return {
    async search(keyword, limit = 10) {
      // No stored name contains NUL, and PostgreSQL rejects it in text parameters.
      if (keyword === '' || limit <= 0 || keyword.includes('\u0000')) return [];
      const ranked = rankCompanies(keyword, await candidates(keyword));
      const out: CompanySearchResult[] = [];
      for (const c of ranked) {
        if (c.credit_code === null || !isValidCreditCode(c.credit_code)) continue;
        out.push({ id: c.id, name: c.name, credit_code: c.credit_code, oper_name: c.oper_name });
        if (out.length >= limit) break;
      }
      return out;
    },

    async findByCreditCode(creditCode) {
      const row = await db
        .selectFrom('companies')
        .select(['id', 'name', 'credit_code', 'oper_name'])
        .where('credit_code', '=', creditCode)
        .executeTakeFirst();
      if (!row || row.credit_code === null) return undefined;
      return { id: row.id, name: row.name, credit_code: row.credit_code, oper_name: row.oper_name };
    },

    async count() {
      const row = await db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Ranking

const DEAD_STATUSES = new Set(['注销', '吊销', '撤销', '迁出']);

/** Province / municipality / city names without suffix, for "match right after a leading region". */
const REGION_WORDS = new Set<string>([
  ...PROVINCES.flatMap((p) => [p.name, p.short]),
  ...CITIES.flatMap((c) => (c.short ? [c.name, c.short] : [c.name])),
]);
/** A leading region spelled with its suffixes: 浙江省杭州市西湖区, 杭州市, 西湖区, 大理白族自治州… */
const SUFFIXED_REGION = /^(?:[\p{Script=Han}]{1,8}?(?:省|自治区|市|自治州|州|地区|盟|区|县|旗)){1,3}$/u;

function isLeadingRegion(prefix: string): boolean {
  if (prefix.length < 2 || prefix.length > 16) return false;
  if (REGION_WORDS.has(prefix) || SUFFIXED_REGION.test(prefix)) return true;
  // 北京海淀… / 广东深圳…: a known region word followed by a suffixed one
  for (let i = 2; i <= 8 && i < prefix.length; i++) {
    if (REGION_WORDS.has(prefix.slice(0, i)) && (REGION_WORDS.has(prefix.slice(i)) || SUFFIXED_REGION.test(prefix.slice(i)))) return true;
  }
  return false;
}

function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

/**
 * Candidates ranked: exact name, then prefix, then a match right after a leading region
 * (深圳市 + 腾讯…: the trade name), then anything else; within a tier live entities before
 * 注销/吊销, then shorter names, then id. Duplicates (a row found by both indexes) and rows that
 * do not actually contain the keyword are removed.
 */
export function rankCompanies(keyword: string, rows: readonly CompanyCandidate[]): CompanyCandidate[] {
  const seen = new Set<number>();
  const scored: Array<{ row: CompanyCandidate; tier: number; dead: number; len: number }> = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const at = row.name_norm.indexOf(keyword);
    if (at < 0) continue;
    const tier = row.name_norm === keyword ? 0 : at === 0 ? 1 : isLeadingRegion(row.name_norm.slice(0, at)) ? 2 : 3;
    scored.push({ row, tier, dead: DEAD_STATUSES.has(row.status) ? 1 : 0, len: codePointLength(row.name_norm) });
  }
  scored.sort((a, b) => a.tier - b.tier || a.dead - b.dead || a.len - b.len || a.row.id - b.row.id);
  return scored.map((s) => s.row);
}

// ---------------------------------------------------------------------------------------------
// Bulk import

/** Code point order for UTF-16 strings (what SQLite BINARY and PostgreSQL byte order give for UTF-8). */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort above U+E000–U+FFFF in code point order.
    if (x >= 0xd800) x += x < 0xe000 ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y < 0xe000 ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

// ---------------------------------------------------------------------------------------------
// The gram tree (docs/decisions/027-extension-grams.md): stored split grams, and what a name is indexed under

const TREE_TABLE = { sqlite: 'companies_bi_tree', postgres: 'company_gram_tree' } as const;
/** Up to this many distinct probes, a writer looks up only the split grams its names contain; beyond, it reads the whole tree. */
const TREE_PROBE_MAX = 20_000;

type Executor = Pick<Transaction<Database>, 'executeQuery'>;

/** The stored tree, as far as these names reach it (every split gram that is a substring of one of them), or whole. */
async function gramTreeFor(database: AppDatabase, executor: Executor, names: readonly string[]): Promise<GramTree> {
  const probes = new Set<string>();
  for (const name of names) {
    for (const g of keywordGrams(name)) probes.add(g);
    if (probes.size > TREE_PROBE_MAX) break;
  }
  const table = TREE_TABLE[database.kind];
  if (database.kind === 'sqlite') {
    const rows = (probes.size > TREE_PROBE_MAX
      ? preparedOn(database.raw, `SELECT gram FROM ${table}`).all()
      : preparedOn(database.raw, `SELECT gram FROM ${table} WHERE gram IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...probes]))) as Array<{ gram: string }>;
    return new GramTree(rows.map((r) => r.gram));
  }
  const result =
    probes.size > TREE_PROBE_MAX
      ? await executor.executeQuery<{ gram: string }>(CompiledQuery.raw(`SELECT gram FROM ${table}`, []))
      : await executor.executeQuery<{ gram: string }>(CompiledQuery.raw(`SELECT gram FROM ${table} WHERE gram = ANY($1::text[])`, [[...probes]]));
  return new GramTree(result.rows.map((r) => r.gram));
}

/** Replaces the stored tree (only while no name is indexed: every indexed name must have been tokenised with the stored tree). */
async function storeGramTree(database: AppDatabase, executor: Executor, tree: GramTree): Promise<void> {
  const table = TREE_TABLE[database.kind];
  if (database.kind === 'sqlite') {
    database.raw.exec(`DELETE FROM ${table}`);
    const insert = database.raw.prepare(`INSERT INTO ${table} (gram, count) VALUES (?, ?)`);
    tree.grams.forEach((gram, i) => insert.run(gram, tree.counts[i]!));
    return;
  }
  await executor.executeQuery(CompiledQuery.raw(`DELETE FROM ${table}`, []));
  for (let i = 0; i < tree.grams.length; i += 10_000) {
    await executor.executeQuery(
      CompiledQuery.raw(`INSERT INTO ${table} (gram, count) SELECT * FROM unnest($1::text[], $2::int[])`, [tree.grams.slice(i, i + 10_000), tree.counts.slice(i, i + 10_000)]),
    );
  }
}

/** SQLite: a name's FTS5 tokens, its bigrams in order and then its extension grams. */
function indexTokens(nameNorm: string, tree: GramTree): string {
  const bigrams = bigramTokens(nameNorm);
  const extensions = tree.extensionGrams(nameNorm).map(encodeGram).join(' ');
  return extensions === '' ? bigrams : `${bigrams} ${extensions}`;
}

/** PostgreSQL: a name's rows of company_grams, its distinct bigrams and extension grams. */
function indexGrams(nameNorm: string, tree: GramTree): string[] {
  return bigramsOf(nameNorm).concat(tree.extensionGrams(nameNorm));
}

export interface ImportResult {
  inserted: number;
  /** rows skipped because their credit code is already in the directory */
  skipped: number;
  firstId: number;
  lastId: number;
}

const PG_BATCH = 5000;

/**
 * Adds companies to the directory and to the search index, fast (one transaction; prepared
 * statements on the raw node:sqlite handle, or JSON-batched INSERT … SELECT on PostgreSQL).
 *
 * Ids continue after the current maximum and are assigned to this batch in rank order (shorter
 * normalised name first, then code point order), which is what lets search take "the first N
 * matches by id". Rows added by a later import sort after earlier ones until the directory is
 * re-imported. A row whose credit code already exists is skipped.
 */
export async function importCompanies(
  database: AppDatabase,
  input: readonly CompanyInput[],
  opts: {
    /** merge/vacuum/analyze the search index afterwards (default true) */
    optimize?: boolean;
    /**
     * Bulk mode: bigger SQLite page cache and no FTS5 automerge during the load; on PostgreSQL the
     * gram primary key and frequencies are rebuilt once at the end. Default: when loading more
     * than 50,000 rows into an empty directory.
     */
    bulk?: boolean;
    /**
     * Build the gram tree from these names, splitting grams held at more than this many positions,
     * when the directory is empty (a bulk load into an empty directory does, with DEFAULT_SPLIT_DF).
     */
    splitDf?: number;
  } = {},
): Promise<ImportResult> {
  const prepared = input.map((c) => ({ ...c, name_norm: normalizeKeyword(c.name), len: 0 }));
  let astral = false;
  for (const p of prepared) {
    p.len = codePointLength(p.name_norm);
    if (p.len !== p.name_norm.length) astral = true;
  }
  // Without astral characters, UTF-16 order is code point order and the native comparison is ~3× faster.
  prepared.sort(
    astral
      ? (a, b) => a.len - b.len || compareCodePoints(a.name_norm, b.name_norm)
      : (a, b) => a.len - b.len || (a.name_norm < b.name_norm ? -1 : a.name_norm > b.name_norm ? 1 : 0),
  );

  const { db } = database;
  const max = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const firstId = Number(max?.max ?? 0) + 1;
  const bulk = opts.bulk ?? (firstId === 1 && prepared.length > 50_000);
  const newTree = firstId === 1 && (bulk || opts.splitDf !== undefined) ? buildGramTree(prepared.map((p) => p.name_norm), opts.splitDf ?? DEFAULT_SPLIT_DF) : null;
  let nextId = firstId;
  let inserted = 0;

  if (database.kind === 'sqlite') {
    const raw = database.raw;
    // Hold Kysely's single connection so no other query interleaves with the raw transaction.
    await db.connection().execute(async (connection) => {
      const tree = newTree ?? (await gramTreeFor(database, connection, prepared.map((p) => p.name_norm)));
      const insertCompany = raw.prepare(
        'INSERT INTO companies (id, name, name_norm, credit_code, oper_name, status, region) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (credit_code) DO NOTHING',
      );
      const insertIndex = raw.prepare('INSERT INTO companies_bi (rowid, g) VALUES (?, ?)');
      /** names holding each bigram token, for companies_bi_df */
      const df = new Map<string, number>();
      // A bulk load inserts into three B-trees (credit code in random order): give it a bigger
      // page cache for the duration (pages are only allocated as used), then restore.
      const cacheSize = Number(Object.values(raw.prepare('PRAGMA cache_size').get() ?? {})[0] ?? -2000);
      if (bulk) raw.exec('PRAGMA cache_size = -262144');
      raw.exec('BEGIN IMMEDIATE');
      // No incremental segment merging during a bulk load; 'optimize' merges once at the end.
      if (bulk) raw.exec("INSERT INTO companies_bi (companies_bi, rank) VALUES ('automerge', 0)");
      try {
        for (const c of prepared) {
          const id = nextId;
          const { changes } = insertCompany.run(
            id,
            c.name,
            c.name_norm,
            c.credit_code,
            c.oper_name ?? '',
            c.status ?? '存续',
            c.region ?? '',
          );
          if (Number(changes) === 0) continue;
          const tokens = indexTokens(c.name_norm, tree);
          insertIndex.run(id, tokens);
          if (tokens !== '') for (const token of new Set(tokens.split(' '))) df.set(token, (df.get(token) ?? 0) + 1);
          nextId++;
          inserted++;
        }
        const addDf = raw.prepare(SQLITE_DF_ADD);
        for (const [token, n] of df) addDf.run(token, n);
        if (newTree) await storeGramTree(database, connection, newTree);
        if (bulk) raw.exec("INSERT INTO companies_bi (companies_bi, rank) VALUES ('automerge', 4)"); // the default
        raw.exec('COMMIT');
      } catch (err) {
        raw.exec('ROLLBACK');
        throw err;
      } finally {
        raw.exec(`PRAGMA cache_size = ${Math.trunc(cacheSize)}`);
      }
      if (opts.optimize !== false && inserted > 0) {
        raw.exec("INSERT INTO companies_bi (companies_bi) VALUES ('optimize')");
        raw.exec('ANALYZE companies');
      }
    });
  } else {
    // Bulk: build the gram primary key and the document frequencies once at the end (a sort, a
    // GROUP BY) instead of ~12 random B-tree inserts and upserts per company.
    // One statement per batch: the companies that do not conflict, their bigram rows and (unless
    // bulk) the bigram document frequencies, all from one JSON parameter.
    const sqlText =
      'WITH t AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id int, name text, name_norm text, credit_code text, ' +
      'oper_name text, status text, region text, grams text[])), ' +
      'ins AS (INSERT INTO companies (id, name, name_norm, credit_code, oper_name, status, region) ' +
      'SELECT id, name, name_norm, credit_code, oper_name, status, region FROM t ON CONFLICT (credit_code) DO NOTHING RETURNING id), ' +
      'g AS (SELECT u.gram, t.id FROM t JOIN ins ON ins.id = t.id CROSS JOIN LATERAL unnest(t.grams) AS u(gram)), ' +
      'gi AS (INSERT INTO company_grams (gram, id) SELECT gram, id FROM g) ' +
      (bulk
        ? ''
        : ', df AS (INSERT INTO company_gram_df (gram, df) SELECT gram, count(*)::int FROM g GROUP BY gram ' +
          'ON CONFLICT (gram) DO UPDATE SET df = company_gram_df.df + EXCLUDED.df) ') +
      'SELECT count(*)::int AS inserted FROM ins';
    const exec = (trx: Transaction<Database>, text: string, params: unknown[] = []) =>
      trx.executeQuery<{ inserted: number }>(CompiledQuery.raw(text, params));
    await db.transaction().execute(async (trx) => {
      const tree = newTree ?? (await gramTreeFor(database, trx, prepared.map((p) => p.name_norm)));
      if (newTree) await storeGramTree(database, trx, newTree);
      if (bulk) await exec(trx, 'ALTER TABLE company_grams DROP CONSTRAINT company_grams_pkey');
      for (let start = 0; start < prepared.length; start += PG_BATCH) {
        const batch = prepared.slice(start, start + PG_BATCH).map((c) => ({
          id: nextId++,
          name: c.name,
          name_norm: c.name_norm,
          credit_code: c.credit_code,
          oper_name: c.oper_name ?? '',
          status: c.status ?? '存续',
          region: c.region ?? '',
          grams: indexGrams(c.name_norm, tree),
        }));
        const result = await exec(trx, sqlText, [JSON.stringify(batch)]);
        inserted += result.rows[0]?.inserted ?? 0;
      }
      if (bulk) {
        await exec(trx, "SET LOCAL maintenance_work_mem = '256MB'");
        await exec(trx, 'ALTER TABLE company_grams ADD CONSTRAINT company_grams_pkey PRIMARY KEY (gram, id)');
        await exec(trx, 'DELETE FROM company_gram_df');
        await exec(trx, 'INSERT INTO company_gram_df (gram, df) SELECT gram, count(*)::int FROM company_grams GROUP BY gram');
      }
    });
    if (opts.optimize !== false && inserted > 0) {
      // VACUUM sets the visibility map, so the gram walk is an index-only scan (no heap fetches),
      // and clears the dead versions the frequency upserts leave behind.
      await db.executeQuery(CompiledQuery.raw('VACUUM (ANALYZE) company_grams, company_gram_df', []));
      await db.executeQuery(CompiledQuery.raw('ANALYZE companies', []));
    }
  }

  return { inserted, skipped: prepared.length - inserted, firstId, lastId: nextId - 1 };
}

// ---------------------------------------------------------------------------------------------
// Upsert by credit code (npm run companies:import, docs/decisions/021-company-import.md)

/** A checked row of an import file; null optional fields keep what the directory has. */
/** A row for upsertCompanies: the import's checked row (packages/domain/src/company-import.ts). */
export type CompanyUpsert = ImportedCompany;

export interface UpsertCounts {
  inserted: number;
  /** existing codes whose fields changed (renamed included) */
  updated: number;
  /** of which the name changed: re-indexed */
  renamed: number;
  unchanged: number;
}

interface ExistingCompany {
  id: number;
  credit_code: string;
  name: string;
  name_norm: string;
  oper_name: string;
  status: string;
  region: string;
  established: string | null;
}

type Planned = { kind: 'insert'; id: number; row: CompanyUpsert } | { kind: 'update'; id: number; row: Required<CompanyUpsert>; reindex: boolean };

/** What to do with each row: new codes get the next ids in the given (rank) order. */
function planUpserts(rows: readonly CompanyUpsert[], existing: ReadonlyMap<string, ExistingCompany>, firstId: number, counts: UpsertCounts): Planned[] {
  let nextId = firstId;
  const plan: Planned[] = [];
  for (const row of rows) {
    const old = existing.get(row.credit_code);
    if (!old) {
      plan.push({ kind: 'insert', id: nextId++, row });
      counts.inserted++;
      continue;
    }
    const merged = {
      name: row.name,
      name_norm: row.name_norm,
      credit_code: row.credit_code,
      oper_name: row.oper_name,
      status: row.status ?? old.status,
      region: row.region ?? old.region,
      established: row.established ?? old.established,
    };
    if (
      merged.name === old.name &&
      merged.oper_name === old.oper_name &&
      merged.status === old.status &&
      merged.region === old.region &&
      merged.established === old.established
    ) {
      counts.unchanged++;
      continue;
    }
    counts.updated++;
    if (merged.name !== old.name) counts.renamed++;
    plan.push({ kind: 'update', id: old.id, row: merged as Required<CompanyUpsert>, reindex: merged.name_norm !== old.name_norm });
  }
  return plan;
}

/** Statements prepared once per SQLite handle (a batch import calls these functions hundreds of times). */
const preparedStatements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();
export function preparedOn(raw: DatabaseSync, text: string): StatementSync {
  let byText = preparedStatements.get(raw);
  if (!byText) preparedStatements.set(raw, (byText = new Map()));
  let statement = byText.get(text);
  if (!statement) byText.set(text, (statement = raw.prepare(text)));
  return statement;
}

const SQLITE_UPSERT_SQL = {
  existing: 'SELECT id, credit_code, name, name_norm, oper_name, status, region, established FROM companies WHERE credit_code = ?',
  maxId: 'SELECT coalesce(max(id), 0) AS max FROM companies',
  insert:
    'INSERT INTO companies (id, name, name_norm, credit_code, oper_name, status, region, established) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  update: 'UPDATE companies SET name = ?, name_norm = ?, oper_name = ?, status = ?, region = ?, established = ? WHERE id = ?',
  unindex: 'DELETE FROM companies_bi WHERE rowid = ?',
  index: 'INSERT INTO companies_bi (rowid, g) VALUES (?, ?)',
} as const;

const PG_UPSERT_EXISTING =
  'SELECT id, credit_code, name, name_norm, oper_name, status, region, established FROM companies WHERE credit_code = ANY($1::text[])';
// New companies, their bigrams and the bigram frequencies, from one JSON parameter.
const PG_UPSERT_INSERT =
  'WITH t AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id int, name text, name_norm text, credit_code text, ' +
  'oper_name text, status text, region text, established text, grams text[])), ' +
  'ins AS (INSERT INTO companies (id, name, name_norm, credit_code, oper_name, status, region, established) ' +
  'SELECT id, name, name_norm, credit_code, oper_name, status, region, established FROM t), ' +
  'g AS (SELECT u.gram, t.id FROM t CROSS JOIN LATERAL unnest(t.grams) AS u(gram)), ' +
  'gi AS (INSERT INTO company_grams (gram, id) SELECT gram, id FROM g) ' +
  'INSERT INTO company_gram_df (gram, df) SELECT gram, count(*)::int FROM g GROUP BY gram ' +
  'ON CONFLICT (gram) DO UPDATE SET df = company_gram_df.df + EXCLUDED.df';
const PG_UPSERT_UPDATE =
  'UPDATE companies c SET name = t.name, name_norm = t.name_norm, oper_name = t.oper_name, status = t.status, ' +
  'region = t.region, established = t.established ' +
  'FROM jsonb_to_recordset($1::jsonb) AS t(id int, name text, name_norm text, oper_name text, status text, region text, established text) ' +
  'WHERE c.id = t.id';
// Renamed companies: their old bigrams out of the index and the frequencies (then drop grams no
// name holds any more), the new ones in.
const PG_UPSERT_UNINDEX =
  'WITH d AS (DELETE FROM company_grams WHERE id = ANY($1::int[]) RETURNING gram), ' +
  'n AS (SELECT gram, count(*)::int AS n FROM d GROUP BY gram) ' +
  'UPDATE company_gram_df f SET df = f.df - n.n FROM n WHERE f.gram = n.gram RETURNING f.gram, f.df';
const PG_UPSERT_DROP_GRAMS = 'DELETE FROM company_gram_df WHERE gram = ANY($1::text[]) AND df <= 0';
const PG_UPSERT_REINDEX =
  'WITH g AS (SELECT t.id, u.gram FROM jsonb_to_recordset($1::jsonb) AS t(id int, grams text[]) CROSS JOIN LATERAL unnest(t.grams) AS u(gram)), ' +
  'gi AS (INSERT INTO company_grams (gram, id) SELECT gram, id FROM g) ' +
  'INSERT INTO company_gram_df (gram, df) SELECT gram, count(*)::int FROM g GROUP BY gram ' +
  'ON CONFLICT (gram) DO UPDATE SET df = company_gram_df.df + EXCLUDED.df';

/**
 * Upserts checked rows by credit code inside the caller's transaction `trx` (on SQLite the raw
 * handle shares its one connection): a new code is inserted with the next id and indexed; a known
 * code whose name changed is updated and re-indexed; other changes update the row; the rest is
 * left alone. `rows` must be unique by credit code and in rank order (name length in code
 * points, then code point order of the normalised name), so that a whole import walked in that
 * order numbers new companies the way search expects (see importCompanies).
 */
export async function upsertCompanies(database: AppDatabase, trx: Transaction<Database>, rows: readonly CompanyUpsert[]): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, renamed: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  if (database.kind === 'sqlite') {
    const raw = database.raw;
    const stmt = (text: string) => preparedOn(raw, text);
    const q = {
      existing: stmt(SQLITE_UPSERT_SQL.existing),
      insert: stmt(SQLITE_UPSERT_SQL.insert),
      update: stmt(SQLITE_UPSERT_SQL.update),
      unindex: stmt(SQLITE_UPSERT_SQL.unindex),
      index: stmt(SQLITE_UPSERT_SQL.index),
    };
    const existing = new Map<string, ExistingCompany>();
    for (const row of rows) {
      const old = q.existing.get(row.credit_code) as ExistingCompany | undefined;
      if (old) existing.set(row.credit_code, old);
    }
    const max = Number((stmt(SQLITE_UPSERT_SQL.maxId).get() as { max: number }).max);
    const tree = await gramTreeFor(database, trx, rows.flatMap((r) => [r.name_norm, existing.get(r.credit_code)?.name_norm ?? '']));
    // Names holding each bigram token change with every insert and rename: companies_bi_df must
    // follow, or search would pick its walking bigram by stale counts (decision 022).
    const dfDelta = new Map<string, number>();
    const count = (tokens: string, by: number) => {
      if (tokens !== '') for (const token of new Set(tokens.split(' '))) dfDelta.set(token, (dfDelta.get(token) ?? 0) + by);
    };
    for (const p of planUpserts(rows, existing, max + 1, counts)) {
      const r = p.row;
      if (p.kind === 'insert') {
        q.insert.run(p.id, r.name, r.name_norm, r.credit_code, r.oper_name, r.status ?? '存续', r.region ?? '', r.established);
        const tokens = indexTokens(r.name_norm, tree);
        q.index.run(p.id, tokens);
        count(tokens, 1);
      } else {
        q.update.run(r.name, r.name_norm, r.oper_name, r.status, r.region, r.established, p.id);
        if (p.reindex) {
          q.unindex.run(p.id);
          const tokens = indexTokens(r.name_norm, tree);
          q.index.run(p.id, tokens);
          count(indexTokens(existing.get(r.credit_code)!.name_norm, tree), -1);
          count(tokens, 1);
        }
      }
    }
    const addDf = stmt(SQLITE_DF_ADD);
    for (const [token, by] of dfDelta) if (by !== 0) addDf.run(token, by);
    if ([...dfDelta.values()].some((by) => by < 0)) stmt(SQLITE_DF_DROP_EMPTY).run();
    return counts;
  }

  const exec = <R>(text: string, params: unknown[]) => trx.executeQuery<R>(CompiledQuery.raw(text, params));
  const found = await exec<ExistingCompany>(PG_UPSERT_EXISTING, [rows.map((r) => r.credit_code)]);
  const existing = new Map(found.rows.map((r) => [r.credit_code, r]));
  const max = await exec<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM companies', []);
  const plan = planUpserts(rows, existing, (max.rows[0]?.max ?? 0) + 1, counts);
  const tree = await gramTreeFor(database, trx, rows.map((r) => r.name_norm));
  const inserts = plan.filter((p) => p.kind === 'insert');
  const updates = plan.filter((p) => p.kind === 'update');
  if (inserts.length > 0) {
    const batch = inserts.map(({ id, row: r }) => ({
      id,
      name: r.name,
      name_norm: r.name_norm,
      credit_code: r.credit_code,
      oper_name: r.oper_name,
      status: r.status ?? '存续',
      region: r.region ?? '',
      established: r.established,
      grams: indexGrams(r.name_norm, tree),
    }));
    await exec(PG_UPSERT_INSERT, [JSON.stringify(batch)]);
  }
  if (updates.length > 0) {
    await exec(PG_UPSERT_UPDATE, [JSON.stringify(updates.map(({ id, row }) => ({ id, ...row })))]);
    const reindexed = updates.filter((p) => p.reindex);
    if (reindexed.length > 0) {
      const gone = await exec<{ gram: string; df: number }>(PG_UPSERT_UNINDEX, [reindexed.map((p) => p.id)]);
      const empty = gone.rows.filter((g) => g.df <= 0).map((g) => g.gram);
      await exec(PG_UPSERT_REINDEX, [JSON.stringify(reindexed.map((p) => ({ id: p.id, grams: indexGrams(p.row.name_norm, tree) })))]);
      if (empty.length > 0) await exec(PG_UPSERT_DROP_GRAMS, [empty]);
    }
  }
  return counts;
}

/** A directory of at least this many names gets a gram tree when an import finds none (smaller ones gain little). */
export const TREE_MIN_COMPANIES = 50_000;

/** Whether a gram tree is stored (whether the index carries extension grams). */
export async function hasGramTree(database: AppDatabase): Promise<boolean> {
  const table = TREE_TABLE[database.kind];
  const result = await database.db.executeQuery<{ n: number }>(CompiledQuery.raw(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} LIMIT 1) t`, []));
  return Number(result.rows[0]?.n ?? 0) > 0;
}

const REINDEX_PAGE = 20_000;

/**
 * Builds the gram tree from every name in the directory and re-indexes every name with it
 * (bigrams and extension grams, frequencies recounted), in one transaction: what an import into an
 * empty directory does on the way, for a directory filled another way (npm run companies:import
 * merges by credit code). Holds every normalised name in memory while the tree is built (about
 * 1 GiB at 5,000,000 names). Returns the number of split grams.
 */
export async function rebuildSearchIndex(database: AppDatabase, opts: { splitDf?: number } = {}): Promise<number> {
  const { db } = database;
  const names: string[] = [];
  const ids: number[] = [];
  for (let after = 0; ; ) {
    const page = await db.selectFrom('companies').select(['id', 'name_norm']).where('id', '>', after).orderBy('id').limit(REINDEX_PAGE).execute();
    for (const r of page) {
      ids.push(r.id);
      names.push(r.name_norm);
    }
    if (page.length < REINDEX_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  const tree = buildGramTree(names, opts.splitDf ?? DEFAULT_SPLIT_DF);
  if (database.kind === 'sqlite') {
    const raw = database.raw;
    await db.connection().execute(async (connection) => {
      raw.exec('BEGIN IMMEDIATE');
      try {
        raw.exec("INSERT INTO companies_bi (companies_bi) VALUES ('delete-all')");
        raw.exec('DELETE FROM companies_bi_df');
        await storeGramTree(database, connection, tree);
        const insert = raw.prepare('INSERT INTO companies_bi (rowid, g) VALUES (?, ?)');
        const df = new Map<string, number>();
        names.forEach((name, i) => {
          const tokens = indexTokens(name, tree);
          insert.run(ids[i]!, tokens);
          if (tokens !== '') for (const token of new Set(tokens.split(' '))) df.set(token, (df.get(token) ?? 0) + 1);
        });
        const addDf = raw.prepare(SQLITE_DF_ADD);
        for (const [token, n] of df) addDf.run(token, n);
        raw.exec('COMMIT');
      } catch (err) {
        raw.exec('ROLLBACK');
        throw err;
      }
    });
  } else {
    await db.transaction().execute(async (trx) => {
      const exec = (text: string, params: unknown[] = []) => trx.executeQuery(CompiledQuery.raw(text, params));
      await exec('TRUNCATE company_grams, company_gram_df');
      await storeGramTree(database, trx, tree);
      await exec('ALTER TABLE company_grams DROP CONSTRAINT company_grams_pkey');
      for (let start = 0; start < names.length; start += PG_BATCH) {
        const batch = names.slice(start, start + PG_BATCH).map((name, i) => ({ id: ids[start + i]!, grams: indexGrams(name, tree) }));
        await exec(
          'INSERT INTO company_grams (gram, id) SELECT u.gram, t.id FROM jsonb_to_recordset($1::jsonb) AS t(id int, grams text[]) CROSS JOIN LATERAL unnest(t.grams) AS u(gram)',
          [JSON.stringify(batch)],
        );
      }
      await exec("SET LOCAL maintenance_work_mem = '256MB'");
      await exec('ALTER TABLE company_grams ADD CONSTRAINT company_grams_pkey PRIMARY KEY (gram, id)');
      await exec('INSERT INTO company_gram_df (gram, df) SELECT gram, count(*)::int FROM company_grams GROUP BY gram');
    });
  }
  await optimizeCompanyIndex(database);
  return tree.size;
}

/** After a large import: merge the FTS5 segments and ANALYZE (SQLite), or VACUUM ANALYZE the index tables (PostgreSQL). */
export async function optimizeCompanyIndex(database: AppDatabase): Promise<void> {
  if (database.kind === 'sqlite') {
    await database.db.connection().execute(async () => {
      database.raw.exec("INSERT INTO companies_bi (companies_bi) VALUES ('optimize')");
      database.raw.exec('ANALYZE companies');
    });
    return;
  }
  await database.db.executeQuery(CompiledQuery.raw('VACUUM (ANALYZE) company_grams, company_gram_df', []));
  await database.db.executeQuery(CompiledQuery.raw('ANALYZE companies', []));
}
