import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CompanyDirectory } from '../company/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { CatalogChanges } from '../../shared-state/catalog-changes.ts';
import type { PersonalDataVault } from '../../security/personal-data.ts';
import type { DeletionService } from '../deletion/index.ts';
import { createFeedbackInbox } from '../feedback/index.ts';
import { createMessageTemplatesService, createOrderAuthorizations, createOrderHandlingService, type MessageTemplatesService } from '../order/index.ts';
import { createRefundRequests, type PaymentService, type ReconciliationService, type WechatComplaints } from '../payment/index.ts';
import { createConsoleAuthService, createStaffService, type ConsoleAuthService, type StaffService } from '../staff/index.ts';
import { createAuditService, type AuditService } from './audit.service.ts';
import { createCatalogService, type CatalogService, type SetupSettings } from './catalog.service.ts';
import { createFeedbackInboxService, type ConsoleFeedbackService } from './console-feedback.service.ts';
import { createConsoleReconciliationService, type ConsoleReconciliationService } from './console-reconciliation.service.ts';
import { createCommissionService, type CommissionService } from './commission.service.ts';
import { createSmsLogService, type SmsLogService } from './console-sms-log.service.ts';
import { createConsoleWechatComplaintsService, type ConsoleWechatComplaintsService } from './console-wechat-complaints.service.ts';
import { createCustomersService, type CustomersService } from './customers.service.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';
import { createDeletionRequestsService, type DeletionRequestsService } from './deletion-requests.service.ts';
import { createDirectorySourceService, type DirectorySourceService } from './directory-source.service.ts';
import { createExportService, type ExportService } from './exports.service.ts';
import { createConsoleOrdersService, type ConsoleOrdersService } from './orders.service.ts';
import { createPaymentLink } from './payment-link.ts';
import { createRefundsService, type RefundsService } from './refunds.service.ts';
import { createSavedFiltersService, type SavedFiltersService } from './saved-filters.service.ts';

/** Everything behind /api/console/, each service taking the signed-in Actor. */
export interface ConsoleServices {
  auth: ConsoleAuthService;
  staff: StaffService;
  orders: ConsoleOrdersService;
  refunds: RefundsService;
  feedback: ConsoleFeedbackService;
  catalog: CatalogService;
  dashboard: DashboardService;
  smsLog: SmsLogService;
  customers: CustomersService;
  audit: AuditService;
  directorySource: DirectorySourceService;
  reconciliation: ConsoleReconciliationService;
  wechatComplaints: ConsoleWechatComplaintsService;
  deletionRequests: DeletionRequestsService;
  exports: ExportService;
  savedFilters: SavedFiltersService;
  /** 提成 (decision 058) */
  commission: CommissionService;
  /** the 补充资料 and call-note templates (decision 062) */
  templates: MessageTemplatesService;
}

export function createConsoleServices(deps: {
  db: Kysely<Database>;
  now: () => Date;
  vault: PersonalDataVault;
  storage: StorageProvider;
  /** the payment service; its refundOrder is called from one place only (payment-link.ts) */
  payments: PaymentService;
  /** the server secret the sign-in device cookies' key is derived from (staff/staff-auth.service.ts) */
  deviceCookieSecret: string;
  /** the company directory's source, for its ledger view */
  directory: CompanyDirectory;
  /** the font embedded in the authorisation PDF (AUTHORIZATION_PDF_FONT, decision 035) */
  authorizationPdfFont: string;
  /** tells every instance's goods and site config cache of a catalog edit */
  catalogChanges?: CatalogChanges;
  /** the daily reconciliation with the providers' bills (decision 039) */
  reconciliation: ReconciliationService;
  /** WeChat Pay's consumer complaints (decision 040) */
  wechatComplaints: WechatComplaints;
  /** the visitors' deletion requests (decision 037) */
  deletion: Pick<DeletionService, 'list' | 'forOrder'>;
  /** the settings the first-run checklist reads */
  setupSettings: SetupSettings;
  /** a clerk's full ID-number reveals a day (CONSOLE_ID_REVEALS_PER_DAY) */
  idRevealsPerDay: number;
  /** for what fails after the fact and must not fail the request (a complaint's refund progress) */
  log?: { warn(obj: object, msg: string): void };
  /** APP_ENV=prod: the first admin's configured password must be replaced at first sign-in */
  production?: boolean;
}): ConsoleServices {
  const { db, now } = deps;
  const payments = createPaymentLink({ payments: deps.payments });
  const refundRequests = createRefundRequests({ db, now, refundOrder: payments.refundOrder });
  const wechatComplaints = createConsoleWechatComplaintsService({ db, now, complaints: deps.wechatComplaints, refundRequests, ...(deps.log ? { log: deps.log } : {}) });
  const refunds = createRefundsService({ requests: refundRequests, afterDecision: wechatComplaints.afterRefundDecision });
  const smsLog = createSmsLogService({ db });
  const feedbackInbox = createFeedbackInbox({ db, now });
  const handling = createOrderHandlingService({ db, now, vault: deps.vault, storage: deps.storage, isRefundOpen: refundRequests.hasOpen, idRevealsPerDay: deps.idRevealsPerDay });
  return {
    auth: createConsoleAuthService({ db, now, deviceCookieSecret: deps.deviceCookieSecret, production: deps.production === true }),
    staff: createStaffService({ db, now }),
    orders: createConsoleOrdersService({
      now,
      vault: deps.vault,
      handling,
      payments,
      refundRequests,
      feedback: feedbackInbox,
      smsLog,
      authorizations: createOrderAuthorizations({ db, fontFile: deps.authorizationPdfFont }),
      deletion: deps.deletion,
    }),
    refunds,
    feedback: createFeedbackInboxService({ inbox: feedbackInbox }),
    catalog: createCatalogService({ db, now, settings: deps.setupSettings, ...(deps.catalogChanges ? { changes: deps.catalogChanges } : {}) }),
    dashboard: createDashboardService({ db, now, orders: handling }),
    smsLog,
    customers: createCustomersService({ db, now, smsLog, feedback: feedbackInbox }),
    audit: createAuditService({ db }),
    directorySource: createDirectorySourceService({ directory: deps.directory }),
    reconciliation: createConsoleReconciliationService({ db, now, reconciliation: deps.reconciliation }),
    wechatComplaints,
    deletionRequests: createDeletionRequestsService({ deletion: deps.deletion }),
    exports: createExportService({ db, now, orders: handling, refundRequests }),
    savedFilters: createSavedFiltersService({ db, now }),
    commission: createCommissionService({ db, now }),
    templates: createMessageTemplatesService({ db, now }),
  };
}
