import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * Company name search indexes (research/search.md §2, §4). Both index the normalised name
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
 * - `name_bigrams text[]` (= `bigramsOf(name_norm)`) with a GIN index: `name_bigrams @> $kwBigrams`
 *   serves 2-character keywords (which pg_trgm cannot) and longer ones alike; `strpos` verifies.
 *   A stored column rather than an SQL `cjk_bigrams()` expression, so the rule is not written
 *   twice; ANALYZE keeps element statistics on it, which lets the planner pick between the GIN
 *   bitmap and an id-ordered scan for very common bigrams.
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
        await sql`ALTER TABLE companies ADD COLUMN name_bigrams text[] NOT NULL DEFAULT '{}'`.execute(db);
        await sql`CREATE INDEX companies_name_bigrams_gin ON companies USING gin (name_bigrams)`.execute(db);
        await sql`CREATE INDEX companies_name_norm_prefix_idx ON companies (name_norm text_pattern_ops)`.execute(db);
      }
    },
  };
}
