import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * Company name search indexes (docs/product/company-search.md). Both index the normalised name
 * (`normalizeKeyword(name)` from @kuaibao/domain) and are filled by the application from the
 * domain's bigram functions, so the tokenising rule exists once, in TypeScript.
 *
 * SQLite:
 * - `companies_bi`: contentless FTS5 table over pre-computed bigram tokens (`bigramTokens`),
 *   rowid = companies.id. A phrase of the keyword's bigrams is a substring match for every
 *   keyword of 2+ characters; contentless_delete=1 allows DELETE/UPDATE by rowid.
 * - B-tree on name_norm for prefix candidates (and 1-character keywords).
 *
 * PostgreSQL:
 * - `company_grams(gram, id)` with PRIMARY KEY (gram, id): one row per distinct bigram of each
 *   name (`bigramsOf`), and `company_gram_df(gram, df)`, the number of names holding it. A search
 *   walks the keyword's rarest bigram in id order (an index-only scan that can stop after the
 *   first matches) and verifies with strpos. This is the research's flat-latency variant: a GIN
 *   (array or pg_trgm) cannot return matches in id order, so "the first 50 by id" costs a sort of
 *   every match, and for bigrams such as 专业 (20k names, mostly long, i.e. high ids) the planner
 *   picks an id-order scan with a filter that reads most of the table (measured: 150–400 ms at
 *   1M names). The price is disk: roughly 12 gram rows per name.
 * - B-tree `name_norm text_pattern_ops` for prefix candidates (byte-order range scan).
 * - pg_trgm itself is created and checked at connect time (../database.ts).
 */
export function companySearch(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') {
        await sql`CREATE INDEX companies_name_norm_idx ON companies (name_norm)`.execute(db);
        await sql`CREATE VIRTUAL TABLE companies_bi USING fts5(g, content='', contentless_delete=1, tokenize='ascii')`.execute(db);
      } else {
        await sql`CREATE INDEX companies_name_norm_prefix_idx ON companies (name_norm text_pattern_ops)`.execute(db);
        await sql`CREATE TABLE company_grams (gram text NOT NULL, id integer NOT NULL, CONSTRAINT company_grams_pkey PRIMARY KEY (gram, id))`.execute(db);
        await sql`CREATE TABLE company_gram_df (gram text PRIMARY KEY, df integer NOT NULL)`.execute(db);
      }
    },
  };
}
