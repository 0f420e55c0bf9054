import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { PROCESS_STATUS, PROCESS_STATUS_NAMES, type ProcessStatus } from '@kuaibao/domain';

/** The e2e server's SQLite file (playwright.config.ts: one database per port and run). */
export const E2E_DB_FILE = path.resolve(import.meta.dirname, `../../data/e2e-${Number(process.env.E2E_PORT ?? 3170)}/kuaibao.sqlite`);

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
