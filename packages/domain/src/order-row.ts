import { z } from 'zod';
import { ORDER_STATUS, PROCESS_STATUS_FLOW } from './lifecycle/order.ts';

const ORDER_STATUS_VALUES = [ORDER_STATUS.unpaid, ORDER_STATUS.paid, ORDER_STATUS.refunded] as const;

/**
 * One row of the `orders` table as the database returns it. The API's Kysely schema
 * (apps/api/src/db/schema.ts) and the console's order shapes (contracts/console.ts) are both
 * derived from this schema, so a column is declared once.
 */
export const OrderRowSchema = z.object({
  id: z.number().int(),
  /** unguessable id the visitor's browser holds (migration 003); never the sequential id */
  public_id: z.string(),
  out_trade_no: z.string(),
  corp_id: z.number().int(),
  goods_id: z.number().int(),
  goods_type: z.string(),
  goods_name: z.string(),
  entity_name: z.string(),
  /** the company's unified social credit code */
  entity_id: z.string(),
  entity_legal: z.string(),
  /** AES-256-GCM ciphertext of the legal representative's ID number; NULL after the retention purge */
  entity_idno_enc: z.string().nullable(),
  /** keyed hash (HMAC) of the ID number, for lookups without decrypting */
  entity_idno_hash: z.string().nullable(),
  entity_phone: z.string(),
  /** JSON text */
  entity_extra: z.string(),
  /** JSON text */
  extra: z.string(),
  status: z.enum(ORDER_STATUS_VALUES),
  process_status: z.enum(PROCESS_STATUS_FLOW),
  process_status_name: z.string(),
  pay_type: z.string(),
  pay_source: z.string(),
  /** integer fen */
  total_fee: z.number().int(),
  pay_time: z.string().nullable(),
  admin_id: z.number().int().nullable(),
  admin_name: z.string(),
  platform: z.string(),
  device_id: z.string(),
  link_id: z.string(),
  share_id: z.string(),
  prev_id: z.string(),
  user_id: z.number().int().nullable(),
  consent_version: z.string().nullable(),
  consent_time: z.string().nullable(),
  /** the separate consent to processing the ID number: its text's version and the server's time (migration 031, decision 050); NULL on older orders */
  idno_consent_version: z.string().nullable(),
  idno_consent_time: z.string().nullable(),
  /** the annual-report pre-check at creation (decision 023): 'published' | 'not_published' | 'unavailable'; NULL when the service is not pre-checked */
  precheck_result: z.string().nullable(),
  precheck_year: z.number().int().nullable(),
  /** YYYY-MM-DD or '' */
  precheck_publish_date: z.string().nullable(),
  /** when the source answered (ISO), NULL when it did not */
  precheck_checked_at: z.string().nullable(),
  /** 1: the visitor saw "already published" and chose to go on */
  precheck_continued: z.number().int(),
  /** when the retention sweep removed the ID number (ISO); NULL while it is kept (decision 031) */
  idno_purged_at: z.string().nullable(),
  /** when the retention sweep removed an unpaid order's phone and legal representative's name (ISO); NULL while kept */
  contact_purged_at: z.string().nullable(),
  /** what the clerk asked the customer to supply at the last move to 待客户补充 (migration 024, decision 043); NULL before any */
  customer_request: z.string().nullable(),
  /** the first call staff recorded, any outcome (migration 025, decision 044); NULL before any */
  first_call_time: z.string().nullable(),
  /** the record a 信用修复 order repairs (credit-records.ts, migration 029); NULL for the other services */
  credit_record: z.string().nullable(),
  /** what the order's own refund returned to the payer, integer fen; 0 before any (migration 035, decision 057) */
  refunded_fen: z.number().int(),
  /** the admin's reason for a partial refund, shown to the customer; '' otherwise */
  refund_reason: z.string(),
  /** the link's `source` the order came from (order-channel.ts, migration 037); NULL when none */
  channel: z.string().nullable(),
  /** ISO-8601 UTC */
  create_time: z.string(),
  /** ISO-8601 UTC */
  update_time: z.string(),
});
export type OrderRowShape = z.infer<typeof OrderRowSchema>;

/** Columns the database fills when an insert leaves them out. */
export type OrderDefaultedColumn = 'id' | 'corp_id' | 'entity_extra' | 'extra' | 'status' | 'process_status' | 'process_status_name' | 'admin_name' | 'platform' | 'device_id' | 'link_id' | 'share_id' | 'prev_id' | 'precheck_result' | 'precheck_year' | 'precheck_publish_date' | 'precheck_checked_at' | 'precheck_continued' | 'idno_purged_at' | 'contact_purged_at' | 'customer_request' | 'first_call_time' | 'credit_record' | 'idno_consent_version' | 'idno_consent_time' | 'refunded_fen' | 'refund_reason' | 'channel';
