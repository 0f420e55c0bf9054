/**
 * The company-data vendor port (ARCHITECTURE.md#the-providers): a commercial source such as 企查查
 * that the company directory (modules/company) asks when its local index has little to offer
 * (docs/decisions/020-company-directory-vendor.md). An adapter speaks the vendor's protocol and
 * maps its answers to these types; the cache, the daily budget, the circuit breaker and what is
 * stored live in modules/company/directory.service.ts.
 */

/** A company as the vendor returned it: plain text, with a valid credit code (docs/product/validation.md). */
export interface VendorCompany {
  name: string;
  credit_code: string;
  oper_name: string;
  status: string;
  /** the vendor's own id of the company, asked for its annual reports */
  key_no: string;
}

/** One year's annual report as the source knows it (企查查 ApiCode 213). */
export interface AnnualReportSummary {
  year: number;
  /** YYYY-MM-DD, or '' when the source gives no date */
  publishDate: string;
  remarks: string;
  hasDetailInfo: boolean;
}

/**
 * Why the vendor refused a call, in our words (the vendor's own Status stays beside it, for the
 * ledger and the console):
 * - `credentials`: the key is invalid, the IP is not whitelisted or the signature is wrong;
 * - `account`: in arrears, or the quota is used up;
 * - `daily_limit`: the vendor's own daily limit;
 * - `abnormal_traffic`, `concurrency`: the vendor throttles us;
 * - `repeated_query`: the same failing query again, which the vendor asks us not to repeat for 2 hours;
 * - `keyword_rejected`: the keyword is too short for the vendor;
 * - `other`: any other Status.
 */
export type VendorRefusal = 'credentials' | 'account' | 'daily_limit' | 'abnormal_traffic' | 'concurrency' | 'repeated_query' | 'keyword_rejected' | 'other';

export type VendorAnswer<T> =
  | { kind: 'ok'; status: string; result: T }
  /** a definite "nothing" */
  | { kind: 'no_result'; status: string }
  | { kind: 'refused'; status: string; reason: VendorRefusal; message: string }
  /** no usable answer: 'timeout', or 'http' (connection error, non-200, not the vendor's answer) */
  | { kind: 'unreachable'; status: 'timeout' | 'http'; detail: string };

/** The companies of one answer: those kept, and how many the vendor sent without a name or a valid credit code. */
export interface VendorCompanies {
  companies: VendorCompany[];
  dropped: number;
}

export interface DirectoryVendor {
  /** the vendor's name in the ledger, the cache and the companies it brought */
  readonly id: 'qichacha';
  /** Companies whose name contains the normalised keyword, as many as one call brings. Never throws. */
  searchCompanies(keyword: string): Promise<VendorAnswer<VendorCompanies>>;
  /** The annual-report summaries of the company the vendor knows as `keyNo`, every year it has. Never throws. */
  annualReportSummaries(keyNo: string, year: number): Promise<VendorAnswer<AnnualReportSummary[]>>;
}
