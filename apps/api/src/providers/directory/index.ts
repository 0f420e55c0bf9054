import type { DirectoryConfig } from '../../config.ts';
import type { AnnualReportCheckRepository } from '../../modules/company/annual-report-checks.repository.ts';
import type { CompanyRepository } from '../../modules/company/company.repository.ts';
import type { DirectoryVendorRepository } from '../../modules/company/directory-vendor.repository.ts';
import { createLocalDirectory } from './local.provider.ts';
import type { CompanyDirectory } from './port.ts';
import { createQichachaDirectory, type DirectoryLogger } from './qichacha.provider.ts';
import { createQichachaWire } from './qichacha.wire.ts';

export type { AnnualReportLookup, AnnualReportSummary, CompanyDirectory, DirectoryCompany } from './port.ts';

/** The configured company directory (config.ts has already refused unknown names and missing keys). */
export function buildCompanyDirectory(
  config: DirectoryConfig,
  deps: { companies: CompanyRepository; vendorStore: DirectoryVendorRepository; reportChecks: AnnualReportCheckRepository; now: () => Date; log: DirectoryLogger },
): CompanyDirectory {
  switch (config.provider) {
    case 'qichacha': {
      const q = config.qichacha!;
      return createQichachaDirectory({
        wire: createQichachaWire({ key: q.key, secretKey: q.secretKey, baseUrl: q.baseUrl, timeoutMs: q.timeoutMs }, deps.now),
        companies: deps.companies,
        store: deps.vendorStore,
        reportChecks: deps.reportChecks,
        dailyBudget: q.dailyBudget,
        cacheHours: q.cacheHours,
        now: deps.now,
        log: deps.log,
      });
    }
    case 'local':
      return createLocalDirectory({ companies: deps.companies, reportChecks: deps.reportChecks, now: deps.now });
  }
}
