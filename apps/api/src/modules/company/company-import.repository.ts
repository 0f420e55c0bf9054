import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import type { ImportedCompany } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import type { CompanyImportStateTable, Database } from '../../db/schema.ts';
import { preparedOn } from './company-index.repository.ts';

/**
 * The staging table and the checkpoint of `npm run companies:import`
 * (docs/decisions/021-company-import.md). Writes happen inside the import service's transactions;
 * on SQLite the raw handle shares Kysely's one connection, so its statements are in them too.
 */

export type ImportState = CompanyImportStateTable;

export interface StagedCompany extends ImportedCompany {
  name_len: number;
  line: number;
}

/** A row of the rank order the merge walks: (name_len, name_norm, credit_code). */
export interface RankKey {
  name_len: number;
  name_norm: string;
  credit_code: string;
}

export async function readImportState(database: AppDatabase): Promise<ImportState | undefined> {
  return database.db.selectFrom('company_import_state').selectAll().where('id', '=', 1).executeTakeFirst();
}

const CODE_INDEX = 'company_import_staging_code_idx';
const RANK_INDEX = 'company_import_staging_rank_idx';

async function clearStaging(trx: Transaction<Database>): Promise<void> {
  await trx.schema.dropIndex(CODE_INDEX).ifExists().execute();
  await trx.schema.dropIndex(RANK_INDEX).ifExists().execute();
  await trx.deleteFrom('company_import_staging').execute();
}

/** Starts over: the staging table emptied (and unindexed), the checkpoint replaced. */
export async function resetImport(trx: Transaction<Database>, state: ImportState): Promise<void> {
  await clearStaging(trx);
  await trx.deleteFrom('company_import_state').execute();
  await trx.insertInto('company_import_state').values(state).execute();
}

export async function saveImportState(trx: Transaction<Database>, state: ImportState): Promise<void> {
  const { id, ...rest } = state;
  await trx.updateTable('company_import_state').set(rest).where('id', '=', id).execute();
}

/** The import is over: staging emptied, checkpoint gone. */
export async function finishImport(trx: Transaction<Database>): Promise<void> {
  await clearStaging(trx);
  await trx.deleteFrom('company_import_state').execute();
}

const SQLITE_STAGE =
  'INSERT INTO company_import_staging (line, credit_code, name, name_norm, name_len, oper_name, status, region, established) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
const PG_STAGE =
  'INSERT INTO company_import_staging (line, credit_code, name, name_norm, name_len, oper_name, status, region, established) ' +
  'SELECT line, credit_code, name, name_norm, name_len, oper_name, status, region, established FROM jsonb_to_recordset($1::jsonb) ' +
  'AS t(line int, credit_code text, name text, name_norm text, name_len int, oper_name text, status text, region text, established text)';

/**
 * Appends checked rows in file order. Rows are not indexed while the file is read: an index
 * built once afterwards (a sort) is far cheaper than a random B-tree insert per row and commit.
 */
export async function stageCompanies(database: AppDatabase, trx: Transaction<Database>, rows: readonly StagedCompany[]): Promise<void> {
  if (rows.length === 0) return;
  if (database.kind === 'sqlite') {
    const insert = preparedOn(database.raw, SQLITE_STAGE);
    for (const r of rows) insert.run(r.line, r.credit_code, r.name, r.name_norm, r.name_len, r.oper_name, r.status, r.region, r.established);
    return;
  }
  await trx.executeQuery(CompiledQuery.raw(PG_STAGE, [JSON.stringify(rows)]));
}

/** Reading is done: index the staged rows by credit code, for the duplicate pass. */
export async function indexStagedByCode(trx: Transaction<Database>): Promise<void> {
  await trx.schema.createIndex(CODE_INDEX).ifNotExists().on('company_import_staging').columns(['credit_code', 'line']).execute();
}

/** Duplicates are out: index the staged rows in rank order, for the merge. */
export async function indexStagedByRank(trx: Transaction<Database>): Promise<void> {
  await trx.schema.createIndex(RANK_INDEX).ifNotExists().on('company_import_staging').columns(['name_len', 'name_norm', 'credit_code']).execute();
}

/**
 * The next `limit` staged rows after line `afterLine` whose credit code an earlier line holds,
 * in line order, each with the first line holding it.
 */
export async function readStagedDuplicates(
  database: AppDatabase,
  afterLine: number,
  limit: number,
): Promise<Array<StagedCompany & { first_line: number }>> {
  return database.db
    .selectFrom('company_import_staging as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('company_import_staging as f')
        .select((f) => f.fn.min<number>('f.line').as('m'))
        .whereRef('f.credit_code', '=', 's.credit_code')
        .as('first_line'),
    )
    .where('s.line', '>', afterLine)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_import_staging as f')
          .select('f.line')
          .whereRef('f.credit_code', '=', 's.credit_code')
          .whereRef('f.line', '<', 's.line'),
      ),
    )
    .orderBy('s.line')
    .limit(limit)
    .execute() as Promise<Array<StagedCompany & { first_line: number }>>;
}

export async function deleteStaged(trx: Transaction<Database>, lines: readonly number[]): Promise<void> {
  if (lines.length > 0) await trx.deleteFrom('company_import_staging').where('line', 'in', lines).execute();
}

/** The next `limit` staged rows after `after` in rank order (keyset pagination). */
export async function readStagedBatch(database: AppDatabase, after: RankKey | null, limit: number): Promise<StagedCompany[]> {
  let query = database.db
    .selectFrom('company_import_staging')
    .selectAll()
    .orderBy('name_len')
    .orderBy('name_norm')
    .orderBy('credit_code')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('name_len', 'name_norm', 'credit_code'), '>', eb.tuple(after.name_len, after.name_norm, after.credit_code)),
    );
  }
  return query.execute();
}
