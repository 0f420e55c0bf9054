import { DatabaseSync } from 'node:sqlite';
import { PROCESS_STATUS, PROCESS_STATUS_NAMES, type ProcessStatus } from '@kuaibao/domain';
import { claimCompany } from './companies.ts';
import { E2E_DB_FILE } from './server-db.ts';

/**
 * Marks an order completed with completion screenshots, as staff would in the console: process
 * status completed and one order_files row per url. Written straight into the running server's database.
 */
export function completeOrder(publicId: string, screenshotUrls: readonly string[]): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const row = db.prepare('SELECT id FROM orders WHERE public_id = ?').get(publicId) as { id: number } | undefined;
    if (!row) throw new Error(`no order ${publicId} in ${E2E_DB_FILE}`);
    db.prepare('UPDATE orders SET process_status = ?, process_status_name = ? WHERE id = ?').run(PROCESS_STATUS.completed, PROCESS_STATUS_NAMES[PROCESS_STATUS.completed], row.id);
    const insert = db.prepare('INSERT INTO order_files (order_id, url) VALUES (?, ?)');
    for (const url of screenshotUrls) insert.run(row.id, url);
  } finally {
    db.close();
  }
}

/** Sets the handling status of the order with this order number (as staff would in the console). */
export function setProcessStatusOf(outTradeNo: string, status: ProcessStatus): void {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const changed = db.prepare('UPDATE orders SET process_status = ?, process_status_name = ? WHERE out_trade_no = ?').run(status, PROCESS_STATUS_NAMES[status], outTradeNo);
    if (Number(changed.changes) !== 1) throw new Error(`no order ${outTradeNo} in ${E2E_DB_FILE}`);
  } finally {
    db.close();
  }
}

/**
 * Paid orders written straight into the running server's database (the lists' specs need many,
 * with known amounts and times): pending, nobody's, no ID number. Each is a claimed company's
 * (e2e/support/companies.ts: its credit code, its legal representative, its phone unless given) under
 * the name the spec chose. Returns their ids.
 */
export function insertPaidOrders(orders: ReadonlyArray<{ name: string; fee: number; paidAt: string; goodsType?: string; adminId?: number; adminName?: string; processStatus?: string; phone?: string }>): number[] {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const insert = db.prepare(
      `INSERT INTO orders (public_id, out_trade_no, goods_id, goods_type, goods_name, entity_name, entity_id, entity_legal, entity_phone, status, process_status, process_status_name, pay_type, pay_source, total_fee, pay_time, admin_id, admin_name, platform, create_time, update_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '2', ?, ?, 'weixin', 'native', ?, ?, ?, ?, 'web', ?, ?) RETURNING id`,
    );
    return orders.map((order) => {
      const company = claimCompany();
      const goodsType = order.goodsType ?? 'credit_repair';
      const status = order.processStatus ?? PROCESS_STATUS.pending;
      // The claim's own phone is unique: its last digits make the number unique too.
      const number = `KB2099${String(Date.now()).slice(-8)}${company.phone.slice(-4)}`;
      const row = insert.get(
        `e2e-lists-${number}`,
        number,
        goodsType === 'license_year' ? 1 : goodsType === 'license_destory' ? 2 : 3,
        goodsType,
        goodsType === 'license_year' ? '营业执照年报代办' : goodsType === 'license_destory' ? '营业执照注销代办' : '信用修复代办',
        order.name,
        company.creditCode,
        company.legal,
        order.phone ?? company.phone,
        status,
        PROCESS_STATUS_NAMES[status as keyof typeof PROCESS_STATUS_NAMES],
        order.fee,
        order.paidAt,
        order.adminId ?? null,
        order.adminName ?? '',
        order.paidAt,
        order.paidAt,
      ) as { id: number };
      return row.id;
    });
  } finally {
    db.close();
  }
}
