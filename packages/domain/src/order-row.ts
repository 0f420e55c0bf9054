import type { OrderStatus, ProcessStatus } from './lifecycle/order.ts';

/**
 * One row of the `orders` table as the database returns it. The API's Kysely schema
 * (apps/api/src/db/schema.ts) and the console's order shapes (contracts/console.ts) are both
 * derived from this, so a column is declared once.
 */
export interface OrderRowShape {
  id: number;
  /** unguessable id the visitor's browser holds (migration 003); never the sequential id */
  public_id: string;
  out_trade_no: string;
  corp_id: number;
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
  entity_extra: string;
  /** JSON text */
  extra: string;
  status: OrderStatus;
  process_status: ProcessStatus;
  process_status_name: string;
  pay_type: string;
  pay_source: string;
  /** integer fen */
  total_fee: number;
  pay_time: string | null;
  admin_id: number | null;
  admin_name: string;
  platform: string;
  device_id: string;
  link_id: string;
  share_id: string;
  prev_id: string;
  user_id: number | null;
  consent_version: string | null;
  consent_time: string | null;
  /** ISO-8601 UTC */
  create_time: string;
  /** ISO-8601 UTC */
  update_time: string;
}

/** Columns the database fills when an insert leaves them out. */
export type OrderDefaultedColumn = 'id' | 'corp_id' | 'entity_extra' | 'extra' | 'status' | 'process_status' | 'process_status_name' | 'admin_name' | 'platform' | 'device_id' | 'link_id' | 'share_id' | 'prev_id';
