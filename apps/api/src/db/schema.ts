import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderDefaultedColumn, OrderRowShape, PaymentAttemptStatus, ProcessStatus, RefundRequestStatus, RefundStatus } from '@kuaibao/domain';

export type { PaymentAttemptStatus, RefundStatus };

/**
 * The Kysely schema for both dialects (SQLite and PostgreSQL). The same queries run on both, so the
 * column types are chosen to come back identically from `node:sqlite` and `pg`:
 *
 * - Timestamps are TEXT holding ISO-8601 UTC strings with milliseconds and `Z`
 *   (`2025-03-01T08:00:00.000Z`, i.e. `new Date().toISOString()`). They sort and compare correctly
 *   as text on both, need no driver type parsing, and the defaults in the migrations produce the
 *   same format (see `nowIso()` in migrations/util.ts).
 * - JSON values are TEXT (JSON.stringify / JSON.parse in the repositories).
 * - Booleans are INTEGER 0/1 (PostgreSQL booleans would come back as `true`, SQLite's as `1`).
 * - Money is INTEGER fen. Ids are 32-bit INTEGER, so `pg` returns numbers, not strings.
 * - The company search indexes are not in this interface: SQLite's FTS5 table `companies_bi` with
 *   its counts `companies_bi_df`, and PostgreSQL's `company_grams` / `company_gram_df`, are written and
 *   read only by the company-*.repository.ts files of modules/company (see migrations/002_company_search.ts and
 *   014_company_bigram_frequencies.ts).
 */

/** ISO-8601 UTC string written by the database default or by the app. */
type CreatedAt = ColumnType<string, string | undefined, never>;
type Timestamp = ColumnType<string, string | undefined, string>;

export interface SiteConfigTable {
  corp_id: number;
  key: string;
  /** JSON text */
  value: string;
}

export type GoodsType = 'license_year' | 'license_destory' | 'credit_repair';

export interface GoodsTable {
  id: Generated<number>;
  type: string;
  name: string;
  price_fen: number;
  /** comma separated: 'weixin,alipay' */
  pay_types: string;
  sort: Generated<number>;
  /** 1 active, 0 hidden */
  active: Generated<number>;
  description: Generated<string>;
  /** the price for a 个体工商户 in fen; NULL = price_fen for everyone (migration 037, packages/domain/src/customer-price.ts) */
  individual_price_fen: Generated<number | null>;
}

export interface CompaniesTable {
  /** assigned in rank order at import: shortest normalised name first, then code point order */
  id: number;
  name: string;
  /** normalizeKeyword(name) from @kuaibao/domain */
  name_norm: string;
  /** unified social credit code; NULL when the source has none */
  credit_code: string | null;
  oper_name: Generated<string>;
  /** registry status, e.g. 存续 / 在业 / 注销 / 吊销 */
  status: Generated<string>;
  region: Generated<string>;
  /** the vendor's own id (企查查 KeyNo) when the row came from the vendor */
  key_no: Generated<string | null>;
  /** 'local' (seed or import) or the vendor's name, e.g. 'qichacha' */
  source: Generated<string>;
  /** when the vendor returned the row; NULL for local rows */
  fetched_at: Generated<string | null>;
  /** registration date, ISO YYYY-MM-DD, when the imported source has it */
  established: Generated<string | null>;
}

/** Checked rows of the file being imported, in file order (docs/decisions/021-company-import.md). */
export interface CompanyImportStagingTable {
  /** line of the file the row ends on (unique, increasing) */
  line: number;
  credit_code: string;
  name: string;
  name_norm: string;
  /** code points of name_norm: the first key of rank order */
  name_len: number;
  oper_name: string;
  status: string | null;
  region: string | null;
  established: string | null;
}

/** The checkpoint of the import under way: one row (id 1), written with each batch. */
export interface CompanyImportStateTable {
  id: number;
  /** the file (size, time, head and tail) and the options that change what is read */
  fingerprint: string;
  /** 'staging' (reading the file), 'deduplicating' (repeated credit codes out) or 'merging' (into companies and the search index) */
  phase: string;
  /** records ending on or before this line are done */
  lines_done: number;
  /** deduplicating: staged rows up to this line are done */
  dedupe_after: number;
  rows_read: number;
  staged: number;
  /** rejected rows per reason, a JSON object */
  rejected_json: string;
  /** length of the rejects file that goes with this checkpoint */
  rejects_bytes: number;
  /** rank key of the last merged row (null before the first) */
  merge_len: number | null;
  merge_name: string | null;
  merge_code: string | null;
  inserted: number;
  updated: number;
  renamed: number;
  unchanged: number;
  started_at: string;
}

