import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { ORDER_STATUS } from '@kuaibao/domain';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone } from '../support/journey.ts';
import { completeOrder } from '../support/orders-db.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * The retention sweep seen by the visitor (docs/privacy-retention.md, decision 031): a
 * completed order aged past RETENTION_ID_NUMBER_DAYS loses its ID number when the operator runs
 * `npm run retention:sweep` against the running server's database, and the visitor's progress
 * page and receipt still open and show the order.
 */

function withDb<T>(use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}

test('after the retention sweep removed its ID number, a completed order\'s progress page and receipt still open', async ({ page }) => {
  const company = claimCompany();
  const phone = company.phone;
  await payOnPhone(page, { ...company, goodsId: 1 });

  const order = withDb((db) => db.prepare('SELECT id, public_id FROM orders WHERE entity_phone = ? AND status = ?').get(phone, ORDER_STATUS.paid) as { id: number; public_id: string });
  completeOrder(order.public_id, ['/images/explain-1.svg']);
  // Completed 100 days ago, as far as retention is concerned.
  withDb((db) => db.prepare('UPDATE orders SET update_time = ? WHERE id = ?').run(new Date(Date.now() - 100 * 24 * 3600 * 1000).toISOString(), order.id));

  const sweep = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../apps/api/src/ops/retention-sweep.cli.ts')], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, APP_ENV: 'test', SQLITE_FILE: E2E_DB_FILE, LOG_LEVEL: 'silent' },
  });
  expect(sweep.stderr).toBe('');
  expect(sweep.status).toBe(0);
  expect(sweep.stdout).toMatch(/已结束订单的身份证号：[1-9]\d* 单/);
  const purged = withDb((db) => db.prepare('SELECT entity_idno_enc, entity_idno_hash, idno_purged_at, entity_phone FROM orders WHERE id = ?').get(order.id) as Record<string, string | null>);
  expect(purged).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, entity_phone: phone });
  expect(purged.idno_purged_at).not.toBeNull();

  await page.goto('/check');
  await page.getByTestId('check-phone').fill(phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(page.getByTestId('order-company')).toHaveText(company.name);
  await page.getByTestId('view-receipt').click();
  await expect(page).toHaveURL(/\/orderDetail$/);
  await expect(page.getByTestId('receipt-entity-name')).toHaveText(company.name);
  await expect(page.getByTestId('receipt-stamp')).toHaveAttribute('data-stamp', 'completed');
  await expect(page.getByTestId('toast')).toHaveCount(0);
});
