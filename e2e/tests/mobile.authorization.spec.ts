import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { ORDER_STATUS } from '@kuaibao/domain';
import { E2E_DB_FILE } from '../support/orders-db.ts';
import { accessibilityViolations, expectToast, fillPerson, openHome, searchAndPick, snapshot } from '../support/journey.ts';

/*
 * Licence cancellation under the 2025 agent rules (issue 16, item 15; docs/decisions/035-cancellation-authorisation.md):
 * before paying for 注销 the visitor reads the 授权委托书 generated from the order, types the legal
 * representative's name and ticks; the server records it with the time, the version and the address.
 */
const COMPANY = { keyword: '浦江之星', name: '上海浦江之星软件开发有限公司', legal: '李明远' };

async function toPay(page: Page, phone: string): Promise<void> {
  await openHome(page);
  await page.getByTestId('goods-2').click();
  await searchAndPick(page, COMPANY.keyword, COMPANY.name);
  await fillPerson(page, undefined, phone);
  await page.getByTestId('consent-checkbox').check();
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/pay$/);
}

test('at 390 px: the authorisation names the company, its legal representative and the matter; only the right name and the tick let the visitor pay', async ({ page }, testInfo) => {
  await toPay(page, '13912340151');
  const card = page.getByTestId('authorization-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('authorization-text')).toContainText(COMPANY.name);
  await expect(card.getByTestId('authorization-text')).toContainText(`法定代表人（负责人）：${COMPANY.legal}`);
  await expect(card.getByTestId('authorization-text')).toContainText('注销登记');
  await expect(card.getByTestId('authorization-text')).toContainText('委托期限');
  await snapshot(page, testInfo, 'mobile-390-authorization');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Not confirmed: no order, a clear message.
  await page.getByTestId('pay-now').click();
  await expectToast(page, '请阅读并确认授权委托书');
  await expect(page).toHaveURL(/\/pay$/);
  // Another name: said beside the field, and refused.
  await page.getByTestId('authorization-signer').fill('李明');
  await expect(page.getByTestId('authorization-mismatch')).toContainText(COMPANY.legal);
  await page.getByTestId('authorization-tick').check();
  await page.getByTestId('pay-now').click();
  await expectToast(page, '签署姓名与法定代表人姓名不一致');
  await snapshot(page, testInfo, 'mobile-390-authorization-mismatch');

  await page.getByTestId('authorization-signer').fill(COMPANY.legal);
  await expect(page.getByTestId('authorization-mismatch')).toHaveCount(0);
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/KB\d+P\d\d$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/success$/);

  // The server recorded it: the name, the template version, its own time, the socket's address.
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db
      .prepare('SELECT a.signer_name, a.template_version, a.client_ip, a.confirmed_at, o.status FROM order_authorizations a JOIN orders o ON o.id = a.order_id WHERE o.entity_phone = ?')
      .get('13912340151') as { signer_name: string; template_version: string; client_ip: string; confirmed_at: string; status: string };
    expect(row).toMatchObject({ signer_name: COMPANY.legal, status: ORDER_STATUS.paid, client_ip: '127.0.0.1' });
    expect(row.template_version).toMatch(/^zx-/);
    expect(Date.parse(row.confirmed_at)).not.toBeNaN();
  } finally {
    db.close();
  }
});

test('at 320 px: the authorisation, its name field and its tick fit the screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await toPay(page, '13912340152');
  const signer = page.getByTestId('authorization-signer');
  await signer.scrollIntoViewIfNeeded();
  const box = (await signer.boundingBox())!;
  // The whole field on screen, wide enough for a long name (16 px text).
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.width).toBeGreaterThanOrEqual(240);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await signer.fill('欧阳·买买提江·艾力');
  await expect(signer).toHaveValue('欧阳·买买提江·艾力');
  await page.getByTestId('authorization-tick').check();
  await expect(page.getByTestId('authorization-tick')).toBeChecked();
  await snapshot(page, testInfo, 'mobile-320-authorization');
});
