import {
  AppError,
  KEYWORD_MAX_LENGTH,
  annualReportYearToCheck,
  colorName,
  isValidCreditCode,
  normalizeKeyword,
  normalizeRegistrationStatus,
  registrationStatusLabel,
  type AnnualReportCheck,
  type RegistrationStatus,
  type CompanySearchItem,
  type OrderPrecheckResult,
} from '@kuaibao/domain';
import { firstPublishDate, validStoredAnswer } from './annual-report-checks.ts';
import type { AnnualReportCheckRepository } from './annual-report-checks.repository.ts';
import type { CompanyDirectory } from './directory.service.ts';

/** What an order records about the pre-check at its creation (decision 023). */
export interface StoredPrecheck {
  result: OrderPrecheckResult;
  year: number;
  publishDate: string;
  /** when the source answered; null when nothing is stored */
  checkedAt: string | null;
}

export interface CompanyService {
  searchCompanies(rawKeyword: string | undefined): Promise<CompanySearchItem[]>;
  /**
   * The annual-report pre-check before paying (docs/product/annual-report-precheck.md): whether
   * the report for the filing year is published. Null when there is nothing to say (no source
   * for this company, the source is down); only a bad credit code is an error.
   */
  checkAnnualReport(rawCreditCode: string | undefined): Promise<AnnualReportCheck>;
  /**
   * What is stored for the order's company now, without asking any source: the order records it
   * at creation. Null when the service is not pre-checked.
   */
  storedPrecheck(creditCode: string, goodsType: string): Promise<StoredPrecheck | null>;
  /**
   * The company's 登记状态 as the server looks it up (the directory, then the vendor), never as a
   * client says it: what an order's refusal rule reads (docs/product/registration-status.md).
   */
  registrationStatus(creditCode: string): Promise<RegistrationStatus>;
}

/** `directory`: the local index and the configured vendor (directory.service.ts); it never fails for a vendor's error. */
export function createCompanyService(deps: { directory: CompanyDirectory; reportChecks: AnnualReportCheckRepository; now: () => Date }): CompanyService {
  return {
    async searchCompanies(rawKeyword) {
      const keyword = normalizeKeyword(rawKeyword ?? '');
      if (!keyword) throw new AppError('KEYWORD_EMPTY');
      if (keyword.length > KEYWORD_MAX_LENGTH) throw new AppError('KEYWORD_TOO_LONG');
      const rows = await deps.directory.search(keyword, 10);
      return rows
        .filter((row) => row.credit_code && isValidCreditCode(row.credit_code))
        .map((row) => ({
          name: row.name,
          merge_name: row.name,
          color_name: colorName(row.name, rawKeyword ?? ''),
          credit_code: row.credit_code,
          oper_name: row.oper_name,
          status: normalizeRegistrationStatus(row.status),
          status_text: normalizeRegistrationStatus(row.status) === 'active' ? '' : registrationStatusLabel(row.status),
        }));
    },

    async checkAnnualReport(rawCreditCode) {
      const creditCode = (rawCreditCode ?? '').trim().toUpperCase();
      if (!isValidCreditCode(creditCode)) throw new AppError('CREDIT_CODE_INVALID');
      const year = annualReportYearToCheck('license_year', deps.now());
      if (year === null) return null;
      const lookup = await deps.directory.annualReports(creditCode, year);
      switch (lookup.kind) {
        case 'found':
          return { published: true, year, publishDate: firstPublishDate(lookup) };
        case 'none':
          return { published: false, year };
        case 'unavailable':
          return null;
      }
    },

    async storedPrecheck(creditCode, goodsType) {
      const now = deps.now();
      const year = annualReportYearToCheck(goodsType, now);
      if (year === null) return null;
      const stored = await validStoredAnswer(deps.reportChecks, creditCode, year, now);
      if (!stored) return { result: 'unavailable', year, publishDate: '', checkedAt: null };
      if (stored.lookup.kind === 'none') return { result: 'not_published', year, publishDate: '', checkedAt: stored.answeredAt };
      return { result: 'published', year, publishDate: firstPublishDate(stored.lookup), checkedAt: stored.answeredAt };
    },

    async registrationStatus(creditCode) {
      return normalizeRegistrationStatus(await deps.directory.registrationStatus(creditCode));
    },
  };
}