export interface DirectoryVendorCacheTable {
  vendor: string;
  /** normalizeKeyword(keyword) */
  keyword: string;
  /** the vendor's Status: '200' or '201' (no result) */
  status: string;
  /** JSON text: the kept companies, already checked */
  result_json: string;
  fetched_at: string;
  expires_at: string;
}

/** A source's last definite answer about a company's annual report for a year (migration 015, decision 023). */
export interface AnnualReportChecksTable {
  credit_code: string;
  /** the report year (filed in year + 1) */
  year: number;
  /** 1: published, 0: the source found none */
  published: number;
  /** YYYY-MM-DD, '' when not published or the source gave no date */
  publish_date: Generated<string>;
  /** 'qichacha', or 'seed' for the demo rows */
  source: string;
  /** ISO time the source answered */
  answered_at: string;
}

export interface DirectoryVendorCallsTable {
  vendor: string;
  /** YYYY-MM-DD in Asia/Shanghai */
  day: string;
  /** the vendor's Status, or 'timeout' / 'http' when no answer came */
  status: string;
  calls: number;
}

/**
 * The orders table, from the domain's row shape (packages/domain/src/order-row.ts): columns the
 * database defaults are optional on insert; create_time is never updated.
 */
export type OrdersTable = {
  [K in keyof OrderRowShape]: K extends 'create_time' ? CreatedAt : K extends 'update_time' ? Timestamp : K extends OrderDefaultedColumn ? Generated<OrderRowShape[K]> : OrderRowShape[K];
};

export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  pay_type: string;
  pay_source: string;
  out_trade_no: string;
  amount_fen: number;
  status: ColumnType<PaymentAttemptStatus, PaymentAttemptStatus | undefined, PaymentAttemptStatus>;
  provider_txn_id: string | null;
  expires_at: string;
  created_at: CreatedAt;
  paid_at: string | null;
  /** when the reconciliation sweep next asks the provider (migration 005) */
  next_query_at: ColumnType<string | null, string | null | undefined, string | null>;
  query_count: Generated<number>;
  /** when the provider confirmed the close of a superseded or expired attempt */
  closed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when this attempt's payment paid the order; a later payment is a duplicate */
  settles_order: Generated<number>;
}

export interface ProviderEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  out_trade_no: string | null;
  /** the raw notification body */
  raw: string;
  /** 1 when the signature verified, else 0 */
  verified: number;
  result: Generated<string>;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  /** JSON text */
  payload: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  processed_at: string | null;
  /** not before this time (a retry's backoff, or a worker's lease); NULL = now (migration 006) */
  available_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One full refund per paid attempt (migration 005, docs/decisions/007). */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number;
  provider: string;
  out_trade_no: string;
  /** deterministic: 'R' + out_trade_no; reused on every retry */
  out_refund_no: string;
  /** integer fen */
  amount_fen: number;
  total_fen: number;
  /** ORDER: the order's own refund (status 4 on success); DUPLICATE: a late or second payment returned */
  purpose: 'ORDER' | 'DUPLICATE';
  reason: Generated<string>;
  requested_by: Generated<string>;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  provider_refund_id: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  /** when the refund sweep next retries (REQUESTED) or queries (PROCESSING); NULL = not scheduled */
  next_query_at: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  succeeded_at: string | null;
}

export interface OrderFilesTable {
  id: Generated<number>;
  order_id: number;
  url: string;
  created_at: CreatedAt;
  /** the object's key in the storage port (migration 006) */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  staff_name: Generated<string>;
}

export interface FeedbackTable {
  id: Generated<number>;
  type: string;
  content: string;
  contact: Generated<string>;
  device_id: Generated<string>;
  created_at: CreatedAt;
  /** 'open' | 'handled' (migration 006) */
  status: Generated<string>;
  reply: Generated<string>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
  handled_by_name: Generated<string>;
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the order the complaint is about, when its contact names one (migration 024, decision 043) */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** the company a visitor named without a verified order, as typed (migration 034) */
  company_name: Generated<string>;
  /** who handles it (migration 034, decision 041's rule) */
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  assignee_name: Generated<string>;
  /** the end of the third working day after it arrived (ISO; migration 034) */
  due_at: Generated<string>;
}

