import { CompiledQuery } from 'kysely';
import { bigramQuery, bigramsOf, bigramTokens, isValidCreditCode, normalizeKeyword } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import { CITIES, PROVINCES } from '../../seed/regions.ts';

/**
 * The company directory: typeahead search over ~1M names (research/search.md §2, architecture §7)
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
 *   dropped (architecture §8).
 * The keyword is always a bound parameter, including the FTS5 phrase; SQL texts are constants.
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

const SQLITE_CONTAINS =
  'SELECT c.id, c.name, c.name_norm, c.credit_code, c.oper_name, c.status ' +
  'FROM companies_bi b JOIN companies c ON c.id = b.rowid ' +
  'WHERE companies_bi MATCH ? AND instr(c.name_norm, ?) > 0 ' +
  'ORDER BY b.rowid LIMIT ?';
const SQLITE_PREFIX = `SELECT ${COLUMNS} FROM companies WHERE name_norm >= ? AND name_norm < ? ORDER BY name_norm LIMIT ?`;
const SQLITE_PREFIX_UNBOUNDED = `SELECT ${COLUMNS} FROM companies WHERE name_norm >= ? ORDER BY name_norm LIMIT ?`;

// PostgreSQL: both candidate sets in one round trip. `~>=~`/`~<~` are the byte-order operators of
// the text_pattern_ops B-tree, i.e. code point order for UTF-8, like SQLite's BINARY collation.
const PG_CONTAINS = `SELECT ${COLUMNS} FROM companies WHERE name_bigrams @> $1::text[] AND strpos(name_norm, $2) > 0 ORDER BY id LIMIT $3`;
const PG_PREFIX = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 AND name_norm ~<~ $2 ORDER BY name_norm USING ~<~ LIMIT $3`;
const PG_PREFIX_UNBOUNDED = `SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $1 ORDER BY name_norm USING ~<~ LIMIT $2`;
const PG_BOTH =
  `(${PG_CONTAINS}) UNION ALL ` +
  `(SELECT ${COLUMNS} FROM companies WHERE name_norm ~>=~ $2 AND name_norm ~<~ $4 ORDER BY name_norm USING ~<~ LIMIT $5)`;

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

export function createCompanyRepository(database: AppDatabase): CompanyRepository {
  const { db } = database;

  async function rows(sqlText: string, params: unknown[]): Promise<CompanyCandidate[]> {
    const result = await db.executeQuery(CompiledQuery.raw(sqlText, params));
    return result.rows as CompanyCandidate[];
  }

  async function candidates(keyword: string): Promise<CompanyCandidate[]> {
    const upper = prefixUpperBound(keyword);
    const phrase = Array.from(keyword).length >= 2 ? bigramQuery(keyword) : '';
    if (database.kind === 'sqlite') {
      const prefix =
        upper === null
          ? rows(SQLITE_PREFIX_UNBOUNDED, [keyword, PREFIX_CANDIDATES])
          : rows(SQLITE_PREFIX, [keyword, upper, PREFIX_CANDIDATES]);
      if (phrase === '') return prefix;
      const [contains, prefixRows] = await Promise.all([rows(SQLITE_CONTAINS, [phrase, keyword, FTS_CANDIDATES]), prefix]);
      return contains.concat(prefixRows);
    }
    if (phrase === '' || upper === null) {
      const prefix =
        upper === null
          ? rows(PG_PREFIX_UNBOUNDED, [keyword, PREFIX_CANDIDATES])
          : rows(PG_PREFIX, [keyword, upper, PREFIX_CANDIDATES]);
      if (phrase === '') return prefix;
      const [contains, prefixRows] = await Promise.all([rows(PG_CONTAINS, [bigramsOf(keyword), keyword, FTS_CANDIDATES]), prefix]);
      return contains.concat(prefixRows);
    }
    return rows(PG_BOTH, [bigramsOf(keyword), keyword, FTS_CANDIDATES, upper, PREFIX_CANDIDATES]);
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
  opts: { optimize?: boolean } = {},
): Promise<ImportResult> {
  const prepared = input.map((c) => ({ ...c, name_norm: normalizeKeyword(c.name), len: 0 }));
  for (const p of prepared) p.len = codePointLength(p.name_norm);
  prepared.sort((a, b) => a.len - b.len || compareCodePoints(a.name_norm, b.name_norm));

  const { db } = database;
  const max = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const firstId = Number(max?.max ?? 0) + 1;
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
      raw.exec('BEGIN IMMEDIATE');
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
          insertIndex.run(id, bigramTokens(c.name_norm));
          nextId++;
          inserted++;
        }
        raw.exec('COMMIT');
      } catch (err) {
        raw.exec('ROLLBACK');
        throw err;
      }
      if (opts.optimize !== false && inserted > 0) {
        raw.exec("INSERT INTO companies_bi (companies_bi) VALUES ('optimize')");
        raw.exec('ANALYZE companies');
      }
    });
  } else {
    const sqlText =
      'INSERT INTO companies (id, name, name_norm, credit_code, oper_name, status, region, name_bigrams) ' +
      'SELECT id, name, name_norm, credit_code, oper_name, status, region, name_bigrams ' +
      'FROM jsonb_to_recordset($1::jsonb) AS t(id int, name text, name_norm text, credit_code text, oper_name text, status text, region text, name_bigrams text[]) ' +
      'ON CONFLICT (credit_code) DO NOTHING RETURNING id';
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < prepared.length; start += PG_BATCH) {
        const batch = prepared.slice(start, start + PG_BATCH).map((c) => ({
          id: nextId++,
          name: c.name,
          name_norm: c.name_norm,
          credit_code: c.credit_code,
          oper_name: c.oper_name ?? '',
          status: c.status ?? '存续',
          region: c.region ?? '',
          name_bigrams: bigramsOf(c.name_norm),
        }));
        const result = await trx.executeQuery(CompiledQuery.raw(sqlText, [JSON.stringify(batch)]));
        inserted += result.rows.length;
      }
    });
    if (opts.optimize !== false && inserted > 0) {
      await db.executeQuery(CompiledQuery.raw("SELECT gin_clean_pending_list('companies_name_bigrams_gin'::regclass)", []));
      await db.executeQuery(CompiledQuery.raw('ANALYZE companies', []));
    }
  }

  return { inserted, skipped: prepared.length - inserted, firstId, lastId: nextId - 1 };
}
