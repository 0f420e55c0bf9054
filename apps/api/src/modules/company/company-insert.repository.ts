import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import { buildGramTree, codePointLength, compareCodePoints, DEFAULT_SPLIT_DF, normalizeKeyword, type GramTree } from '@kuaibao/domain';
import type { AppDatabase, SqliteAppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { gramTreeFor, indexGrams, indexTokens, optimizeCompanyIndex, PG_BATCH, SQLITE_DF_ADD, storeGramTree } from './company-index.repository.ts';

/**
 * Adding new companies to the directory and its search index, fast: the seed, the benchmark and
 * the companies a vendor returns. (`npm run companies:import` merges by credit code instead:
 * company-upsert.repository.ts.)
 */

export interface CompanyInput {
  name: string;
  credit_code: string | null;
  oper_name?: string;
  status?: string;
  region?: string;
}

export interface ImportResult {
  inserted: number;
  /** rows skipped because their credit code is already in the directory */
  skipped: number;
  firstId: number;
  lastId: number;
}

export interface ImportCompaniesOptions {
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
}

type Prepared = CompanyInput & { name_norm: string; len: number };

/** What one load does: its rows in rank order, the first id, bulk or not, and the tree to build (null: use the stored one). */
interface Load {
  rows: Prepared[];
  firstId: number;
  bulk: boolean;
  newTree: GramTree | null;
  optimize: boolean;
}

/** The rows with their normalised names, in rank order (shorter normalised name first, then code point order). */
function inRankOrder(input: readonly CompanyInput[]): Prepared[] {
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
  return prepared;
}

/**
 * Adds companies to the directory and to the search index, fast (one transaction; prepared
 * statements on the raw node:sqlite handle, or JSON-batched INSERT … SELECT on PostgreSQL).
 *
 * Ids continue after the current maximum and are assigned to this batch in rank order (shorter
 * normalised name first, then code point order), which is what lets search take "the first N
 * matches by id". Rows added by a later import sort after earlier ones until the directory is
 * re-imported. A row whose credit code already exists is skipped.
 */
export async function importCompanies(database: AppDatabase, input: readonly CompanyInput[], opts: ImportCompaniesOptions = {}): Promise<ImportResult> {
  const rows = inRankOrder(input);
  const max = await database.db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const firstId = Number(max?.max ?? 0) + 1;
  const bulk = opts.bulk ?? (firstId === 1 && rows.length > 50_000);
  const newTree = firstId === 1 && (bulk || opts.splitDf !== undefined) ? buildGramTree(rows.map((p) => p.name_norm), opts.splitDf ?? DEFAULT_SPLIT_DF) : null;
  const load: Load = { rows, firstId, bulk, newTree, optimize: opts.optimize !== false };
  const { inserted, nextId } = database.kind === 'sqlite' ? await insertOnSqlite(database, load) : await insertOnPostgres(database, load);
  return { inserted, skipped: rows.length - inserted, firstId, lastId: nextId - 1 };
}

/** What a load did: the rows inserted, and the id after the last one it gave out. */
interface Loaded {
  inserted: number;
  nextId: number;
}

/** SQLite: prepared statements on the raw handle, in one transaction; ids only for the rows inserted. */
async function insertOnSqlite(database: SqliteAppDatabase, load: Load): Promise<Loaded> {
  const { raw, db } = database;
  const { rows, bulk, newTree } = load;
  let nextId = load.firstId;
  // Hold Kysely's single connection so no other query interleaves with the raw transaction.
  await db.connection().execute(async (connection) => {
    const tree = newTree ?? (await gramTreeFor(database, connection, rows.map((p) => p.name_norm)));
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
      for (const c of rows) {
        const id = nextId;
        const { changes } = insertCompany.run(id, c.name, c.name_norm, c.credit_code, c.oper_name ?? '', c.status ?? '存续', c.region ?? '');
        if (Number(changes) === 0) continue;
        const tokens = indexTokens(c.name_norm, tree);
        insertIndex.run(id, tokens);
        if (tokens !== '') for (const token of new Set(tokens.split(' '))) df.set(token, (df.get(token) ?? 0) + 1);
        nextId++;
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
    if (load.optimize && nextId > load.firstId) {
      raw.exec("INSERT INTO companies_bi (companies_bi) VALUES ('optimize')");
      raw.exec('ANALYZE companies');
    }
  });
  return { inserted: nextId - load.firstId, nextId };
}

/**
 * One statement per batch: the companies that do not conflict, their bigram rows and (unless
 * bulk) the bigram document frequencies, all from one JSON parameter. Bulk: the gram primary key
 * and the document frequencies are built once at the end (a sort, a GROUP BY) instead of ~12
 * random B-tree inserts and upserts per company.
 */
function pgInsertBatchSql(bulk: boolean): string {
  return (
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
    'SELECT count(*)::int AS inserted FROM ins'
  );
}

/** PostgreSQL: JSON-batched INSERT … SELECT in one transaction; every row is given an id, a skipped one leaves a gap. */
async function insertOnPostgres(database: AppDatabase, load: Load): Promise<Loaded> {
  const { rows, bulk, newTree } = load;
  const sqlText = pgInsertBatchSql(bulk);
  const exec = (trx: Transaction<Database>, text: string, params: unknown[] = []) => trx.executeQuery<{ inserted: number }>(CompiledQuery.raw(text, params));
  let nextId = load.firstId;
  let inserted = 0;
  await database.db.transaction().execute(async (trx) => {
    const tree = newTree ?? (await gramTreeFor(database, trx, rows.map((p) => p.name_norm)));
    if (newTree) await storeGramTree(database, trx, newTree);
    if (bulk) await exec(trx, 'ALTER TABLE company_grams DROP CONSTRAINT company_grams_pkey');
    for (let start = 0; start < rows.length; start += PG_BATCH) {
      const batch = rows.slice(start, start + PG_BATCH).map((c) => ({
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
  // VACUUM sets the visibility map, so the gram walk is an index-only scan (no heap fetches),
  // and clears the dead versions the frequency upserts leave behind.
  if (load.optimize && inserted > 0) await optimizeCompanyIndex(database);
  return { inserted, nextId };
}
