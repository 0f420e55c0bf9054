import type { StatementSync } from 'node:sqlite';
import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import { bigramQuery, bigramsOf, bigramTokens, encodeBigram, isValidCreditCode, normalizeKeyword } from '@kuaibao/domain';
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
// A keyword of 3+ characters does not MATCH the phrase of all its bigrams: FTS5 steps through
// every bigram's doclist, so a phrase with a common bigram costs like that bigram (祥瑞科技有, with
// 科技 in 1M names: 13 ms at 5M) however rare the keyword. It MATCHes the rarest bigram alone when it
// is rare, else the two rarest (AND), by the frequencies in companies_bi_df (0.1–1.5 ms for the
// slowest phrases measured); instr verifies as before. docs/decisions/022-company-search-at-5m.md
const SQLITE_GRAM_DF = 'SELECT gram, df FROM companies_bi_df WHERE gram IN (SELECT value FROM json_each(?))';
const SQLITE_DF_ADD = 'INSERT INTO companies_bi_df (gram, df) VALUES (?, ?) ON CONFLICT (gram) DO UPDATE SET df = df + excluded.df';

// PostgreSQL (docs/decisions/022-company-search-at-5m.md): contains-candidates walk a bigram's
// postings in the (gram, id) primary key, so rows arrive in id order and LIMIT stops early. A
// 2-character keyword is its own bigram: every posting is a match. A longer one first reads its
// bigrams' frequencies (company_gram_df): a bigram missing from the directory means no match; when
// the rarest bigram is rare (≤ WALK_ONE_MAX_DF names) its postings are verified one by one; otherwise
// the two rarest are intersected in the index (two index-only scans, merged or probed, in id order)
// and only names holding both are fetched and verified with strpos. The single walk fetched every
// posting of the rarest bigram: 17 ms at 1M names for 装有限责任 (装有 is in every 服装有限公司; the
// matches are the long 有限责任公司 names, far down the id order); the intersection takes 1.8 ms.
// Contains and prefix candidates come back in one round trip. `~>=~`/`~<~` are the byte-order
// operators of the text_pattern_ops B-tree, i.e. code point order for UTF-8, like SQLite's BINARY
// collation.
const PG_GRAM_DF = 'SELECT gram, df FROM company_gram_df WHERE gram = ANY($1::text[]) ORDER BY df, gram';
// Each posting's name is fetched by a LATERAL subquery with OFFSET 0 (a planning fence), so the
// plan is always "walk the postings, look each name up": given a common gram as a literal, the
// planner otherwise merge-joined with a full companies_pkey scan filtered by strpos, 2.5 s for （有 at
// 5M (0.6 ms with the fence).
const PG_NAME_OF_POSTING = `CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM companies c WHERE c.id = t.id OFFSET 0) c`;
const PG_CONTAINS_ONE =
  `SELECT c.id, c.name, c.name_norm, c.credit_code, c.oper_name, c.status ` +
  `FROM company_grams t ${PG_NAME_OF_POSTING} ` +
  `WHERE t.gram = $1 AND strpos(c.name_norm, $2) > 0 ORDER BY t.id LIMIT $3`;
/** `second`: the placeholder of the second gram */
const pgContainsTwo = (second: string) =>
  `SELECT c.id, c.name, c.name_norm, c.credit_code, c.oper_name, c.status ` +
  `FROM company_grams t JOIN company_grams u ON u.id = t.id AND u.gram = ${second} ${PG_NAME_OF_POSTING} ` +
  `WHERE t.gram = $1 AND strpos(c.name_norm, $2) > 0 ORDER BY t.id LIMIT $3`;
