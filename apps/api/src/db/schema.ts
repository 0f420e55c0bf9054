import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
 * - The company search indexes are not in this interface: SQLite's FTS5 table `companies_bi` and
 *   PostgreSQL's `company_grams` / `company_gram_df` are written and read only by
 *   modules/company/company.repository.ts (see migrations/002_company_search.ts).
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
}

/** '1' unpaid, '2' paid, '3' closed, '4' refunded */
export type OrderStatus = '1' | '2' | '3' | '4';

export interface OrdersTable {
  id: Generated<number>;
  /** unguessable id the visitor's browser holds (migration 003); never the sequential id */
  public_id: string;
  out_trade_no: string;
  corp_id: Generated<number>;
  goods_id: number;
  goods_type: string;
  goods_name: string;
  entity_name: string;
  /** the company's unified social credit code */
  entity_id: string;
  entity_legal: string;
  /** AES-256-GCM ciphertext of the legal representative's ID number; NULL after the retention purge */
  entity_idno_enc: string | null;
  /** keyed hash (HMAC) of the ID number, for lookups without decrypting */
  entity_idno_hash: string | null;
  entity_phone: string;
  /** JSON text */
  entity_extra: Generated<string>;
  /** JSON text */
  extra: Generated<string>;
  status: Generated<string>;
  process_status: Generated<string>;
  process_status_name: Generated<string>;
  pay_type: string;
  pay_source: string;
  /** integer fen */
  total_fee: number;
  pay_time: string | null;
  admin_id: number | null;
  admin_name: Generated<string>;
  platform: Generated<string>;
  device_id: Generated<string>;
  link_id: Generated<string>;
  share_id: Generated<string>;
  prev_id: Generated<string>;
  user_id: number | null;
  consent_version: string | null;
  consent_time: string | null;
  create_time: CreatedAt;
  update_time: Timestamp;
}

export type PaymentAttemptStatus = 'PENDING' | 'PAID' | 'CLOSED' | 'EXPIRED' | 'SUPERSEDED';

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
}

export interface OrderFilesTable {
  id: Generated<number>;
  order_id: number;
  url: string;
  created_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  type: string;
  content: string;
  contact: Generated<string>;
  device_id: Generated<string>;
  created_at: CreatedAt;
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

export interface Database {
  site_config: SiteConfigTable;
  goods: GoodsTable;
  companies: CompaniesTable;
  orders: OrdersTable;
  payment_attempts: PaymentAttemptsTable;
  provider_events: ProviderEventsTable;
  outbox: OutboxTable;
  order_files: OrderFilesTable;
  feedback: FeedbackTable;
  events: EventsTable;
}

export type SiteConfigRow = Selectable<SiteConfigTable>;
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
export type OrderFileRow = Selectable<OrderFilesTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type EventRow = Selectable<EventsTable>;
