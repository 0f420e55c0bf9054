import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * `npm run companies:import` (docs/decisions/021-company-import.md):
 * - `companies.established`: the registration date (ISO YYYY-MM-DD), when the source has it;
 * - `company_import_staging`: the checked rows of the file being imported, by line, with the rank
 *   key (length of the normalised name in code points, then the name in code point order:
 *   `COLLATE "C"` on PostgreSQL, SQLite's BINARY) that the merge walks in order;
 * - `company_import_state`: one row, the checkpoint of the import under way, written in the same
 *   transaction as each batch, so an interrupted import resumes where it stopped.
 */
export function companyImport(kind: DatabaseKind): Migration {
  const binary = kind === 'postgres' ? sql` COLLATE "C"` : sql``;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').addColumn('established', 'text').execute();
      // Rows are appended in file order (line = rowid on SQLite): no index while the file is read;
      // the import creates its indexes once reading is done (company-import.repository.ts).
      await sql`CREATE TABLE company_import_staging (
        line integer PRIMARY KEY,
        credit_code text${binary} NOT NULL,
        name text NOT NULL,
        name_norm text${binary} NOT NULL,
        name_len integer NOT NULL,
        oper_name text NOT NULL,
        status text,
        region text,
        established text
      )`.execute(db);
      await sql`CREATE TABLE company_import_state (
        id integer PRIMARY KEY,
        fingerprint text NOT NULL,
        phase text NOT NULL,
        lines_done integer NOT NULL,
        dedupe_after integer NOT NULL,
        rows_read integer NOT NULL,
        staged integer NOT NULL,
        rejected_json text NOT NULL,
        rejects_bytes integer NOT NULL,
        merge_len integer,
        merge_name text,
        merge_code text,
        inserted integer NOT NULL,
        updated integer NOT NULL,
        renamed integer NOT NULL,
        unchanged integer NOT NULL,
        started_at text NOT NULL
      )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('company_import_state').execute();
      await db.schema.dropTable('company_import_staging').execute();
      await db.schema.alterTable('companies').dropColumn('established').execute();
    },
  };
}
