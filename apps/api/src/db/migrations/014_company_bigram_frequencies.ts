import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * SQLite: `companies_bi_df(gram, df)`, the number of names holding each bigram token of
 * `companies_bi`, so that a keyword of 3 or more characters can MATCH its rarest one or two bigrams
 * instead of the phrase of all of them (docs/decisions/022-company-search-at-5m.md). Filled here from
 * the FTS5 vocabulary for the names already indexed; `importCompanies` adds the names it indexes.
 * The counts only steer the choice of bigrams (a missing or stale count costs time, never a match).
 * PostgreSQL already has `company_gram_df` (migration 002).
 */
export function companyBigramFrequencies(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'sqlite') return;
      await sql`CREATE TABLE companies_bi_df (gram TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID`.execute(db);
      await sql`CREATE VIRTUAL TABLE temp.companies_bi_vocab USING fts5vocab(main, companies_bi, 'row')`.execute(db);
      await sql`INSERT INTO companies_bi_df (gram, df) SELECT term, doc FROM temp.companies_bi_vocab`.execute(db);
      await sql`DROP TABLE temp.companies_bi_vocab`.execute(db);
    },
  };
}