export interface EventsTable {
  id: Generated<number>;
  key: string;
  value: Generated<string>;
  /** JSON text */
  extra: Generated<string>;
  type: Generated<string>;
  source: Generated<string>;
  device_id: Generated<string>;
  platform: Generated<string>;
  created_at: CreatedAt;
}

/** One published version of the service agreement; never updated (decision 034). */
export interface AgreementsTable {
  id: Generated<number>;
  version: string;
  /** YYYY-MM-DD, Beijing time */
  effective_date: string;
  text: string;
  created_at: CreatedAt;
  /** staff id; NULL for the seeded first version */
  created_by: number | null;
}

/** The authorisation confirmed for a licence cancellation, one per order (decision 035). */
export interface OrderAuthorizationsTable {
  id: Generated<number>;
  order_id: number;
  template_version: string;
  text: string;
  signer_name: string;
  agent_name: string;
  confirmed_at: string;
  client_ip: string;
}

export interface Database {
  site_config: SiteConfigTable;
  agreements: AgreementsTable;
  order_authorizations: OrderAuthorizationsTable;
  goods: GoodsTable;
  companies: CompaniesTable;
  company_import_staging: CompanyImportStagingTable;
  company_import_state: CompanyImportStateTable;
  directory_vendor_cache: DirectoryVendorCacheTable;
  directory_vendor_calls: DirectoryVendorCallsTable;
  annual_report_checks: AnnualReportChecksTable;
  orders: OrdersTable;
  payment_attempts: PaymentAttemptsTable;
  provider_events: ProviderEventsTable;
  outbox: OutboxTable;
  refunds: RefundsTable;
  order_files: OrderFilesTable;
  feedback: FeedbackTable;
  events: EventsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_login_attempts: StaffLoginAttemptsTable;
  staff_sign_in_throttle: StaffSignInThrottleTable;
  audit_log: AuditLogTable;
  order_notes: OrderNotesTable;
  order_calls: OrderCallsTable;
  completion_rules: CompletionRulesTable;
  message_templates: MessageTemplatesTable;
  order_customer_files: OrderCustomerFilesTable;
  order_status_history: OrderStatusHistoryTable;
  refund_requests: RefundRequestsTable;
  sms_log: SmsLogTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  request_nonces: RequestNoncesTable;
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_differences: ReconciliationDifferencesTable;
  reconciliation_bill_lines: ReconciliationBillLinesTable;
  wechat_complaints: WechatComplaintsTable;
  deletion_requests: DeletionRequestsTable;
  deletion_request_orders: DeletionRequestOrdersTable;
  lookup_codes: LookupCodesTable;
  saved_filters: SavedFiltersTable;
  commission_rates: CommissionRatesTable;
  invoices: InvoicesTable;
  email_log: EmailLogTable;
  reminder_consents: ReminderConsentsTable;
  reminder_batches: ReminderBatchesTable;
  reminders_sent: RemindersSentTable;
}

// ---- WeChat Pay complaints (migration 022, docs/decisions/040-wechat-pay-complaints.md) ----

export interface WechatComplaintsTable {
  id: Generated<number>;
  complaint_id: string;
  state: 'PENDING' | 'PROCESSING' | 'PROCESSED';
  complaint_time: string;
  detail: string;
  problem_type: string | null;
  problem_description: string;
  apply_refund_fen: number | null;
  /** 0/1 */
  full_refunded: number;
  incoming_user_response: number;
  user_complaint_times: number;
  /** the complained payment (our attempt's number) */
  out_trade_no: string | null;
  transaction_id: string | null;
  amount_fen: number | null;
  order_id: number | null;
  /** the negotiation history as JSON (NegotiationEntry[], dates as ISO strings) */
  history: string;
  last_action_type: string;
  refund_request_id: number | null;
  responded_at: string | null;
  completed_at: string | null;
  handled_by: Generated<string>;
  /** 更新退款审批结果 sent or attempted (migration 027): APPROVE or REJECT */
  refund_progress: 'APPROVE' | 'REJECT' | null;
  refund_progress_state: 'REPORTED' | 'FAILED' | null;
  refund_progress_reason: string | null;
  refund_progress_error: string | null;
  refund_progress_at: string | null;
  created_at: Generated<string>;
  updated_at: string;
}

// ---- daily reconciliation (migration 022, docs/decisions/039-daily-bill-reconciliation.md) ----

export type ReconciliationRunStatus = 'RUNNING' | 'DONE' | 'NO_BILL' | 'NOT_READY' | 'FAILED';