const PG_CONTAINS_TWO = pgContainsTwo('$4');
const PG_PREFIX = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 AND name_norm ~<~ $2 ORDER BY name_norm USING ~<~ LIMIT $3`;
const PG_PREFIX_UNBOUNDED = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 ORDER BY name_norm USING ~<~ LIMIT $2`;
const PG_PREFIX_AFTER = `(SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $2 AND name_norm ~<~ $4 ORDER BY name_norm USING ~<~ LIMIT $5)`;
const PG_BOTH_ONE = `(${PG_CONTAINS_ONE}) UNION ALL ${PG_PREFIX_AFTER}`;
const PG_BOTH_TWO = `(${pgContainsTwo('$6')}) UNION ALL ${PG_PREFIX_AFTER}`;
/** a rarest bigram held by at most this many names is walked alone (at most this many row fetches) */
export const WALK_ONE_MAX_DF = 1000;

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
    const gramDf = raw.prepare(SQLITE_GRAM_DF);
    /** the FTS5 query for a keyword of 2+ characters: its bigram, or its rarest one or two (see SQLITE_GRAM_DF) */
    const matchExpression = (keyword: string): string => {
      const bigrams = bigramsOf(keyword);
      if (bigrams.length <= 1) return bigramQuery(keyword);
      const tokens = bigrams.map(encodeBigram);
      // A bigram missing from the frequencies (written by a path that does not count) counts as rare.
      const df = new Map((gramDf.all(JSON.stringify(tokens)) as Array<{ gram: string; df: number }>).map((r) => [r.gram, r.df]));
      const rarest = tokens.map((t) => ({ t, df: df.get(t) ?? 0 })).sort((a, b) => a.df - b.df || (a.t < b.t ? -1 : 1));
      return rarest[0]!.df <= WALK_ONE_MAX_DF ? `"${rarest[0]!.t}"` : `"${rarest[0]!.t}" AND "${rarest[1]!.t}"`;
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
    candidates = async (keyword) => {
      const upper = prefixUpperBound(keyword);
      const prefixOnly = () =>
        upper === null ? rows(PG_PREFIX_UNBOUNDED, [keyword, PREFIX_CANDIDATES]) : rows(PG_PREFIX, [keyword, upper, PREFIX_CANDIDATES]);
      const bigrams = Array.from(keyword).length >= 2 ? bigramsOf(keyword) : [];
      if (bigrams.length === 0) return prefixOnly();
      // [rarest, second rarest] or [the only bigram]
      let walk: string[] = bigrams;
      if (bigrams.length > 1) {
        const df = (await db.executeQuery<{ gram: string; df: number }>(CompiledQuery.raw(PG_GRAM_DF, [bigrams]))).rows;
        if (df.length < bigrams.length) return prefixOnly(); // a bigram no name holds
        walk = df[0]!.df <= WALK_ONE_MAX_DF ? [df[0]!.gram] : [df[0]!.gram, df[1]!.gram];
      }
      const two = walk.length === 2;
      if (upper === null) {
        const [contains, prefix] = await Promise.all([
          two
            ? rows(PG_CONTAINS_TWO, [walk[0], keyword, FTS_CANDIDATES, walk[1]])
            : rows(PG_CONTAINS_ONE, [walk[0], keyword, FTS_CANDIDATES]),
          rows(PG_PREFIX_UNBOUNDED, [keyword, PREFIX_CANDIDATES]),
        ]);
        return contains.concat(prefix);
      }
      return two
        ? rows(PG_BOTH_TWO, [walk[0], keyword, FTS_CANDIDATES, upper, PREFIX_CANDIDATES, walk[1]])
        : rows(PG_BOTH_ONE, [walk[0], keyword, FTS_CANDIDATES, upper, PREFIX_CANDIDATES]);
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
  let nextId = firstId;
  let inserted = 0;

  if (database.kind === 'sqlite') {
    const raw = database.raw;
    // Hold Kysely's single connection so no other query interleaves with the raw transaction.
    await db.connection().execute(async () => {
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
          const tokens = bigramTokens(c.name_norm);
          insertIndex.run(id, tokens);
          if (tokens !== '') for (const token of new Set(tokens.split(' '))) df.set(token, (df.get(token) ?? 0) + 1);
          nextId++;
          inserted++;
        }
        const addDf = raw.prepare(SQLITE_DF_ADD);
        for (const [token, n] of df) addDf.run(token, n);
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
          grams: bigramsOf(c.name_norm),
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
