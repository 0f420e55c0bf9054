import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { ORDER_STATUS, PROCESS_STATUS, isOrderUnpaid } from '@kuaibao/domain';
import { signInToConsole } from '../support/console.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * The console after the retention sweep (docs/privacy-retention.md, decision 031): an unpaid
 * order of 40 days ago and an order completed 100 days ago, purged by `npm run retention:sweep`
 * on the running server's database, read 已按期删除 where their data was removed.
 */

const DAY_MS = 24 * 3600 * 1000;

/**
 * An order written straight into the e2e database, last changed `days` ago; returns its id and number.
 * Its credit code is no real company's, so no other spec's company reads as already paid for.
 */
function insertAgedOrder(input: { status: string; processStatus: string; phone: string; legal: string; days: number }): { id: number; outTradeNo: string } {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const at = new Date(Date.now() - input.days * DAY_MS).toISOString();
    // KB and 20 digits, like a real order number (apps/api/src/modules/order/order-number.ts): the console's search takes the number whole.
    const outTradeNo = `KB${Date.now()}${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`;
    const inserted = db
      .prepare(
        `INSERT INTO orders (public_id, out_trade_no, goods_id, goods_type, goods_name, entity_name, entity_id, entity_legal, entity_idno_enc, entity_idno_hash, entity_phone, status, process_status, process_status_name, pay_type, pay_source, total_fee, pay_time, create_time, update_time)
         VALUES (?, ?, 1, 'license_year', '营业执照年报代办', '上海留存测试科技有限公司', ?, ?, 'ciphertext', 'hash', ?, ?, ?, '', 'weixin', 'native', 19900, ?, ?, ?)`,
      )
      .run(randomBytes(12).toString('hex'), outTradeNo, `E2E${randomBytes(6).toString('hex').toUpperCase()}`, input.legal, input.phone, input.status, input.processStatus, isOrderUnpaid(input.status) ? null : at, at, at);
    return { id: Number(inserted.lastInsertRowid), outTradeNo };
  } finally {
    db.close();
  }
}

test('purged fields read 已按期删除 in the order page and the queue; kept ones are shown', async ({ page }) => {
  const unpaid = insertAgedOrder({ status: ORDER_STATUS.unpaid, processStatus: PROCESS_STATUS.pending, phone: '13700000392', legal: '留存甲', days: 40 });
  const completed = insertAgedOrder({ status: ORDER_STATUS.paid, processStatus: PROCESS_STATUS.completed, phone: '13700000393', legal: '留存乙', days: 100 });

  const sweep = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../apps/api/src/ops/retention-sweep.cli.ts')], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, APP_ENV: 'test', SQLITE_FILE: E2E_DB_FILE, LOG_LEVEL: 'silent' },
  });
  expect(sweep.stderr).toBe('');
  expect(sweep.status).toBe(0);

  await signInToConsole(page);

  await page.goto(`/console/orders/${unpaid.id}`);
  const unpaidInfo = page.getByTestId('order-info');
  await expect(unpaidInfo).toContainText(unpaid.outTradeNo);
  for (const label of ['法定代表人', '身份证号', '联系电话']) {
    await expect(unpaidInfo.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('+ td')).toHaveText('已按期删除');
  }
  await expect(unpaidInfo).not.toContainText('13700000392');

  await page.goto(`/console/orders/${completed.id}`);
  const completedInfo = page.getByTestId('order-info');
  await expect(completedInfo).toContainText(completed.outTradeNo);
  await expect(completedInfo.locator('th', { hasText: /^身份证号$/ }).locator('+ td')).toHaveText('已按期删除');
  await expect(completedInfo.locator('th', { hasText: '联系电话' }).locator('+ td')).toHaveText('13700000393');
  await expect(completedInfo.locator('th', { hasText: '法定代表人' }).locator('+ td')).toHaveText('留存乙');
  await expect(page.getByTestId('idno-reveal')).toHaveCount(0);

  // 全部订单 shows unpaid orders when asked (decision 061).
  await page.goto(`/console/orders?view=all&include_unpaid=1&q=${unpaid.outTradeNo}`);
  const row = page.getByTestId('order-table').locator('tbody tr').filter({ hasText: unpaid.outTradeNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('purged')).toHaveCount(2);
});
