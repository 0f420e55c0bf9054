import type { CompanyRepository } from '../../modules/company/company.repository.ts';
import type { CompanyDirectory } from './port.ts';

/** The embedded directory: the local index only, no outside calls, no annual-report data. */
export function createLocalDirectory(deps: { companies: CompanyRepository }): CompanyDirectory {
  return {
    id: 'local',
    vendorState: () => undefined,
    vendorUsage: async () => undefined,
    async search(keyword, limit) {
      const rows = await deps.companies.search(keyword, limit);
      return rows.map((row) => ({ name: row.name, credit_code: row.credit_code, oper_name: row.oper_name }));
    },
    async annualReports() {
      return { kind: 'unavailable' };
    },
  };
}
