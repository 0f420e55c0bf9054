import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';

/**
 * The annual-report pre-check (docs/decisions/023-annual-report-precheck.md):
 * - `annual_report_checks` (owned by the company module): per credit code and report year, the
 *   last definite answer of a source: published (with its date) or not, and when it answered. A
 *   vendor is asked at most once per company and year while the answer is valid;
 * - `orders.precheck_*`: what the order's visitor was shown at creation, and whether they went on.
 */
export function annualReportPrecheck(_kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('annual_report_checks')
        .addColumn('credit_code', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull())
        .addColumn('publish_date', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('annual_report_checks_pkey', ['credit_code', 'year'])
        .execute();
      await db.schema.alterTable('orders').addColumn('precheck_result', 'text').execute();
      await db.schema.alterTable('orders').addColumn('precheck_year', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('precheck_publish_date', 'text').execute();
      await db.schema.alterTable('orders').addColumn('precheck_checked_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('precheck_continued', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['precheck_continued', 'precheck_checked_at', 'precheck_publish_date', 'precheck_year', 'precheck_result']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.dropTable('annual_report_checks').execute();
    },
  };
}
