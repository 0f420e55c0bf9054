import type { AnnualReportSummary } from '../../providers/directory/port.ts';
import type { AnnualReportCheckRepository, AnnualReportCheckRow } from './annual-report-checks.repository.ts';

/** What the directory knows of a company's annual report for a year. */
export type AnnualReportLookup =
  | { kind: 'found'; reports: AnnualReportSummary[] }
  /** the source has nothing for this company and year */
  | { kind: 'none' }
  /** the source cannot answer (local directory, budget spent, vendor error): say nothing */
  | { kind: 'unavailable' };

/**
 * How long a stored answer stands (docs/decisions/023-annual-report-precheck.md): "published" is
 * final; "not published" is asked again after this many days, because the company may file (or
 * its filing be published, up to 7 working days later) in the meantime.
 */
export const NOT_PUBLISHED_VALID_DAYS = 7;

/** The stored answer as the port's lookup, or undefined when there is none still valid at `now`. */
export function storedLookup(row: AnnualReportCheckRow | undefined, now: Date): Extract<AnnualReportLookup, { kind: 'found' | 'none' }> | undefined {
  if (!row) return undefined;
  if (row.published) return { kind: 'found', reports: [{ year: row.year, publishDate: row.publishDate, remarks: '', hasDetailInfo: false }] };
  const age = now.getTime() - Date.parse(row.answeredAt);
  return age >= 0 && age < NOT_PUBLISHED_VALID_DAYS * 24 * 3600_000 ? { kind: 'none' } : undefined;
}

/** The stored answer (still valid at `now`) for a company and year, with the time it was given. */
export async function validStoredAnswer(
  store: AnnualReportCheckRepository,
  creditCode: string,
  year: number,
  now: Date,
): Promise<{ lookup: Extract<AnnualReportLookup, { kind: 'found' | 'none' }>; answeredAt: string } | undefined> {
  const row = await store.find(creditCode, year);
  const lookup = storedLookup(row, now);
  return lookup && row ? { lookup, answeredAt: row.answeredAt } : undefined;
}

/** When a year's report was first published (YYYY-MM-DD), or '' when the source gives no date. */
export function firstPublishDate(lookup: Extract<AnnualReportLookup, { kind: 'found' }>): string {
  const dates = lookup.reports.map((r) => r.publishDate).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  return dates[0] ?? '';
}

/** The row to store for a definite answer. */
export function answerRow(creditCode: string, year: number, lookup: Extract<AnnualReportLookup, { kind: 'found' | 'none' }>, source: string, answeredAt: string): AnnualReportCheckRow {
  const published = lookup.kind === 'found';
  return { creditCode, year, published, publishDate: published ? firstPublishDate(lookup) : '', source, answeredAt };
}