export interface ReconciliationRunsTable {
  id: Generated<number>;
  provider: string;
  /** the Beijing day, YYYY-MM-DD */
  bill_date: string;
  status: ReconciliationRunStatus;
  their_payment_count: Generated<number>;
  their_payment_fen: Generated<number>;
  their_refund_count: Generated<number>;
  their_refund_fen: Generated<number>;
  our_payment_count: Generated<number>;
  our_payment_fen: Generated<number>;
  our_refund_count: Generated<number>;
  our_refund_fen: Generated<number>;
  matched_count: Generated<number>;
  difference_count: Generated<number>;
  error: Generated<string>;
  /** 'system' (the daily job) or the staff member who re-ran the day */
  triggered_by: Generated<string>;
  started_at: string;
  finished_at: string | null;
  /** the bill's fees (charged less returned), fen; NULL before migration 039 or without a fee column */
  their_fee_fen: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Every line of a run's bill (migration 039, decision 061): fees and transaction numbers for month close and the order export. */
export interface ReconciliationBillLinesTable {
  id: Generated<number>;
  run_id: number;
  line_kind: 'payment' | 'refund';
  out_trade_no: string;
  out_refund_no: string | null;
  provider_txn_id: string | null;
  amount_fen: number;
  fee_fen: number | null;
  provider_status: Generated<string>;
}

export interface ReconciliationDifferencesTable {
  id: Generated<number>;
  run_id: number;
  kind: 'MISSING_OURS' | 'MISSING_THEIRS' | 'AMOUNT_MISMATCH' | 'STATUS_MISMATCH';
  line_kind: 'payment' | 'refund';
  out_trade_no: string;
  out_refund_no: string | null;
  order_id: number | null;
  their_amount_fen: number | null;
  our_amount_fen: number | null;
  their_status: string | null;
  our_status: string | null;
}

/** Signature nonces inside their window (migration 008). No longer written: the replay cache is in process (docs/decisions/051-replay-in-process.md); the table stays until a migration drops it. */
export interface RequestNoncesTable {
  nonce: string;
  /** Unix seconds */
  expires_at: ColumnType<number, number, number>;
}

// ---- the console (migration 006, docs/decisions/008-console-auth-and-roles.md) ----

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface StaffTable {
  id: Generated<number>;
  /** lower case, unique */
  username: string;
  display_name: string;
  /** 'admin' | 'clerk' | 'finance' | 'supervisor' (STAFF_ROLES) */
  role: string;
  /** scrypt$N$r$p$salt$hash (base64) */
  password_hash: string;
  active: Generated<number>;
  must_change_password: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_login_at: Nullable<string>;
}

export interface StaffSessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored */
  id: string;
  staff_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface StaffLoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  succeeded: number;
  created_at: CreatedAt;
  /** the device cookie's nonce the attempt was counted under; '' for an untrusted client (migration 011) */
  device: Generated<string>;
}

/** One row per username typed at sign-in: the lock around its counters, and the refusal audit fold (migration 011). */
export interface StaffSignInThrottleTable {
  username: string;
  updated_at: string;
  refused_logged_at: Nullable<string>;
  refused_unlogged: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: Nullable<number>;
  staff_name: Generated<string>;
  action: string;
  target_type: Generated<string>;
  target_id: Generated<string>;
  /** JSON text */
  before: Nullable<string>;
  /** JSON text */
  after: Nullable<string>;
  ip: Generated<string>;
  created_at: CreatedAt;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  staff_id: Nullable<number>;
  staff_name: string;
  content: string;
  created_at: CreatedAt;
  /** the console's key of the user action that added it (migration 033): a double click stores it once */
  client_key: Generated<string | null>;
}

/** Calls staff recorded on an order (migration 025, docs/decisions/044-first-call-and-sla.md). */
export interface OrderCallsTable {
  id: Generated<number>;
  order_id: number;
  staff_id: Nullable<number>;
  staff_name: string;
  /** a CALL_OUTCOMES code (packages/domain/src/first-call-sla.ts) */
  outcome: string;
  note: Generated<string>;
  created_at: CreatedAt;
  /** the console's key of the user action that recorded it (migration 033): a double click stores it once */
  client_key: Generated<string | null>;
}

