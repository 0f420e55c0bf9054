import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import { bigramsOf, bigramTokens, buildGramTree, DEFAULT_SPLIT_DF, encodeGram, GramTree, keywordGrams } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The company directory's search index, kept up to date: the gram tree
 * (docs/decisions/027-extension-grams.md), what a name is indexed under, the bigram frequencies
 * (decision 022), and the whole-index rebuild and optimisation. The writers
 * (company-insert.repository.ts, company-upsert.repository.ts) index each row through these.
 */

export const SQLITE_DF_ADD = 'INSERT INTO companies_bi_df (gram, df) VALUES (?, ?) ON CONFLICT (gram) DO UPDATE SET df = df + excluded.df';
export const SQLITE_DF_DROP_EMPTY = 'DELETE FROM companies_bi_df WHERE df <= 0';
/** Rows per JSON-batched statement on PostgreSQL. */
export const PG_BATCH = 5000;

/** Statements prepared once per SQLite handle (a batch import calls these functions hundreds of times). */
const preparedStatements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();
export function preparedOn(raw: DatabaseSync, text: string): StatementSync {
  let byText = preparedStatements.get(raw);
  if (!byText) preparedStatements.set(raw, (byText = new Map()));
  let statement = byText.get(text);
  if (!statement) byText.set(text, (statement = raw.prepare(text)));
  return statement;
}

const TREE_TABLE = { sqlite: 'companies_bi_tree', postgres: 'company_gram_tree' } as const;
/** Up to this many distinct probes, a writer looks up only the split grams its names contain; beyond, it reads the whole tree. */
const TREE_PROBE_MAX = 20_000;

export type Executor = Pick<Transaction<Database>, 'executeQuery'>;

/** The stored tree, as far as these names reach it (every split gram that is a substring of one of them), or whole. */
export async function gramTreeFor(database: AppDatabase, executor: Executor, names: readonly string[]): Promise<GramTree> {
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
export async function storeGramTree(database: AppDatabase, executor: Executor, tree: GramTree): Promise<void> {
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
export function indexTokens(nameNorm: string, tree: GramTree): string {
  const bigrams = bigramTokens(nameNorm);
  const extensions = tree.extensionGrams(nameNorm).map(encodeGram).join(' ');
  return extensions === '' ? bigrams : `${bigrams} ${extensions}`;
}

/** PostgreSQL: a name's rows of company_grams, its distinct bigrams and extension grams. */
export function indexGrams(nameNorm: string, tree: GramTree): string[] {
  return bigramsOf(nameNorm).concat(tree.extensionGrams(nameNorm));
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
