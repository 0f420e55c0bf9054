import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * The gram tree of company search (docs/decisions/027-extension-grams.md): the split grams, those
 * held by so many names that the index also carries their extensions, with the number of
 * positions that held each when the tree was built (search plans by it). Empty until a bulk import
 * into an empty directory builds it, and then the tree every indexed name was tokenised with.
 *
 * SQLite: `companies_bi_tree(gram)`; the extension grams are more tokens of `companies_bi`, with
 * their counts in `companies_bi_df` beside the bigrams'.
 * PostgreSQL: `company_gram_tree(gram)`; the extension grams are more rows of `company_grams` and
 * `company_gram_df`, whose new byte-order index finds the leaves that start with a keyword.
 */
export function companyGramTree(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') {
        await sql`CREATE TABLE companies_bi_tree (gram TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID`.execute(db);
      } else {
        await sql`CREATE TABLE company_gram_tree (gram text PRIMARY KEY, count integer NOT NULL)`.execute(db);
        await sql`CREATE INDEX company_gram_df_prefix_idx ON company_gram_df (gram text_pattern_ops)`.execute(db);
      }
    },
  };
}
