/**
 * The company directory port (ARCHITECTURE.md#the-providers): where the order form's company
 * suggestions come from. `local` is the embedded index (modules/company); a commercial source
 * such as 企查查 sits behind the same port and only adds to it
 * (docs/decisions/020-company-directory-vendor.md).
 */

/** One suggestion: plain text as stored; the caller escapes and highlights. */
export interface DirectoryCompany {
  name: string;
  credit_code: string;
  oper_name: string;
}

/** One year's annual report as the source knows it (企查查 ApiCode 213). */
export interface AnnualReportSummary {
  year: number;
  /** YYYY-MM-DD, or '' when the source gives no date */
  publishDate: string;
  remarks: string;
  hasDetailInfo: boolean;
}

export type AnnualReportLookup =
  | { kind: 'found'; reports: AnnualReportSummary[] }
  /** the source has nothing for this company and year */
  | { kind: 'none' }
  /** the source cannot answer (local directory, budget spent, vendor error): say nothing */
  | { kind: 'unavailable' };

/** Whether a vendor is being asked, for the log and the console. */
export interface DirectoryVendorState {
  /** ISO time until which the vendor is not asked (breaker open or budget spent); null when it is */
  pausedUntil: string | null;
  /** why: 'budget', the vendor's Status ('102', '122', …), 'timeout' or 'http'; null when not paused */
  pauseReason: string | null;
}

/** What the vendor has cost, for the console's ledger view. */
export interface DirectoryVendorUsage {
  /** the Shanghai calendar day the budget counts */
  today: string;
  dailyBudget: number;
  callsToday: number;
  /** calls per day and status from `days` days back (today included), every status billed */
  ledger: Array<{ day: string; status: string; calls: number }>;
  /** keywords whose vendor answer is cached (a search for them is free) */
  cachedKeywords: number;
}

export interface CompanyDirectory {
  readonly id: 'local' | 'qichacha';
  /** The vendor's state; undefined for the local directory, which has no vendor. */
  vendorState(): DirectoryVendorState | undefined;
  /** The vendor's cost ledger over the last `days` days; undefined for the local directory. */
  vendorUsage(days: number): Promise<DirectoryVendorUsage | undefined>;
  /**
   * Up to `limit` companies whose name contains the keyword, best first. `keyword` is already
   * normalised (normalizeKeyword). Never throws for a vendor's failure: it answers from local data.
   */
  search(keyword: string, limit: number): Promise<DirectoryCompany[]>;
  /** The published annual reports of a company for a year; never throws for a vendor's failure. */
  annualReports(creditCode: string, year: number): Promise<AnnualReportLookup>;
}
