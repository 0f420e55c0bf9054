import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import type { ImportedCompany } from '@kuaibao/domain';
import type { AppDatabase, SqliteAppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { gramTreeFor, indexGrams, indexTokens, preparedOn, SQLITE_DF_ADD, SQLITE_DF_DROP_EMPTY } from './company-index.repository.ts';

/**
 * Upsert by credit code, the merge of `npm run companies:import` (docs/decisions/021-company-import.md):
 * a new code is inserted and indexed, a renamed company re-indexed, other changes updated.
 */

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
  if (database.kind === 'sqlite') await upsertOnSqlite(database, trx, rows, counts);
  else await upsertOnPostgres(database, trx, rows, counts);
  return counts;
}

/** SQLite: prepared statements on the raw handle, which shares the transaction's one connection. */
async function upsertOnSqlite(database: SqliteAppDatabase, trx: Transaction<Database>, rows: readonly CompanyUpsert[], counts: UpsertCounts): Promise<void> {
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
}

/** PostgreSQL: JSON-batched statements in the caller's transaction. */
async function upsertOnPostgres(database: AppDatabase, trx: Transaction<Database>, rows: readonly CompanyUpsert[], counts: UpsertCounts): Promise<void> {
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
}
