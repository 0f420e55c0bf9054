import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import type { ImportedCompany } from '@kuaibao/domain';
import type { AppDatabase } from '../../db/database.ts';
import type { CompanyImportStateTable, Database } from '../../db/schema.ts';

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

/** Starts over: the staging table emptied, the checkpoint replaced. */
export async function resetImport(trx: Transaction<Database>, state: ImportState): Promise<void> {
  await trx.deleteFrom('company_import_staging').execute();
  await trx.deleteFrom('company_import_state').execute();
  await trx.insertInto('company_import_state').values(state).execute();
}

export async function saveImportState(trx: Transaction<Database>, state: ImportState): Promise<void> {
  const { id, ...rest } = state;
  await trx.updateTable('company_import_state').set(rest).where('id', '=', id).execute();
}

/** The import is over: staging emptied, checkpoint gone. */
export async function finishImport(trx: Transaction<Database>): Promise<void> {
  await trx.deleteFrom('company_import_staging').execute();
  await trx.deleteFrom('company_import_state').execute();
}

const SQLITE_STAGE =
  'INSERT INTO company_import_staging (credit_code, name, name_norm, name_len, oper_name, status, region, established, line) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credit_code) DO NOTHING';
const SQLITE_STAGED_LINE = 'SELECT line FROM company_import_staging WHERE credit_code = ?';
const PG_STAGE =
  'INSERT INTO company_import_staging (credit_code, name, name_norm, name_len, oper_name, status, region, established, line) ' +
  'SELECT credit_code, name, name_norm, name_len, oper_name, status, region, established, line FROM jsonb_to_recordset($1::jsonb) ' +
  'AS t(credit_code text, name text, name_norm text, name_len int, oper_name text, status text, region text, established text, line int) ' +
  'ON CONFLICT (credit_code) DO NOTHING RETURNING credit_code';
const PG_STAGED_LINES = 'SELECT credit_code, line FROM company_import_staging WHERE credit_code = ANY($1::text[])';

/**
 * Stages rows (unique by credit code within `rows`); returns, for each row whose code an earlier
 * batch already staged, its index in `rows` and the line that holds the code.
 */
export async function stageCompanies(
  database: AppDatabase,
  trx: Transaction<Database>,
  rows: readonly StagedCompany[],
): Promise<Array<{ index: number; firstLine: number }>> {
  const duplicates: Array<{ index: number; firstLine: number }> = [];
  if (rows.length === 0) return duplicates;
  if (database.kind === 'sqlite') {
    const insert = database.raw.prepare(SQLITE_STAGE);
    const lineOf = database.raw.prepare(SQLITE_STAGED_LINE);
    rows.forEach((r, index) => {
      const { changes } = insert.run(r.credit_code, r.name, r.name_norm, r.name_len, r.oper_name, r.status, r.region, r.established, r.line);
      if (Number(changes) === 0) duplicates.push({ index, firstLine: Number((lineOf.get(r.credit_code) as { line: number }).line) });
    });
    return duplicates;
  }
  const inserted = await trx.executeQuery<{ credit_code: string }>(CompiledQuery.raw(PG_STAGE, [JSON.stringify(rows)]));
  if (inserted.rows.length === rows.length) return duplicates;
  const fresh = new Set(inserted.rows.map((r) => r.credit_code));
  const dup = rows.map((r, index) => ({ r, index })).filter(({ r }) => !fresh.has(r.credit_code));
  const lines = await trx.executeQuery<{ credit_code: string; line: number }>(
    CompiledQuery.raw(PG_STAGED_LINES, [dup.map(({ r }) => r.credit_code)]),
  );
  const lineOf = new Map(lines.rows.map((r) => [r.credit_code, r.line]));
  for (const { r, index } of dup) duplicates.push({ index, firstLine: lineOf.get(r.credit_code) ?? 0 });
  return duplicates;
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

export async function countStaged(database: AppDatabase): Promise<number> {
  const row = await database.db
    .selectFrom('company_import_staging')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A bigger page cache for this connection while a large file is staged and merged (SQLite). */
export function widenImportCache(database: AppDatabase): void {
  if (database.kind === 'sqlite') database.raw.exec('PRAGMA cache_size = -262144');
}
