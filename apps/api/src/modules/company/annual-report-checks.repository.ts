import type { AppDatabase } from '../../db/database.ts';

/**
 * What a source said about a company's annual report for a year (migration 015,
 * docs/decisions/023-annual-report-precheck.md). Only definite answers are kept.
 */
export interface AnnualReportCheckRow {
  creditCode: string;
  year: number;
  published: boolean;
  /** YYYY-MM-DD, or '' */
  publishDate: string;
  /** 'qichacha', or 'seed' for the demo rows */
  source: string;
  /** ISO time the source answered */
  answeredAt: string;
}

export interface AnnualReportCheckRepository {
  find(creditCode: string, year: number): Promise<AnnualReportCheckRow | undefined>;
  /** Keeps the latest answer for the company and year. */
  save(row: AnnualReportCheckRow): Promise<void>;
  /** Adds rows that are not there yet (the demo seed); an existing answer is left as it is. */
  addMissing(rows: readonly AnnualReportCheckRow[]): Promise<void>;
}

function toColumns(row: AnnualReportCheckRow) {
  return { published: row.published ? 1 : 0, publish_date: row.publishDate, source: row.source, answered_at: row.answeredAt };
}

export function createAnnualReportCheckRepository(database: AppDatabase): AnnualReportCheckRepository {
  const { db } = database;
  return {
    async find(creditCode, year) {
      const row = await db
        .selectFrom('annual_report_checks')
        .select(['credit_code', 'year', 'published', 'publish_date', 'source', 'answered_at'])
        .where('credit_code', '=', creditCode)
        .where('year', '=', year)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        creditCode: row.credit_code,
        year: Number(row.year),
        published: Number(row.published) === 1,
        publishDate: row.publish_date,
        source: row.source,
        answeredAt: row.answered_at,
      };
    },

    async save(row) {
      const values = toColumns(row);
      await db
        .insertInto('annual_report_checks')
        .values({ credit_code: row.creditCode, year: row.year, ...values })
        .onConflict((oc) => oc.columns(['credit_code', 'year']).doUpdateSet(values))
        .execute();
    },

    async addMissing(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('annual_report_checks')
        .values(rows.map((row) => ({ credit_code: row.creditCode, year: row.year, ...toColumns(row) })))
        .onConflict((oc) => oc.columns(['credit_code', 'year']).doNothing())
        .execute();
    },
  };
}
