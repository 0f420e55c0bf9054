import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from '../database.ts';
import { initial } from './001_initial.ts';
import { companySearch } from './002_company_search.ts';
import { orderPublicIdAndSandbox } from './003_order_public_id_and_sandbox.ts';
import { payments } from './005_payments.ts';
import { consoleTables } from './006_console.ts';
import { accounts } from './007_accounts.ts';
import { requestNonces } from './008_request_nonces.ts';
import { staffSignIn } from './011_staff_sign_in.ts';
import { companyDirectoryVendor } from './012_company_directory_vendor.ts';
import { companyImport } from './013_company_import.ts';
import { companyBigramFrequencies } from './014_company_bigram_frequencies.ts';
import { annualReportPrecheck } from './015_annual_report_precheck.ts';
import { companyGramTree } from './016_company_gram_tree.ts';
import { retention } from './017_retention.ts';
import { orderLookupIndexes } from './018_order_lookup_indexes.ts';
import { agreementsAndAuthorizations } from './019_agreements_and_authorizations.ts';
import { deletionRequests } from './020_deletion_requests.ts';
import { partialRefunds } from './035_partial_refunds.ts';
import { reconciliationAndComplaints } from './022_reconciliation_and_complaints.ts';
import { customerInOnePlace } from './024_customer_in_one_place.ts';
import { firstCall } from './025_first_call.ts';
import { savedFilters } from './026_saved_filters.ts';
import { complaintRefundProgress } from './027_complaint_refund_progress.ts';
import { orderCreditRecord } from './029_order_credit_record.ts';
import { lookupCodes } from './030_lookup_codes.ts';
import { idNumberConsent } from './031_id_number_consent.ts';
import { auditStaffActionIndex } from './032_audit_staff_action_index.ts';
import { consoleActionSafeguards } from './033_console_action_safeguards.ts';
import { complaintOrderAndDeadline } from './034_complaint_order_and_deadline.ts';
import { financeAndSupervisorRoles } from './036_finance_and_supervisor_roles.ts';
import { pricesPerCustomerKindAndChannel } from './037_prices_per_customer_kind_and_channel.ts';
import { invoices } from './038_invoices.ts';
import { billLinesAndFees } from './039_bill_lines_and_fees.ts';
import { templatesAndCustomerFiles } from './040_templates_and_customer_files.ts';
import { invoicePlatform } from './041_invoice_platform.ts';
import { seasonReminders } from './042_season_reminders.ts';

/**
 * Every migration, in order. Names are permanent (they are recorded in kysely_migration); add new
 * ones with the next number and never rename or edit an applied one.
 */
export function getMigrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001_initial': initial(kind),
    '002_company_search': companySearch(kind),
    '003_order_public_id_and_sandbox': orderPublicIdAndSandbox(kind),
    '005_payments': payments(kind),
    '006_console': consoleTables(kind),
    '007_accounts': accounts(kind),
    '008_request_nonces': requestNonces(kind),
    '011_staff_sign_in': staffSignIn(kind),
    '012_company_directory_vendor': companyDirectoryVendor(kind),
    '013_company_import': companyImport(kind),
    '014_company_bigram_frequencies': companyBigramFrequencies(kind),
    '015_annual_report_precheck': annualReportPrecheck(kind),
    '016_company_gram_tree': companyGramTree(kind),
    '017_retention': retention(kind),
    '018_order_lookup_indexes': orderLookupIndexes(kind),
    '019_agreements_and_authorizations': agreementsAndAuthorizations(kind),
    '020_deletion_requests': deletionRequests(kind),
    '022_reconciliation_and_complaints': reconciliationAndComplaints(kind),
    '024_customer_in_one_place': customerInOnePlace(kind),
    '025_first_call': firstCall(kind),
    '026_saved_filters': savedFilters(kind),
    '027_complaint_refund_progress': complaintRefundProgress(kind),
    '029_order_credit_record': orderCreditRecord(kind),
    '030_lookup_codes': lookupCodes(kind),
    '031_id_number_consent': idNumberConsent(),
    '032_audit_staff_action_index': auditStaffActionIndex(),
    '033_console_action_safeguards': consoleActionSafeguards(),
    '034_complaint_order_and_deadline': complaintOrderAndDeadline(),
    '035_partial_refunds': partialRefunds(),
    '036_finance_and_supervisor_roles': financeAndSupervisorRoles(kind),
    '037_prices_per_customer_kind_and_channel': pricesPerCustomerKindAndChannel(),
    '038_invoices': invoices(kind),
    '039_bill_lines_and_fees': billLinesAndFees(kind),
    '040_templates_and_customer_files': templatesAndCustomerFiles(kind),
    '041_invoice_platform': invoicePlatform(),
    '042_season_reminders': seasonReminders(kind),
  };
}
