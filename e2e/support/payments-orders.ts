import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signRequest, ID_NUMBER_CONSENT_VERSION } from '@kuaibao/domain';
import { FAKE_GATEWAYS_FILE } from '../payments.config.ts';
import { claimCompany } from './companies.ts';

/**
 * Orders placed straight through the visitor API (signed like the web app, with the server's
 * development signing secret), for console specs that need many paid orders without walking the
 * form each time; the payment attempt's number is read from the e2e server's database.
 */
const SIGN_SECRET = 'kuaibao-dev-sign-secret';
/** The payments server's database (payments.config.ts). */
export const DB_FILE = path.resolve(import.meta.dirname, `../../data/e2e-${Number(process.env.E2E_PORT ?? 3171)}/kuaibao.sqlite`);

/** The fake gateways' addresses, as their launcher wrote them (e2e/payments.config.ts). */
export function fakeGateways(): { wechatpay: string; alipay: string } {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../..', FAKE_GATEWAYS_FILE), 'utf8')) as { wechatpay: string; alipay: string };
}

/** The agreement the server accepts now (decision 034): the newest version in the e2e server's database. */
function currentAgreementVersion(dbFile: string): string {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return (db.prepare('SELECT version FROM agreements ORDER BY id DESC LIMIT 1').get() as { version: string }).version;
  } finally {
    db.close();
  }
}

/** Who orders what: by default an annual report (goods 1) of a claimed company (e2e/support/companies.ts), with its name and phone. */
export interface OrderPlaced {
  goodsId?: '1' | '3';
  entityName?: string;
  phone?: string;
  /** The server's database when it is not the payments config's (a console spec in the default config passes E2E_DB_FILE). */
  dbFile?: string;
}

export async function placeOrder(request: APIRequestContext, payType: 'weixin' | 'alipay', placed: OrderPlaced = {}): Promise<{ outTradeNo: string; orderNo: string; orderId: number; totalFen: number; phone: string }> {
  const company = claimCompany();
  const phone = placed.phone ?? company.phone;
  const body = JSON.stringify({
    goods_id: placed.goodsId ?? '1',
    pay_type: payType,
    pay_source: 'native',
    source: 'web',
    entity_name: placed.entityName ?? company.name,
    entity_id: company.creditCode,
    entity_legal: company.legal,
    entity_idno: '11010519491231002X',
    entity_phone: phone,
    extra: { consent: true, agreement_version: currentAgreementVersion(placed.dbFile ?? DB_FILE), idno_consent: true, idno_consent_version: ID_NUMBER_CONSENT_VERSION },
    // 信用修复 names the record to repair; the other services ignore it.
    credit_record: 'business_anomaly',
  });
  const query: Record<string, string> = { timestamp: String(Math.floor(Date.now() / 1000)), nonce: randomUUID() };
  query.signature = signRequest({ query, body, secret: SIGN_SECRET });
  const response = await request.post(`/api/h5/order?${new URLSearchParams(query).toString()}`, {
    headers: { 'content-type': 'application/json', 'x-device-id': `device-reconcile-${randomUUID()}`, 'x-platform': 'web', 'x-channel': 'web', 'x-version': '3.0.0' },
    data: body,
  });
  if (!response.ok()) throw new Error(`order refused: ${response.status()} ${await response.text()}`);
  const db = new DatabaseSync(placed.dbFile ?? DB_FILE, { readOnly: true });
  try {
    const row = db
      .prepare('SELECT a.out_trade_no AS attempt, o.out_trade_no AS order_no, o.id AS order_id, o.total_fee AS total_fee FROM payment_attempts a JOIN orders o ON o.id = a.order_id ORDER BY a.id DESC LIMIT 1')
      .get() as { attempt: string; order_no: string; order_id: number; total_fee: number };
    return { outTradeNo: row.attempt, orderNo: row.order_no, orderId: row.order_id, totalFen: row.total_fee, phone };
  } finally {
    db.close();
  }
}

/** The ids of the orders paid on our side (paid or since refunded), read from the e2e server's database. */
export function paidOrderIds(): Set<number> {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const rows = db.prepare("SELECT id FROM orders WHERE status IN ('2', '4')").all() as Array<{ id: number }>;
    return new Set(rows.map((row) => row.id));
  } finally {
    db.close();
  }
}

/** The amounts (fen) of these orders, by id. */
export function orderFees(ids: Iterable<number>): number[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const select = db.prepare('SELECT total_fee FROM orders WHERE id = ?');
    return [...ids].map((id) => (select.get(id) as { total_fee: number }).total_fee);
  } finally {
    db.close();
  }
}
