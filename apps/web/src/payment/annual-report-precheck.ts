import { annualReportYearToCheck, type AnnualReportCheck } from '@kuaibao/domain';
import { api } from '../api/index.ts';
import { useRequest } from '../common/use-request.ts';

/**
 * The annual-report pre-check before paying (docs/product/annual-report-precheck.md). Here, not
 * in api/endpoints.ts: only the lazily loaded pay page and dialog use it, so the home route does
 * not carry it (decision 011).
 */
export const fetchAnnualReportCheck = (creditCode: string, signal: AbortSignal) =>
  api().get<AnnualReportCheck>('/api/h5/company/annual-report-check', { credit_code: creditCode }, { loading: false, toast: false, signal });

/** `year` and `publishDate` (YYYY-MM-DD or '') of a published report. */
export type PublishedAnnualReport = Extract<NonNullable<AnnualReportCheck>, { published: true }>;

/**
 * The source's answer for the company's report of the filing year: published, not published, or
 * null (nothing to say, no answer yet, the source down or the call failed). Payment never waits
 * for it. The answer object itself, so it keeps its identity across renders.
 */
export function useAnnualReportCheck(creditCode: string | undefined, goodsType: string | undefined, now: Date): AnnualReportCheck {
  const applies = !!creditCode && !!goodsType && annualReportYearToCheck(goodsType, now) !== null;
  const { data } = useRequest(applies ? `annual-report:${creditCode}` : null, (signal) => fetchAnnualReportCheck(creditCode!, signal));
  return data ?? null;
}

/** The company's report for the filing year when the source says it is published; null otherwise. */
export function usePublishedAnnualReport(creditCode: string | undefined, goodsType: string | undefined, now: Date): PublishedAnnualReport | null {
  const data = useAnnualReportCheck(creditCode, goodsType, now);
  return data && data.published ? data : null;
}
