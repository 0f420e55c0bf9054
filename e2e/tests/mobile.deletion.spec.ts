import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { PROCESS_STATUS } from '@kuaibao/domain';
import { signInToConsole } from '../support/console.ts';
import { claimCompany } from '../support/companies.ts';
import { payOnPhone, snapshot, startedUp } from '../support/journey.ts';
import { E2E_DB_FILE } from '../support/server-db.ts';

/*
 * The visitor's own deletion request from the progress page (decision 037): a
 * completed and a processing order under one phone (paid in the sandbox); the visitor asks for a code, types it, and the
 * database is read afterwards: the completed order's ID number, phone and legal representative's
 * name are gone, the processing one is kept until it closes; the console lists the request.
 */

function withDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(E2E_DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** Moves the order of `name` with `phone` to a handling status, as staff would in the console. */
function setProcessStatus(name: string, phone: string, processStatus: string): number {
  return withDb((db) => {
    db.prepare('UPDATE orders SET process_status = ? WHERE entity_name = ? AND entity_phone = ?').run(processStatus, name, phone);
    return (db.prepare('SELECT id FROM orders WHERE entity_name = ? AND entity_phone = ?').get(name, phone) as { id: number }).id;
  });
}

/** The code the visitor reads on their phone: the console SMS provider only logs it, so the test finds it from its salted hash. */
function codeFromDatabase(): string {
  const stored = withDb((db) => db.prepare("SELECT code_hash FROM deletion_requests WHERE status = 'code_sent' ORDER BY id DESC LIMIT 1").get() as { code_hash: string });
  const [salt, digest] = stored.code_hash.split('$');
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0');
    if (createHash('sha256').update(`${salt}:${code}`).digest('hex') === digest) return code;
  }
  throw new Error('no code matches the stored hash');
}

const orderRow = (id: number) =>
  withDb((db) => db.prepare('SELECT entity_idno_enc, entity_idno_hash, entity_phone, entity_legal, entity_name FROM orders WHERE id = ?').get(id) as Record<string, string | null>);

test('a visitor deletes their data from /checkDetail with an SMS code', async ({ page }, testInfo) => {
  // Two companies under one phone: the first's.
  const first = claimCompany();
  const second = { ...claimCompany(), phone: first.phone };
  const phone = first.phone;
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  for (const company of [first, second]) await payOnPhone(page, { ...company, goodsId: 3 });
  const completed = setProcessStatus(first.name, phone, PROCESS_STATUS.completed);
  const processing = setProcessStatus(second.name, phone, PROCESS_STATUS.processing);

  await page.goto('/check');
  await startedUp(page);
  await page.getByTestId('check-phone').fill(phone);
  await page.getByTestId('check-submit').click();
  await expect(page).toHaveURL(/\/checkDetail$/);
  await expect(page.getByTestId('order-progress')).toBeVisible();

  await page.getByTestId('deletion-open').click();
  const dialog = page.getByTestId('deletion-dialog');
  await expect(dialog).toContainText(masked);
  await expect(dialog.getByTestId('deletion-confirm')).toBeDisabled();
  await dialog.getByTestId('deletion-send').click();
  // 重新获取 only after the minute a code must wait (decision 037's one a minute).
  await expect(dialog.getByTestId('deletion-send')).toHaveText(/^重新获取（(59|60)s）$/);
  await expect(dialog.getByTestId('deletion-send')).toBeDisabled();

  // A wrong code is refused and nothing is deleted.
  const code = codeFromDatabase();
  await dialog.getByTestId('deletion-code').fill(code === '000000' ? '000001' : '000000');
  await dialog.getByTestId('deletion-confirm').click();
  await expect(page.getByText('验证码不正确')).toBeVisible();
  expect(orderRow(completed).entity_phone).toBe(phone);

  await dialog.getByTestId('deletion-code').fill(code);
  await snapshot(page, testInfo, 'deletion-dialog');
  await dialog.getByTestId('deletion-confirm').click();
  await expect(dialog.getByTestId('deletion-result')).toHaveText('已删除 1 笔订单中的身份证号、手机号和法定代表人姓名。1 笔订单正在办理，办结后将自动删除。');
  await snapshot(page, testInfo, 'deletion-done');

  expect(orderRow(completed)).toMatchObject({ entity_idno_enc: null, entity_idno_hash: null, entity_phone: '', entity_legal: '', entity_name: first.name });
  expect(orderRow(completed).entity_idno_hash).toBeNull();
  expect(orderRow(processing)).toMatchObject({ entity_phone: phone, entity_legal: second.legal });
  expect(orderRow(processing).entity_idno_enc).not.toBeNull();

  await dialog.getByTestId('deletion-finish').click();
  await expect(page).toHaveURL(/\/check$/);

  await signInToConsole(page);
  await page.goto('/console/deletion-requests');
  const table = page.getByTestId('deletion-table');
  await expect(table).toContainText(masked);
  await expect(table.getByTestId('deletion-status').first()).toHaveText('已确认，待订单办结后删除');
  await expect(table).toContainText('办理中，办结后删除');
  await page.screenshot({ path: testInfo.outputPath('console-deletion-requests.png'), fullPage: true });
});
