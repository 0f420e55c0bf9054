import type { StatementSync } from 'node:sqlite';
import { CompiledQuery } from 'kysely';
import { encodeGram, isValidCreditCode, keywordGrams, MAX_MERGED_LEAVES, planContainsSearch, rankCompanies } from '@kuaibao/domain';
import type { AppDatabase, SqliteAppDatabase } from '../../db/database.ts';

/**
 * The company directory's search: typeahead over ~1M names (docs/product/company-search.md).
 * The index it reads is kept by company-index.repository.ts and filled by
 * company-insert.repository.ts and company-upsert.repository.ts.
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
  /** 登记状态 as stored (the registry's or the vendor's words) */
  status: string;
}

export interface CompanyCandidate {
  id: number;
  name: string;
  name_norm: string;
  credit_code: string | null;
  oper_name: string;
  status: string;
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

/** Contains- and prefix-candidates for a normalised, non-empty keyword (unranked, unverified by credit code). */
type CandidateSource = (keyword: string) => Promise<CompanyCandidate[]>;

/** SQLite: one statement on the raw node:sqlite handle for both candidate sets. */
function sqliteCandidates(database: SqliteAppDatabase): CandidateSource {
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
  return async (keyword) => {
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
}

/** PostgreSQL: the plan's contains query, then (one round trip) with the prefix candidates. */
function postgresCandidates(database: AppDatabase): CandidateSource {
  const { db } = database;
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
  return async (keyword) => {
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

export function createCompanyRepository(database: AppDatabase): CompanyRepository {
  const { db } = database;
  const candidates = database.kind === 'sqlite' ? sqliteCandidates(database) : postgresCandidates(database);

  return {
    async search(keyword, limit = 10) {
      // No stored name contains NUL, and PostgreSQL rejects it in text parameters.
      if (keyword === '' || limit <= 0 || keyword.includes('\u0000')) return [];
      const ranked = rankCompanies(keyword, await candidates(keyword));
      const out: CompanySearchResult[] = [];
      for (const c of ranked) {
        if (c.credit_code === null || !isValidCreditCode(c.credit_code)) continue;
        out.push({ id: c.id, name: c.name, credit_code: c.credit_code, oper_name: c.oper_name, status: c.status });
        if (out.length >= limit) break;
      }
      return out;
    },

    async findByCreditCode(creditCode) {
      const row = await db
        .selectFrom('companies')
        .select(['id', 'name', 'credit_code', 'oper_name', 'status'])
        .where('credit_code', '=', creditCode)
        .executeTakeFirst();
      if (!row || row.credit_code === null) return undefined;
      return { id: row.id, name: row.name, credit_code: row.credit_code, oper_name: row.oper_name, status: row.status };
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
