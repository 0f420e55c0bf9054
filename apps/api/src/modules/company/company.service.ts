import { AppError, KEYWORD_MAX_LENGTH, colorName, isValidCreditCode, normalizeKeyword, type CompanySearchItem } from '@kuaibao/domain';
import type { CompanyDirectory } from '../../providers/directory/port.ts';

export interface CompanyService {
  searchCompanies(rawKeyword: string | undefined): Promise<CompanySearchItem[]>;
}

/** `directory`: the configured source (providers/directory); it never fails for a vendor's error. */
export function createCompanyService(deps: { directory: CompanyDirectory }): CompanyService {
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
        }));
    },
  };
}
