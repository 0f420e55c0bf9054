/**
 * The company module's public entry: the order form's company directory (search, the vendor
 * behind it, the annual-report pre-check) and the writers that fill it. Code outside
 * modules/company imports company things from here only.
 */
export { registerCompanyRoutes } from './company.routes.ts';
export { createCompanyService, type CompanyService, type StoredPrecheck } from './company.service.ts';
export {
  createCompanyDirectory,
  type AnnualReportLookup,
  type CompanyDirectory,
  type CompanyDirectoryDeps,
  type DirectoryCompany,
  type DirectoryLogger,
  type DirectoryVendorState,
  type DirectoryVendorUsage,
} from './directory.service.ts';
export { createCompanyRepository, type CompanyRepository, type CompanySearchResult } from './company-search.repository.ts';
export { importCompanies, type CompanyInput, type ImportCompaniesOptions, type ImportResult } from './company-insert.repository.ts';
export { createDirectoryVendorRepository, type DirectoryVendorRepository } from './directory-vendor.repository.ts';
export { createAnnualReportCheckRepository, type AnnualReportCheckRepository, type AnnualReportCheckRow } from './annual-report-checks.repository.ts';
export { importCompanyFile, type CompanyImportOptions, type ImportOutcome, type ImportProgress, type ImportSummary } from './company-import.service.ts';
