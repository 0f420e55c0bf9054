import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { ORDER_STATUS } from '@kuaibao/domain';
import { E2E_DB_FILE } from '../support/server-db.ts';
import { claimCompany } from '../support/companies.ts';
import { accessibilityViolations, expectToast, payInSandboxCashier, snapshot, submitHomeForm, type Customer } from '../support/journey.ts';

/*
 * Licence cancellation under the 2025 agent rules (docs/decisions/035-cancellation-authorisation.md):
 * before paying for 注销 the visitor reads the 授权委托书 generated from the order, types the legal
 * representative's name and ticks; the server records it with the time, the version and the address.
 */
/** A cancellation's /pay for a company of its own. */
async function toPay(page: Page): Promise<Customer> {
  const customer = { ...claimCompany(), goodsId: 2 } as const;
  await submitHomeForm(page, customer);
  await expect(page).toHaveURL(/\/pay$/);
  return customer;
}

test('at 390 px: the authorisation names the company, its legal representative and the matter; only the right name and the tick let the visitor pay', async ({ page }, testInfo) => {
  const company = await toPay(page);
  const card = page.getByTestId('authorization-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('authorization-text')).toContainText(company.name);
  await expect(card.getByTestId('authorization-text')).toContainText(`法定代表人（负责人）：${company.legal}`);
  await expect(card.getByTestId('authorization-text')).toContainText('注销登记');
  await expect(card.getByTestId('authorization-text')).toContainText('委托期限');
  await snapshot(page, testInfo, 'mobile-390-authorization');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Not confirmed: no order, a clear message.
  await page.getByTestId('pay-now').click();
  await expectToast(page, '请阅读并确认授权委托书');
  await expect(page).toHaveURL(/\/pay$/);
  // Another name: said beside the field, and refused.
  await page.getByTestId('authorization-signer').fill(`${company.legal}甲`);
  await expect(page.getByTestId('authorization-mismatch')).toContainText(company.legal);
  await page.getByTestId('authorization-tick').check();
  await page.getByTestId('pay-now').click();
  await expectToast(page, '签署姓名与法定代表人姓名不一致');
  await snapshot(page, testInfo, 'mobile-390-authorization-mismatch');

  await page.getByTestId('authorization-signer').fill(company.legal);
  await expect(page.getByTestId('authorization-mismatch')).toHaveCount(0);
  await page.getByTestId('pay-now').click();
  await payInSandboxCashier(page);

  // The server recorded it: the name, the template version, its own time, the socket's address.
  const db = new DatabaseSync(E2E_DB_FILE, { readOnly: true });
  try {
    const row = db
      .prepare('SELECT a.signer_name, a.template_version, a.client_ip, a.confirmed_at, o.status FROM order_authorizations a JOIN orders o ON o.id = a.order_id WHERE o.entity_phone = ?')
      .get(company.phone) as { signer_name: string; template_version: string; client_ip: string; confirmed_at: string; status: string };
    expect(row).toMatchObject({ signer_name: company.legal, status: ORDER_STATUS.paid, client_ip: '127.0.0.1' });
    expect(row.template_version).toMatch(/^zx-/);
    expect(Date.parse(row.confirmed_at)).not.toBeNaN();
  } finally {
    db.close();
  }
});

test('at 320 px: the authorisation, its name field and its tick fit the screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await toPay(page);
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