/** An admin's choice per service: does completing an order need a screenshot (migration 033). */
/** An admin's text for a 补充资料 request or a call note (migration 040). */
export interface MessageTemplatesTable {
  id: Generated<number>;
  kind: string;
  name: string;
  body: string;
  updated_by_name: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A document the customer uploaded while the order waited on them (migration 040). */
export interface OrderCustomerFilesTable {
  id: Generated<number>;
  order_id: number;
  url: string;
  storage_key: string;
  content_type: string;
  bytes: number;
  filename: Generated<string>;
  created_at: string;
}

export interface CompletionRulesTable {
  goods_type: string;
  /** 1 compulsory, 0 not */
  screenshot_required: number;
  updated_at: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_process_status: Nullable<ProcessStatus>;
  to_process_status: ProcessStatus;
  process_status_name: string;
  staff_id: Nullable<number>;
  staff_name: Generated<string>;
  note: Generated<string>;
  created_at: CreatedAt;
}

/** The visitor's deletion requests (migration 020, docs/decisions/037-visitor-deletion-request.md). */
export interface DeletionRequestsTable {
  id: Generated<number>;
  /** keyed hash of the phone, for the code's rate limits; NULL once the request is done */
  phone_hash: string | null;
  /** 138****5678, what the console shows */
  phone_masked: string;
  /** 'code_sent' | 'locked' | 'waiting' | 'completed' (packages/domain/src/deletion-request.ts) */
  status: string;
  /** salt$sha256 of the one-time code; NULL once used */
  code_hash: string | null;
  code_expires_at: string | null;
  code_attempts: Generated<number>;
  codes_sent: Generated<number>;
  last_code_at: string | null;
  created_at: CreatedAt;
  confirmed_at: string | null;
  completed_at: string | null;
}

/** The phone lookup's SMS codes (migration 030, docs/decisions/049-phone-lookup-masked-until-proven.md): one row per code asked for. */
export interface LookupCodesTable {
  id: Generated<number>;
  /** keyed hash of the phone: the code's rate limits and its check; the phone itself is not stored */
  phone_hash: string;
  /** 'code_sent' | 'locked' | 'used' */
  status: string;
  /** salt$sha256 of the code; NULL once used or locked */
  code_hash: string | null;
  code_expires_at: string;
  code_attempts: Generated<number>;
  created_at: string;
}

export interface DeletionRequestOrdersTable {
  request_id: number;
  order_id: number;
  out_trade_no: string;
  /** when the order's personal data was removed; NULL while the order is still open */
  purged_at: string | null;
}

export interface RefundRequestsTable {
  id: Generated<number>;
  order_id: number;
  status: Generated<RefundRequestStatus>;
  reason: string;
  requested_by: number;
  requested_by_name: string;
  decided_by: Nullable<number>;
  decided_by_name: Generated<string>;
  decided_at: Nullable<string>;
  decision_note: Generated<string>;
  result_message: Generated<string>;
  out_refund_no: Generated<string>;
  /** the amount the admin approved, integer fen; NULL until approved (migration 035) */
  amount_fen: Generated<number | null>;
  /** the admin's reason for a partial refund, shown to the customer (decision 057) */
  partial_reason: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SmsLogTable {
  id: Generated<number>;
  outbox_id: Nullable<number>;
  /** one SENT row per key (e.g. 'order_completed:42') */
  dedupe_key: string;
  order_id: Nullable<number>;
  phone: string;
  template: string;
  content: string;
  provider: string;
  /** 'SENT' | 'FAILED' */
  status: string;
  provider_message_id: Generated<string>;
  error: Generated<string>;
  created_at: CreatedAt;
}

export type SiteConfigRow = Selectable<SiteConfigTable>;
export type OrderAuthorizationRow = Selectable<OrderAuthorizationsTable>;
export type NewOrderAuthorization = Insertable<OrderAuthorizationsTable>;
export type GoodsRow = Selectable<GoodsTable>;
export type NewGoods = Insertable<GoodsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;
export type NewPaymentAttempt = Insertable<PaymentAttemptsTable>;
export type ProviderEventRow = Selectable<ProviderEventsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type RefundRow = Selectable<RefundsTable>;
export type NewRefund = Insertable<RefundsTable>;
export type OrderFileRow = Selectable<OrderFilesTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type EventRow = Selectable<EventsTable>;
export type StaffRow = Selectable<StaffTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type RefundRequestRow = Selectable<RefundRequestsTable>;
export type SmsLogRow = Selectable<SmsLogTable>;

// ---- WeChat visitors (migration 007, docs/decisions/009-corp-and-mini-program.md) ----

export interface UsersTable {
  id: Generated<number>;
  corp_id: Generated<number>;
  /** per WeChat app; unique with corp_id */
  openid: string;
  /** 'wx-oa' (official account) | 'wx-mp' (mini-program) */
  app_kind: string;
  app_id: string;
  unionid: Nullable<string>;
  name: Generated<string>;
  avatar: Generated<string>;
  created_at: CreatedAt;
  last_login_at: Timestamp;
}

export interface UserSessionsTable {
  /** SHA-256 (hex) of the x-token; the token itself is never stored */
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: string;
  ip: Generated<string>;
}

export type UserRow = Selectable<UsersTable>;

/** A staff member's saved list filters (migration 021, docs/decisions/045-saved-filters-on-the-server.md). */
export interface SavedFiltersTable {
  id: Generated<number>;
  staff_id: number;
  /** the list's name (SAVED_FILTER_LISTS in @kuaibao/domain) */
  list: string;
  name: string;
  /** the list's query string without the page */
  search: string;
  created_at: CreatedAt;
}

/** The 提成 rate per service, as a history (migration 036, docs/decisions/058-finance-and-supervisor-roles-and-commission.md). */
export interface CommissionRatesTable {
  id: Generated<number>;
  goods_type: string;
  /** basis points of the amount paid: 1 = 0.01 % */
  rate_bp: number;
  effective_from: string;
  staff_id: number | null;
  staff_name: string;
  created_at: CreatedAt;
}

// ---- Invoices (migration 038, docs/decisions/060-invoices.md) ----

export interface InvoicesTable {
  id: Generated<number>;
  /** unique: one invoice per order */
  order_id: number;
  /** InvoiceType: 'normal' | 'special' */
  type: string;
  title: string;
  tax_number: string;
  email: string;
  buyer_address: Generated<string>;
  buyer_phone: Generated<string>;
  buyer_bank: Generated<string>;
  buyer_account: Generated<string>;
  /** InvoiceStatus */
  status: Generated<string>;
  /** integer fen: the order's paid amount */
  amount_fen: number;
  /** the invoicing provider that issues it ('manual', 'nuonuo') */
  provider: Generated<string>;
  /** the platform's serial (诺诺's invoiceSerialNum), '' for manual */
  provider_serial: Generated<string>;
  /** the issued file's key in the storage port */
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'pdf' | 'ofd' */
  file_kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** the red-letter invoice's file key, when uploaded */
  red_file_key: ColumnType<string | null, string | null | undefined, string | null>;
  fail_reason: Generated<string>;
  issued_by_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  issued_at: ColumnType<string | null, string | null | undefined, string | null>;
  red_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  red_issued_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** our number for the platform's request (migration 041), '' for manual */
  provider_order_no: Generated<string>;
  /** the issued invoice's number (数电票号码), '' until the platform issued it */
  invoice_number: Generated<string>;
  /** the platform's 红字确认单 id, '' until asked for */
  red_serial: Generated<string>;
}
export type InvoiceRow = Selectable<InvoicesTable>;

/** Every email attempt; at most one SENT row per dedupe key (migration 038). */
export interface EmailLogTable {
  id: Generated<number>;
  outbox_id: number | null;
  dedupe_key: string;
  order_id: number | null;
  to_address: string;
  subject: string;
  provider: string;
  /** 'SENT' | 'FAILED' */
  status: string;
  provider_message_id: Generated<string>;
  error: Generated<string>;
  created_at: CreatedAt;
}

// ---- Next year's reminder (migration 042, docs/decisions/065-next-season-reminder.md) ----

export interface ReminderConsentsTable {
  id: Generated<number>;
  order_id: number;
  entity_name: string;
  /** the company's 统一社会信用代码: a company is reminded once, whichever of its orders consented */
  credit_code: string;
  phone: string;
  /** REMINDER_CONSENT_VERSION when given */
  version: string;
  given_at: string;
  withdrawn_at: string | null;
  /** 'page' (the one-tap link), 'sms_reply' (回T), 'visitor' (untick); '' while given */
  withdrawn_via: Generated<string>;
  created_at: CreatedAt;
}

export interface ReminderBatchesTable {
  id: Generated<number>;
  season_year: number;
  started_by: number;
  started_by_name: string;
  started_at: string;
  companies: Generated<number>;
  sent_count: Generated<number>;
  skipped_count: Generated<number>;
}

export interface RemindersSentTable {
  id: Generated<number>;
  batch_id: number;
  consent_id: number;
  order_id: number;
  entity_name: string;
  credit_code: string;
  phone: string;
  season_year: number;
  /** 1 or 2 */
  ordinal: number;
  sent_at: string;
}

export type ReminderConsentRow = Selectable<ReminderConsentsTable>;
