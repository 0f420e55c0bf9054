import { validStoredAnswer } from '../../modules/company/annual-report-checks.ts';
import type { AnnualReportCheckRepository } from '../../modules/company/annual-report-checks.repository.ts';
import type { CompanyRepository } from '../../modules/company/company.repository.ts';
import type { CompanyDirectory } from './port.ts';

/**
 * The embedded directory: the local index only, no outside calls. It answers the annual-report
 * pre-check only from what is stored for that company and year (a vendor's earlier answer, or the
 * demo seed), otherwise 'unavailable' (docs/decisions/023-annual-report-precheck.md).
 */
export function createLocalDirectory(deps: { companies: CompanyRepository; reportChecks: AnnualReportCheckRepository; now: () => Date }): CompanyDirectory {
  return {
    id: 'local',
    vendorState: () => undefined,
    vendorUsage: async () => undefined,
    async search(keyword, limit) {
      const rows = await deps.companies.search(keyword, limit);
      return rows.map((row) => ({ name: row.name, credit_code: row.credit_code, oper_name: row.oper_name }));
    },
    async annualReports(creditCode, year) {
      const stored = await validStoredAnswer(deps.reportChecks, creditCode, year, deps.now());
      return stored ? stored.lookup : { kind: 'unavailable' };
    },
  };
}
